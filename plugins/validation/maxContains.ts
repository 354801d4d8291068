import { defineKeyword } from '../../core/index.ts'
import { compileCount } from './_shared.ts'
import { SINCE_2019 } from '../dialects.ts'

/** `maxContains`: read by `contains`; checked here. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.4 */
export const maxContainsKeyword = defineKeyword<unknown, undefined>({
  keyword: 'maxContains',
  vocabulary: 'validation',
  dialects: SINCE_2019,
  compile(value, ctx) {
    compileCount(value, ctx)
    return undefined
  },
})
