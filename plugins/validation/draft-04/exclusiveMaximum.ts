import { exclusiveFlag } from './_shared.ts'

/**
 * `exclusiveMaximum` in draft-04 and OpenAPI 3.0: a boolean; `true` makes `maximum` strict.
 * @see https://json-schema.org/draft-04/draft-fge-json-schema-validation-00#section-5.1.2
 */
export const exclusiveMaximumDraft04Keyword = exclusiveFlag('exclusiveMaximum', 'maximum', '<')
