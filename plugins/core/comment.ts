import { stringKeyword } from './_shared.ts'

/**
 * `$comment`: a note for schema maintainers; never affects validation.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.3
 */
export const commentKeyword = stringKeyword('$comment')
