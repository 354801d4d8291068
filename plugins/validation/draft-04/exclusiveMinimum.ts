import { exclusiveFlag } from './_shared.ts'

/**
 * `exclusiveMinimum` in draft-04 and OpenAPI 3.0: a boolean; `true` makes `minimum` strict.
 * @see https://json-schema.org/draft-04/draft-fge-json-schema-validation-00#section-5.1.3
 */
export const exclusiveMinimumDraft04Keyword = exclusiveFlag('exclusiveMinimum', 'minimum', '>')
