import { defineKeyword } from '../../core/index.ts'
import type { KeywordDefinition } from '../../core/index.ts'

/** `default` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Default {
  constructor(readonly value: unknown) {}
}

/**
 * `default`: an annotation for validation; `applyDefaults` inserts a copy where the value is
 * missing. First in keyword order, so a schema's own default fills before its subschemas walk.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2
 */
export const defaultKeyword = defineKeyword<unknown, Default>({
  keyword: 'default',
  vocabulary: 'meta-data',
  compile: (value) => new Default(value),
  defaults: (c, _x, ctx) => ctx.insertDefault(c.value),
})

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
