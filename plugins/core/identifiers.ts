import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { SINCE_06, SINCE_2019, SINCE_2020 } from '../dialects.ts'

function stringKeyword(keyword: string, pattern?: RegExp, what?: string, dialects?: KeywordDefinition['dialects']): KeywordDefinition {
  return defineKeyword<unknown, undefined>({
    keyword,
    vocabulary: 'core',
    dialects,
    compile(value, ctx) {
      if (typeof value !== 'string') ctx.fail(`${keyword} must be a string`)
      if (pattern !== undefined && !pattern.test(value as string)) ctx.fail(`${keyword} must be ${what}`)
      return undefined
    },
  })
}

/**
 * The identifying keywords. The kernel reads them through the dialect while indexing; these
 * definitions make them known keywords and check their values.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2
 */
export const idKeyword = stringKeyword('$id', undefined, undefined, SINCE_06)
/** `id`: draft-04's spelling of `$id`. */
export const idDraft04Keyword = stringKeyword('id', undefined, undefined, ['draft-04'])
export const schemaKeyword = stringKeyword('$schema')
export const anchorKeyword = stringKeyword('$anchor', /^[A-Za-z_][-A-Za-z0-9._:]*$/, 'a plain name (letters, digits, "-", "_", ".")', SINCE_2019)
export const dynamicAnchorKeyword = stringKeyword('$dynamicAnchor', /^[A-Za-z_][-A-Za-z0-9._]*$/, 'a plain name', SINCE_2020)
export const commentKeyword = stringKeyword('$comment')

/** `$vocabulary`: read from meta-schemas; an annotation elsewhere. */
export const vocabularyKeyword = defineKeyword<unknown, undefined>({
  keyword: '$vocabulary',
  vocabulary: 'core',
  compile: () => undefined,
})
