import { stringKeyword } from './_shared.ts'
import { SINCE_2019 } from '../dialects.ts'

/**
 * `$anchor`: a plain-name fragment identifying this schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.2
 */
export const anchorKeyword = stringKeyword('$anchor', /^[A-Za-z_][-A-Za-z0-9._:]*$/, 'a plain name (letters, digits, "-", "_", ".")', SINCE_2019)
