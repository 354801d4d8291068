import type { KeywordDefinition } from '../../core/index.ts'
import { count, items } from './_count.ts'
import { minItemsError } from './_errors.ts'

const definition = count('minItems', 'array', items, (n, l) => n >= l, minItemsError)

/** `minItems`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.2 */
export const minItemsKeyword: KeywordDefinition<unknown, number> = {
  ...definition,
  // Defaults add no items: a finished array's length is final.
  early: {
    end(limit, value) {
      if (!Array.isArray(value) || value.length >= limit) return undefined
      const params = { limit }
      return { params, message: definition.error!.message(params, limit, value) }
    },
  },
}
