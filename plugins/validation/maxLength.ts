import { count, defineKeyword, js, literal } from '../../core/index.ts'
import { codePointLength, compileCount, lengthExpectation } from './_shared.ts'
import { maxLengthError } from './_errors.ts'

/**
 * `maxLength`: at most this many code points (surrogate pairs count once).
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.3.1
 */
export const maxLengthKeyword = defineKeyword<unknown, number>({
  keyword: 'maxLength',
  vocabulary: 'validation',
  instanceTypes: ['string'],
  compile: compileCount,
  validate(limit, x, ctx) {
    const n = (x as string).length
    if (n <= limit) return true
    if (n > 2 * limit) return false
    // Counting code points scans the string: work in proportion to its length.
    if (ctx.budgeted) ctx.charge(n >> 6)
    return codePointLength(x as string) <= limit
  },
  emit: (limit, g) => js`(x.length <= ${literal(limit)} || (x.length <= ${literal(2 * limit)} && ${g.constant(codePointLength)}(x) <= ${literal(limit)}))`,
  error: maxLengthError,
  early: {
    // Code points as they arrive: a surrogate pair counts once, even split across two pieces.
    text(limit) {
      let points = 0
      let afterHigh = false
      return (piece) => {
        for (let i = 0; i < piece.length; i++) {
          const u = piece.charCodeAt(i)
          if (afterHigh && u >= 0xdc00 && u <= 0xdfff) afterHigh = false
          else {
            points++
            afterHigh = u >= 0xd800 && u <= 0xdbff
          }
        }
        if (points <= limit) return undefined
        return { params: { limit }, message: `${lengthExpectation('at most', limit)} (got ${count(points, 'character')} so far)` }
      }
    },
    end: true,
  },
})
