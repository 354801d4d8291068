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
/**
 * `id`: draft-04's spelling of `$id`. Only a string identifies; another value is left alone (where
 * the meta-schema does not reach): `id` is the commonest property name, and a property map
 * misplaced as a schema (`items: { id: {...} }`) is read by ajv as it is here.
 */
export const idDraft04Keyword = defineKeyword<unknown, undefined>({
  keyword: 'id',
  vocabulary: 'core',
  dialects: ['draft-04'],
  compile: () => undefined,
})
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
