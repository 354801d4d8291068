import { count as counted } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { count, countExpectation, keys } from './_count.ts'
import { maxPropertiesError } from './_errors.ts'

/** `maxProperties`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.1 */
export const maxPropertiesKeyword: KeywordDefinition<unknown, number> = {
  ...count('maxProperties', 'object', keys, (n, l) => n <= l, maxPropertiesError),
  // Keys are never taken away (defaults only add): one too many is final.
  early: {
    key: (limit, _name, distinctKeys) =>
      distinctKeys <= limit
        ? undefined
        : { params: { limit }, message: `${countExpectation('maxProperties', limit)} (got ${counted(distinctKeys, 'property', 'properties')} so far)` },
  },
}
