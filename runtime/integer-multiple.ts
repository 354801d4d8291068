/**
 * `multipleOf` with a divisor that is a safe integer, for modules whose every `multipleOf` has
 * one: `isMultiple`'s answer for those divisors without its decimal-divisor paths. A finite
 * value is a multiple when its shortest decimal (what `isMultiple` decides on) is: a safe
 * integer by `%`, any other integer by its digits, and no fraction ever is (its last digit is
 * not 0, so it cannot be an integer's multiple).
 */
export function isIntegerMultiple(m: { readonly divisor: number; readonly dyadic: boolean }, n: number): boolean {
  // As isMultiple: a power-of-two divisor divides exactly below 10^6 (a quotient that underflows
  // to 0, of 5e-324 say, counts as a multiple there, so it does here).
  if (m.dyadic && n < 1e6 && n > -1e6) return Number.isInteger(n / m.divisor)
  if (Number.isSafeInteger(n)) return n % m.divisor === 0
  if (!Number.isInteger(n)) return false
  // Past 2^53 the shortest decimal has at most 17 digits and an exponent of at least 15: whole.
  const [coefficient, e] = Math.abs(n).toExponential().split('e')
  const digits = coefficient!.replace('.', '')
  return (BigInt(digits) * 10n ** BigInt(Number(e) - digits.length + 1)) % BigInt(m.divisor) === 0n
}
