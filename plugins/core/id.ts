import { stringKeyword } from './_shared.ts'
import { SINCE_06 } from '../dialects.ts'

/**
 * `$id`: the schema's URI, read by the kernel while indexing.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.1
 */
export const idKeyword = stringKeyword('$id', undefined, undefined, SINCE_06)
