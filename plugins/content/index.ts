/**
 * The content vocabulary: annotations in draft 2020-12 and 2019-09 (the spec leaves decoding to
 * the application); in draft-07 `contentEncoding: base64` and `contentMediaType: application/json`
 * assert, as that draft's optional suite expects.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-8
 */
import { contentEncodingKeyword } from './contentEncoding.ts'
import { contentMediaTypeKeyword } from './contentMediaType.ts'
import { contentSchemaKeyword } from './contentSchema.ts'
import { contentEncodingDraft07Keyword } from './draft-07/contentEncoding.ts'
import { contentMediaTypeDraft07Keyword } from './draft-07/contentMediaType.ts'

export { contentEncodingDraft07Keyword, contentEncodingKeyword, contentMediaTypeDraft07Keyword, contentMediaTypeKeyword, contentSchemaKeyword }

export const content = [contentEncodingDraft07Keyword, contentMediaTypeDraft07Keyword, contentEncodingKeyword, contentMediaTypeKeyword, contentSchemaKeyword]
