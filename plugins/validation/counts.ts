import { count as counted, defineKeyword } from '../../core/index.ts'
import type { JsonType, KeywordDefinition } from '../../core/index.ts'
import { compileCount } from './_shared.ts'
import { SINCE_2019 } from '../dialects.ts'

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

function count(
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
    validate: (limit, x) => passes(size(x), limit),
    emit: (limit) => `${type === 'array' ? 'x.length' : 'Object.keys(x).length'} ${operator} ${limit}`,
    error: {
      params: (limit) => ({ limit }),
      // The size, not the value: a too-long array or object says how long it is, not what it holds.
      message: (p, _limit, x) => `${countExpectation(keyword, p.limit as number)} (got ${counted(size(x), ...unit)})`,
    },
  })
}

const items = (x: unknown) => (x as unknown[]).length
const keys = (x: unknown) => Object.keys(x as object).length

/** `maxItems`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.1 */
export const maxItemsKeyword = count('maxItems', 'array', items, (n, l) => n <= l, ['item', 'items'])
/** `minItems`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.2 */
export const minItemsKeyword = count('minItems', 'array', items, (n, l) => n >= l, ['item', 'items'])
/** `maxProperties`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.1 */
export const maxPropertiesKeyword = count('maxProperties', 'object', keys, (n, l) => n <= l, ['property', 'properties'])
/** `minProperties`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.2 */
export const minPropertiesKeyword = count('minProperties', 'object', keys, (n, l) => n >= l, ['property', 'properties'])

/** `maxContains`: read by `contains`; checked here. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.4 */
export const maxContainsKeyword = defineKeyword<unknown, undefined>({
  keyword: 'maxContains',
  vocabulary: 'validation',
  dialects: SINCE_2019,
  compile(value, ctx) {
    compileCount(value, ctx)
    return undefined
  },
})
/** `minContains`: read by `contains`; checked here. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.5 */
export const minContainsKeyword = defineKeyword<unknown, undefined>({ ...maxContainsKeyword, keyword: 'minContains' })
