import { defineKeyword, js, literal } from '../../core/index.ts'
import { codePointLength, compileCount } from './_shared.ts'
import { minLengthError } from './_errors.ts'

/**
 * `minLength`: at least this many code points. A string of `n` UTF-16 units has between `n/2`
 * and `n` code points, so most strings are decided without counting.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.3.2
 */
export const minLengthKeyword = defineKeyword<unknown, number>({
  keyword: 'minLength',
  vocabulary: 'validation',
  instanceTypes: ['string'],
  compile: compileCount,
  validate(limit, x, ctx) {
    const n = (x as string).length
    if (n < limit) return false
    if (n >= 2 * limit) return true
    // Counting code points scans the string: work in proportion to its length.
    if (ctx.budgeted) ctx.charge(n >> 6)
    return codePointLength(x as string) >= limit
  },
  emit: (limit, g) => js`(x.length >= ${literal(2 * limit)} || (x.length >= ${literal(limit)} && ${g.constant(codePointLength)}(x) >= ${literal(limit)}))`,
  error: minLengthError,
  early: { end: true },
})
