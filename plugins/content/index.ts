import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'

function annotation(keyword: string, schemaShape?: 'schema'): KeywordDefinition {
  return defineKeyword<unknown, undefined>({ keyword, vocabulary: 'content', schemaShape, compile: () => undefined })
}

/**
 * Content keywords: annotations in draft 2020-12 (the spec leaves decoding to the application).
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-8
 */
export const contentEncodingKeyword = annotation('contentEncoding')
export const contentMediaTypeKeyword = annotation('contentMediaType')
export const contentSchemaKeyword = annotation('contentSchema', 'schema')

export const content = [contentEncodingKeyword, contentMediaTypeKeyword, contentSchemaKeyword]
