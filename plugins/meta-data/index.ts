import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { defaultKeyword } from './default.ts'

export { defaultKeyword }

function annotation(keyword: string, check?: (v: unknown) => boolean, expected?: string): KeywordDefinition {
  return defineKeyword<unknown, undefined>({
    keyword,
    vocabulary: 'meta-data',
    compile(value, ctx) {
      if (check !== undefined && !check(value)) ctx.fail(`${keyword} must be ${expected}`)
      return undefined
    },
  })
}

const isString = (v: unknown) => typeof v === 'string'
const isBoolean = (v: unknown) => typeof v === 'boolean'

/** Annotations with no effect on validation. @see https://json-schema.org/draft/2020-12/json-schema-validation#section-9 */
export const titleKeyword = annotation('title', isString, 'a string')
export const descriptionKeyword = annotation('description', isString, 'a string')
export const deprecatedKeyword = annotation('deprecated', isBoolean, 'a boolean')
export const readOnlyKeyword = annotation('readOnly', isBoolean, 'a boolean')
export const writeOnlyKeyword = annotation('writeOnly', isBoolean, 'a boolean')
export const examplesKeyword = annotation('examples', Array.isArray, 'an array')

/** The meta-data vocabulary; `default` first. */
export const metaData = [defaultKeyword, titleKeyword, descriptionKeyword, deprecatedKeyword, readOnlyKeyword, writeOnlyKeyword, examplesKeyword]
