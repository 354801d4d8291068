import { count, items } from './_count.ts'

/** `minItems`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.2 */
export const minItemsKeyword = count('minItems', 'array', items, (n, l) => n >= l, ['item', 'items'])
