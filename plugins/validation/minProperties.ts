import { count, keys } from './_count.ts'
import { minPropertiesError } from './_errors.ts'

/** `minProperties`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.2 */
export const minPropertiesKeyword = count('minProperties', 'object', keys, (n, l) => n >= l, minPropertiesError)
