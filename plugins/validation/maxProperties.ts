import { count, keys } from './_count.ts'

/** `maxProperties`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.1 */
export const maxPropertiesKeyword = count('maxProperties', 'object', keys, (n, l) => n <= l, ['property', 'properties'])
