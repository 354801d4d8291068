import type { ProviderProfile } from '../profile.ts'

/**
 * The subset OpenAI and Gemini both document (`minimal_202602` of jsonschemaprofiles): an object
 * root, every property required, `additionalProperties: false`, no `anyOf`, `$ref` or
 * `pattern`; `enum`, `format` (date-time, date, time), `minimum`/`maximum`,
 * `minItems`/`maxItems`. A schema for it can go to either provider.
 * @see https://github.com/UnitVectorY-Labs/jsonschemaprofiles
 */
export const minimal: ProviderProfile = {
  name: 'minimal',
  id: 'minimal_202602',
  source: 'https://github.com/UnitVectorY-Labs/jsonschemaprofiles',
  rootObject: true,
  allRequired: true,
  closedObjects: true,
  additionalSchemas: false,
  anyOf: false,
  recursiveRefs: false,
  nullType: false,
  prefixItems: false,
  propertyOrdering: false,
  string: ['format'],
  number: ['minimum', 'maximum'],
  array: ['minItems', 'maxItems'],
  formats: ['date-time', 'date', 'time'],
  limits: { properties: 5000, depth: 10, enumValues: 1000 },
}
