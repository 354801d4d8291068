import { defineKeyword } from '../../core/index.ts'

interface MultipleOf {
  divisor: number
  /** The divisor as an exact decimal: mantissa × 10^exponent. */
  mantissa: bigint
  exponent: number
  integer: boolean
}

/** The exact decimal value of a number's shortest representation (`0.0075` is 75 × 10^-4). */
function decimal(n: number): [bigint, number] {
  const [coefficient, e = '0'] = Math.abs(n).toExponential().split('e')
  const [whole, fraction = ''] = coefficient!.split('.')
  return [BigInt(whole! + fraction), Number(e) - fraction.length]
}

/**
 * `multipleOf`: the value divided by the divisor must be an integer, decided exactly on the
 * decimal values (`0.0075` is a multiple of `0.0001`) when floating-point division is inexact.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.1
 */
export const multipleOfKeyword = defineKeyword<unknown, MultipleOf>({
  keyword: 'multipleOf',
  vocabulary: 'validation',
  instanceTypes: ['number'],
  compile(value, ctx) {
    if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) ctx.fail('multipleOf must be a number greater than 0')
    const divisor = value as number
    const [mantissa, exponent] = decimal(divisor)
    return { divisor, mantissa, exponent, integer: Number.isSafeInteger(divisor) }
  },
  validate(m, x) {
    const n = x as number
    // Safe integers divide exactly in floating point.
    if (m.integer && Number.isSafeInteger(n)) return n % m.divisor === 0
    const q = n / m.divisor
    if (Number.isFinite(q) && Math.abs(q - Math.round(q)) > 1e-9 * Math.max(1, Math.abs(q))) return false
    // Near an integer (or overflowing): float division may have rounded, so decide on exact decimals.
    const [xm, xe] = decimal(x as number)
    if (xm === 0n) return true
    const shift = xe - m.exponent
    if (shift >= 0) return (xm * 10n ** BigInt(shift)) % m.mantissa === 0n
    return xm % (m.mantissa * 10n ** BigInt(-shift)) === 0n
  },
  error: {
    params: (m) => ({ multipleOf: m.divisor }),
    message: (p) => `must be multiple of ${p.multipleOf}`,
  },
})
