import { bound } from './_bound.ts'
import { minimumError } from './_errors.ts'

/** `minimum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.4 */
export const minimumKeyword = bound('minimum', '>=', (x, l) => x >= l, minimumError)
