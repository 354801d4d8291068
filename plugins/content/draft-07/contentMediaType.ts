import { defineKeyword, got } from '../../../core/index.ts'
import { decodeBase64, isJson } from '../_shared.ts'

/**
 * `contentMediaType` in draft-07: an `application/json` string (decoded first when base64) must parse.
 * @see https://json-schema.org/draft-07/json-schema-validation#section-8.4
 */
export const contentMediaTypeDraft07Keyword = defineKeyword<unknown, { base64: boolean }>({
  keyword: 'contentMediaType',
  vocabulary: 'content',
  dialects: ['draft-07'],
  instanceTypes: ['string'],
  stage: -1,
  compile: (value, ctx) => (value === 'application/json' ? { base64: ctx.schema.contentEncoding === 'base64' } : undefined),
  validate(c, x, ctx) {
    // Decoding and parsing: work in proportion to the string (parsing, about one unit per 8 characters).
    if (ctx.budgeted) ctx.charge((x as string).length >> 3)
    const text = c.base64 ? decodeBase64(x as string) : (x as string)
    return text === undefined || isJson(text)
  },
  error: { message: (_p, _c, x) => `must be a JSON document (contentMediaType application/json, e.g. {"a":1})${got(x)}` },
})
