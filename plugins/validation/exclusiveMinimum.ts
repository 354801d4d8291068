import { bound } from './_bound.ts'
import { exclusiveMinimumError } from './_errors.ts'

/** `exclusiveMinimum`. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.2.5 */
export const exclusiveMinimumKeyword = bound('exclusiveMinimum', '>', (x, l) => x > l, exclusiveMinimumError)
