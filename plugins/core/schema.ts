import { stringKeyword } from './_shared.ts'

/**
 * `$schema`: the dialect of the schema, read by the kernel while indexing.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.1.1
 */
export const schemaKeyword = stringKeyword('$schema')
