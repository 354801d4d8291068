import type { ProviderProfile } from '../profile.ts'

/**
 * Gemini `responseJsonSchema` (`gemini_202602` of jsonschemaprofiles): the documented JSON
 * Schema subset: every schema has a `type` (a list only as `[type, "null"]`), no `anyOf`, `$ref`
 * or `const`; `enum`, `format` (date-time, date, time), `minimum`/`maximum`,
 * `minItems`/`maxItems`, `prefixItems`, `additionalProperties` (a boolean or a schema) and
 * `propertyOrdering`; optional properties stay optional.
 * @see https://ai.google.dev/gemini-api/docs/structured-output#json_schema_support
 */
export const gemini: ProviderProfile = {
  name: 'gemini',
  id: 'gemini_202602',
  source: 'https://ai.google.dev/gemini-api/docs/structured-output#json_schema_support',
  rootObject: false,
  allRequired: false,
  closedObjects: false,
  additionalSchemas: true,
  anyOf: false,
  recursiveRefs: false,
  nullType: true,
  prefixItems: true,
  propertyOrdering: true,
  string: ['format'],
  number: ['minimum', 'maximum'],
  array: ['minItems', 'maxItems'],
  formats: ['date-time', 'date', 'time'],
  limits: {},
}
