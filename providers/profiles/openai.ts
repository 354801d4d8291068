import type { ProviderProfile } from '../profile.ts'

/**
 * OpenAI Structured Outputs and strict function calling (`openai_202602` of jsonschemaprofiles):
 * an object root, every property required, `additionalProperties: false` everywhere, `anyOf`
 * below the root, `$defs`/`$ref` with recursion; string `pattern`/`format`, numeric bounds and
 * `multipleOf`, `minItems`/`maxItems`. Limits: 5,000 properties, 10 object levels, 1,000 enum
 * values, 120,000 characters of names and values.
 * @see https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 */
export const openai: ProviderProfile = {
  name: 'openai',
  id: 'openai_202602',
  source: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
  rootObject: true,
  allRequired: true,
  closedObjects: true,
  additionalSchemas: false,
  anyOf: true,
  recursiveRefs: true,
  nullType: false,
  prefixItems: false,
  propertyOrdering: false,
  string: ['pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['minItems', 'maxItems'],
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  limits: { properties: 5000, depth: 10, enumValues: 1000, stringLength: 120_000, tools: 128 },
}
