import { bound } from './_bound.ts'
import { exclusiveMaximumError } from './_errors.ts'

/** `exclusiveMaximum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.3 */
export const exclusiveMaximumKeyword = bound('exclusiveMaximum', '<', (x, l) => x < l, exclusiveMaximumError)
