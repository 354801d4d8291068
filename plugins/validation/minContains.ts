import { defineKeyword } from '../../core/index.ts'
import { maxContainsKeyword } from './maxContains.ts'

/** `minContains`: read by `contains`; checked here. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.4.5 */
export const minContainsKeyword = defineKeyword<unknown, undefined>({ ...maxContainsKeyword, keyword: 'minContains' })
