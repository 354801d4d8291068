import { defineKeyword, js, literal } from '../../core/index.ts'
import { decimal, isMultiple, MultipleOf } from './_multiple.ts'
import { multipleOfError } from './_errors.ts'

export { isMultiple, MultipleOf }
import { failNonFinite } from './_shared.ts'

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
    failNonFinite(value, ctx, 'multipleOf')
    if (typeof value !== 'number' || !(value > 0)) ctx.fail('multipleOf must be a number greater than 0')
    const divisor = value as number
    const [mantissa, exponent] = decimal(divisor)
    const small = mantissa <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(mantissa) : 0
    const log = Math.log2(divisor)
    const dyadic = Number.isInteger(log) && log >= -8 && log <= 30
    const scaled = small !== 0 && exponent < 0 && exponent >= -15
    const scale = scaled ? 10 ** -exponent : 0
    return new MultipleOf(divisor, mantissa, exponent, small, Number.isSafeInteger(divisor), dyadic, scale, scaled ? 2 ** 50 / scale : 0)
  },
  validate: (m, x) => isMultiple(m, x as number),
  emit(m, g) {
    const general = js`${g.constant(isMultiple)}(${g.constant(m)}, x)`
    if (m.integer) return js`(Number.isSafeInteger(x) ? x % ${literal(m.divisor)} === 0 : ${general})`
    // isMultiple's dyadic test written out (one exact division: cheaper than the scaled test).
    if (m.dyadic) return js`(x < 1e6 && x > -1e6 ? Number.isInteger(x / ${literal(m.divisor)}) : ${general})`
    if (m.scale === 0) return general
    // scaledMultiple written out: no call for the values most documents hold.
    const y = g.local()
    const scale = literal(m.scale)
    return js`(x < ${literal(m.bound)} && x > ${literal(-m.bound)} ? (${y} = Math.round(x * ${scale})) / ${scale} === x && ${y} % ${literal(m.small)} === 0 : ${general})`
  },
  error: multipleOfError,
})
