import { defineKeyword } from '../../../core/index.ts'
import type { KeywordDefinition } from '../../../core/index.ts'
import { typeKeyword } from '../type.ts'

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value])

/**
 * `type` in OpenAPI 3.0: a sibling `nullable: true` adds `null` to the types listed (only where
 * `type` is given; other keywords, `enum` among them, keep their own say over `null`).
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-19
 */
export const typeOpenApi30Keyword: KeywordDefinition = defineKeyword({
  ...typeKeyword,
  dialects: ['openapi-3.0'],
  stage: -1,
  compile(value, ctx) {
    if (ctx.schema.nullable !== true || asList(value).includes('null')) return typeKeyword.compile(value, ctx)
    return typeKeyword.compile([...asList(value), 'null'], ctx)
  },
})
