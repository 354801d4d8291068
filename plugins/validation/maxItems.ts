import { count, items } from './_count.ts'

/** `maxItems`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.1 */
export const maxItemsKeyword = count('maxItems', 'array', items, (n, l) => n <= l, ['item', 'items'])
