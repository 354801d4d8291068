import { defineKeyword } from '../../core/index.ts'

/**
 * `$vocabulary`: read from meta-schemas; an annotation elsewhere.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.1.2
 */
export const vocabularyKeyword = defineKeyword<unknown, undefined>({
  keyword: '$vocabulary',
  vocabulary: 'core',
  compile: () => undefined,
})
