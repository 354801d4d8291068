import { count as counted } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { count, countExpectation, items } from './_count.ts'
import { maxItemsError } from './_errors.ts'

/** `maxItems`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.1 */
export const maxItemsKeyword: KeywordDefinition<unknown, number> = {
  ...count('maxItems', 'array', items, (n, l) => n <= l, maxItemsError),
  // Items are never taken away: one past the limit has begun, the array is too long.
  early: {
    item: (limit, index) =>
      index < limit ? undefined : { params: { limit }, message: `${countExpectation('maxItems', limit)} (got ${counted(index + 1, 'item')} so far)` },
  },
}
