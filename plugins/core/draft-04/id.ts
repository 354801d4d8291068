import { defineKeyword } from '../../../core/index.ts'

/**
 * `id`: draft-04's spelling of `$id`. Only a string identifies; another value is left alone (where
 * the meta-schema does not reach): `id` is the commonest property name, and a property map
 * misplaced as a schema (`items: { id: {...} }`) is read by ajv as it is here.
 * @see https://datatracker.ietf.org/doc/html/draft-zyp-json-schema-04#section-7.2
 */
export const idDraft04Keyword = defineKeyword<unknown, undefined>({
  keyword: 'id',
  vocabulary: 'core',
  dialects: ['draft-04'],
  compile: () => undefined,
})
