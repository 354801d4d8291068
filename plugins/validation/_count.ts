import { count as counted, defineKeyword, js, KEY_WORK, literal } from '../../core/index.ts'
import { compare } from './_bound.ts'
import type { JsonType, KeywordDefinition } from '../../core/index.ts'
import { compileCount } from './_shared.ts'

const UNITS: Record<string, [bound: string, singular: string, plural: string]> = {
  maxItems: ['at most', 'item', 'items'],
  minItems: ['at least', 'item', 'items'],
  maxProperties: ['at most', 'property', 'properties'],
  minProperties: ['at least', 'property', 'properties'],
}

/** What `maxItems`, `minItems`, `maxProperties`, `minProperties` expect, in words (`must have at most 2 items`). */
export function countExpectation(keyword: string, limit: number): string {
  const [bound, singular, plural] = UNITS[keyword]!
  return `must have ${bound} ${counted(limit, singular, plural)}`
}

/**
 * A size bound (`maxItems`, `minItems`, `maxProperties`, `minProperties`): the four differ only in
 * what is counted and the comparison.
 */
export function count(
  keyword: string,
  type: JsonType,
  size: (x: unknown) => number,
  passes: (n: number, limit: number) => boolean,
  /** The unit counted, for what was received. */
  unit: [singular: string, plural: string],
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
    error: {
      params: (limit) => ({ limit }),
      // The size, not the value: a too-long array or object says how long it is, not what it holds.
      message: (p, _limit, x) => `${countExpectation(keyword, p.limit as number)} (got ${counted(size(x), ...unit)})`,
    },
  })
}

/** The size of an array. */
export const items = (x: unknown) => (x as unknown[]).length
/** The number of own enumerable keys of an object. */
export const keys = (x: unknown) => Object.keys(x as object).length
