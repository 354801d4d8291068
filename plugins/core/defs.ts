import { defineKeyword } from '../../core/index.ts'
import { SINCE_2019 } from '../dialects.ts'

/**
 * `$defs`: a home for reusable schemas; nothing at run time. Its values are indexed so that
 * `$ref`s and `$id`s inside resolve.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.4
 */
export const defsKeyword = defineKeyword<unknown, undefined>({
  keyword: '$defs',
  vocabulary: 'core',
  dialects: SINCE_2019,
  schemaShape: 'schemaMap',
  compile(value, ctx) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail('$defs must be an object')
    return undefined
  },
})

/** `definitions`: the draft-07 spelling of `$defs`, indexed the same way in every dialect. */
export const definitionsKeyword = defineKeyword<unknown, undefined>({ ...defsKeyword, keyword: 'definitions', dialects: undefined })
