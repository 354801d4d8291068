/**
 * `multipleOf`'s compiled value and its exact test, in a module of their own (no keyword
 * machinery), so a compiled module's code can name the test (`schemavet/runtime`).
 */
/** `multipleOf` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
export class MultipleOf {
  constructor(
    readonly divisor: number,
    /** The divisor as an exact decimal: mantissa × 10^exponent. */
    readonly mantissa: bigint,
    readonly exponent: number,
    /** `mantissa` as a safe integer, or 0 when it is not one. */
    readonly small: number,
    readonly integer: boolean,
    /**
     * A power of two from 2^-8 to 2^30 (0.25, 0.5, 8): dividing by it is exact, and for |x| < 10^6
     * the quotient is an integer exactly when the decimal value is a multiple (at most 14 digits).
     */
    readonly dyadic: boolean,
    /**
     * For a decimal divisor `small` × 10^-k (k from 1 to 15): 10^k, and the bound below which
     * the scaled-integer test decides exactly (see `scaledMultiple`); both 0 otherwise.
     */
    readonly scale: number,
    readonly bound: number,
  ) {}
}

/** The exact decimal value of a number's shortest representation (`0.0075` is 75 × 10^-4). */
export function decimal(n: number): [bigint, number] {
  const [coefficient, e = '0'] = Math.abs(n).toExponential().split('e')
  const [whole, fraction = ''] = coefficient!.split('.')
  return [BigInt(whole! + fraction), Number(e) - fraction.length]
}


/**
 * Decides on the shortest decimal representations of both numbers. Plain notation with few
 * digits stays in safe integers; anything else goes through BigInt.
 */
export function isMultiple(m: MultipleOf, n: number): boolean {
  if (m.dyadic && n < 1e6 && n > -1e6) return Number.isInteger(n / m.divisor)
  if (n < m.bound && n > -m.bound) return scaledMultiple(m, n)
  // Safe integers divide exactly in floating point.
  if (m.integer && Number.isSafeInteger(n)) return n % m.divisor === 0
  const q = n / m.divisor
  if (Number.isFinite(q) && Math.abs(q - Math.round(q)) > 1e-9 * Math.max(1, Math.abs(q))) return false
  // Near an integer (or overflowing): float division may have rounded, so decide on exact decimals.
  return exactMultiple(n, m)
}

/**
 * The exact answer for a divisor `small` × 10^-k and |n| < 2^50 / 10^k, in doubles. Then a
 * double's spacing near n is below 10^-k / 4, so at most one decimal of k fraction digits rounds
 * to n, and n's shortest decimal has at most k fraction digits exactly when that decimal is
 * y × 10^-k with y = round(n × 10^k) (n × 10^k is off by less than 1/4): when y / 10^k, a
 * correctly rounded division of exact integers, gives back n. n is then a multiple when y is a
 * multiple of `small`; otherwise its shortest decimal has more fraction digits than the divisor,
 * so it is none (as `exactMultiple` finds).
 */
function scaledMultiple(m: MultipleOf, n: number): boolean {
  const y = Math.round(n * m.scale)
  return y / m.scale === n && y % m.small === 0
}

function exactMultiple(n: number, m: MultipleOf): boolean {
  const s = String(n)
  if (m.exponent <= 0 && m.small !== 0 && s.indexOf('e') < 0) {
    const dot = s.indexOf('.')
    const fraction = dot < 0 ? 0 : s.length - dot - 1
    // The last fraction digit is not 0, so more decimals than the divisor has means no multiple.
    if (fraction > -m.exponent) return false
    const digits = Math.abs(Number(dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1)))
    const scaled = digits * 10 ** (-m.exponent - fraction)
    if (Number.isSafeInteger(scaled)) return scaled % m.small === 0
  }
  const [xm, xe] = decimal(n)
  if (xm === 0n) return true
  const shift = xe - m.exponent
  if (shift >= 0) return (xm * 10n ** BigInt(shift)) % m.mantissa === 0n
  return xm % (m.mantissa * 10n ** BigInt(-shift)) === 0n
}
