import { defineKeyword, js, KEY_WORK, literal } from '../../core/index.ts'
import { compare } from './_bound.ts'
import type { JsonType, KeywordDefinition } from '../../core/index.ts'
import { compileCount } from './_shared.ts'
import { countExpectation, items, keys } from './_errors.ts'
import type { KeywordError } from './_errors.ts'

export { countExpectation }

/**
 * A size bound (`maxItems`, `minItems`, `maxProperties`, `minProperties`): the four differ only in
 * what is counted and the comparison.
 */
export function count(
  keyword: string,
  type: JsonType,
  size: (x: unknown) => number,
  passes: (n: number, limit: number) => boolean,
  /** Its issue words (from `_errors.ts`, where a compiled module's failure code finds them too). */
  error: KeywordError<number>,
  operator = keyword.startsWith('max') ? '<=' : '>=',
): KeywordDefinition {
  return defineKeyword<unknown, number>({
    keyword,
    vocabulary: 'validation',
    instanceTypes: [type],
    compile: compileCount,
    validate(limit, x, ctx) {
      const n = size(x)
      // Counting an object's keys reads them all (an array's length is at hand).
      if (type === 'object' && ctx.budgeted) ctx.charge(n * KEY_WORK)
      return passes(n, limit)
    },
    emit: (limit) => compare(type === 'array' ? js`x.length` : js`Object.keys(x).length`, operator, literal(limit)),
    error,
  })
}

export { items, keys }
