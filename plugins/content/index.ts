import { defineKeyword, got } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Decodes standard base64 to text (UTF-8), or undefined when malformed. */
function decodeBase64(s: string): string | undefined {
  if (!BASE64.test(s)) return undefined
  const binary = atob(s)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new TextDecoder().decode(bytes)
}

function isJson(s: string): boolean {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

function annotation(keyword: string, schemaShape?: 'schema'): KeywordDefinition {
  return defineKeyword<unknown, undefined>({ keyword, vocabulary: 'content', schemaShape, compile: () => undefined })
}

/**
 * Content keywords: annotations in draft 2020-12 and 2019-09 (the spec leaves decoding to the
 * application); in draft-07 `contentEncoding: base64` and `contentMediaType: application/json`
 * assert, as that draft's optional suite expects.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-8
 */
export const contentEncodingKeyword = annotation('contentEncoding')
export const contentMediaTypeKeyword = annotation('contentMediaType')
export const contentSchemaKeyword = annotation('contentSchema', 'schema')

/** `contentEncoding` in draft-07: a `base64` string must be well-formed base64. */
export const contentEncodingDraft07Keyword = defineKeyword<unknown, true>({
  keyword: 'contentEncoding',
  vocabulary: 'content',
  dialects: ['draft-07'],
  instanceTypes: ['string'],
  stage: -1,
  compile: (value) => (value === 'base64' ? true : undefined),
  validate: (_c, x) => BASE64.test(x as string),
  error: { message: (_p, _c, x) => `must be base64-encoded (RFC 4648 alphabet, e.g. aGVsbG8=)${got(x)}` },
})

/** `contentMediaType` in draft-07: an `application/json` string (decoded first when base64) must parse. */
export const contentMediaTypeDraft07Keyword = defineKeyword<unknown, { base64: boolean }>({
  keyword: 'contentMediaType',
  vocabulary: 'content',
  dialects: ['draft-07'],
  instanceTypes: ['string'],
  stage: -1,
  compile: (value, ctx) => (value === 'application/json' ? { base64: ctx.schema.contentEncoding === 'base64' } : undefined),
  validate(c, x) {
    const text = c.base64 ? decodeBase64(x as string) : (x as string)
    return text === undefined || isJson(text)
  },
  error: { message: (_p, _c, x) => `must be a JSON document (contentMediaType application/json, e.g. {"a":1})${got(x)}` },
})

export const content = [contentEncodingDraft07Keyword, contentMediaTypeDraft07Keyword, contentEncodingKeyword, contentMediaTypeKeyword, contentSchemaKeyword]
