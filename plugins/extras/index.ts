/**
 * Example plugins, built on the public plugin API only (they import nothing but `core`):
 * `discriminator` (OpenAPI), `errorMessage` (custom messages, in the spirit of ajv-errors) and
 * custom formats through the `resolveFormat` hook. See docs/plugins.md.
 */
export { DiscriminatorPlugin, discriminatedOneOf, discriminatorKeyword, tagTable } from './discriminator.ts'
export type { TagTable } from './discriminator.ts'
export { COVERED_KEYWORDS, ErrorMessagePlugin, errorMessageKeyword, interpolate, rewrite } from './errorMessage.ts'
export type { ErrorMessageOptions } from './errorMessage.ts'
export { FormatsPlugin, isE164, isSemver } from './formats.ts'
