import { defineKeyword, got } from '../../../core/index.ts'
import { BASE64 } from '../_shared.ts'

/**
 * `contentEncoding` in draft-07: a `base64` string must be well-formed base64.
 * @see https://json-schema.org/draft-07/json-schema-validation#section-8.3
 */
export const contentEncodingDraft07Keyword = defineKeyword<unknown, true>({
  keyword: 'contentEncoding',
  vocabulary: 'content',
  dialects: ['draft-07'],
  instanceTypes: ['string'],
  stage: -1,
  compile: (value) => (value === 'base64' ? true : undefined),
  validate(_c, x, ctx) {
    if (ctx.budgeted) ctx.charge((x as string).length >> 6)
    return BASE64.test(x as string)
  },
  error: { message: (_p, _c, x) => `must be base64-encoded (RFC 4648 alphabet, e.g. aGVsbG8=)${got(x)}` },
})
