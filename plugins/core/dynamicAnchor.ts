import { stringKeyword } from './_shared.ts'
import { SINCE_2020 } from '../dialects.ts'

/**
 * `$dynamicAnchor`: a plain-name fragment that `$dynamicRef` resolves through the dynamic scope.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.2
 */
export const dynamicAnchorKeyword = stringKeyword('$dynamicAnchor', /^[A-Za-z_][-A-Za-z0-9._]*$/, 'a plain name', SINCE_2020)
