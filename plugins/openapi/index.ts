/**
 * The keywords OpenAPI adds to JSON Schema in its Schema Object: annotations with no effect on
 * validation, each checking its own shape (no OpenAPI meta-schema ships; the JSON Schema one the
 * dialect builds on checks the rest). `nullable` (3.0) is read by that dialect's `type`.
 * At stage 1, so a plugin that gives one of them meaning (the `discriminator` extra) wins.
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
import { defineKeyword, isObject } from '../../core/index.ts'
import type { DialectName, KeywordDefinition } from '../../core/index.ts'
import { OPENAPI } from '../dialects.ts'

function annotation(keyword: string, dialects: readonly DialectName[], check: (v: unknown) => string | undefined): KeywordDefinition {
  return defineKeyword<unknown, undefined>({
    keyword,
    vocabulary: 'openapi',
    dialects,
    stage: 1,
    compile(value, ctx) {
      const problem = check(value)
      if (problem !== undefined) ctx.fail(`${keyword} ${problem}`)
      return undefined
    },
  })
}

const ok = () => undefined
const stringField = (field: string) => (v: unknown) =>
  !isObject(v) ? 'must be an object' : v[field] !== undefined && typeof v[field] !== 'string' ? `.${field} must be a string` : undefined

/** `nullable` (OpenAPI 3.0): `true` lets `type` accept `null` too. */
export const nullableKeyword = annotation('nullable', ['openapi-3.0'], (v) => (typeof v === 'boolean' ? undefined : 'must be a boolean'))
/** `discriminator`: names the property that tells `oneOf`/`anyOf` branches apart (an annotation here). */
export const discriminatorAnnotation = annotation('discriminator', OPENAPI, (v) =>
  !isObject(v) ? 'must be an object' : typeof v.propertyName !== 'string' ? 'must have a string propertyName' : v.mapping !== undefined && (!isObject(v.mapping) || Object.values(v.mapping).some((m) => typeof m !== 'string')) ? '.mapping must map values to strings' : undefined,
)
/** `example`: a sample value, unchecked. */
export const exampleKeyword = annotation('example', OPENAPI, ok)
/** `xml`: how the value is written as XML. */
export const xmlKeyword = annotation('xml', OPENAPI, stringField('name'))
/** `externalDocs`: a link to more documentation (`url` required). */
export const externalDocsKeyword = annotation('externalDocs', OPENAPI, (v) => (isObject(v) && typeof v.url === 'string' ? stringField('description')(v) : 'must be an object with a string url'))

/** The OpenAPI keywords, for the two OpenAPI dialects. */
export const openApi: readonly KeywordDefinition[] = [nullableKeyword, discriminatorAnnotation, exampleKeyword, xmlKeyword, externalDocsKeyword]
