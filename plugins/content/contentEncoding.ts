import { annotation } from './_shared.ts'

/**
 * `contentEncoding`: an annotation in draft 2020-12 and 2019-09 (the spec leaves decoding to the
 * application); draft-07's asserting form is `draft-07/contentEncoding.ts`.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-8.3
 */
export const contentEncodingKeyword = annotation('contentEncoding')
