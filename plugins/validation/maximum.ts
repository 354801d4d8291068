import { bound } from './_bound.ts'
import { maximumError } from './_errors.ts'

/** `maximum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.2 */
export const maximumKeyword = bound('maximum', '<=', (x, l) => x <= l, maximumError)
