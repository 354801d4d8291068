import type { ProviderProfile } from '../profile.ts'

const FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']

/**
 * Anthropic structured outputs (`output_config.format`) and strict tool use (`strict: true`),
 * as the public documentation states them: all JSON types, `enum` of primitives, `const`,
 * `anyOf`, local `$ref`/`$defs` without recursion, `required` (optional properties allowed),
 * `additionalProperties: false` on every object, string `format` from a fixed list, `minItems`
 * of 0 or 1. Not supported: recursive schemas, numeric bounds (`minimum`, `maximum`,
 * `multipleOf`), string bounds (`minLength`, `maxLength`), array bounds beyond `minItems` 0/1,
 * `additionalProperties` other than false. Per request: at most 20 strict tools, 24 optional
 * parameters and 16 parameters with union types across them. Complex regular expressions are
 * refused, so `pattern` is described rather than sent.
 * @see https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
 */
export const anthropic: ProviderProfile = {
  name: 'anthropic',
  id: 'anthropic_202602',
  source: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
  rootObject: true,
  allRequired: false,
  closedObjects: true,
  additionalSchemas: false,
  anyOf: true,
  recursiveRefs: false,
  nullType: true,
  prefixItems: false,
  propertyOrdering: false,
  string: ['format'],
  number: [],
  array: ['minItems'],
  minItemsValues: [0, 1],
  formats: FORMATS,
  limits: { tools: 20, optionalParameters: 24, unionParameters: 16 },
  metaSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://schemavet.dev/providers/anthropic_202602.json',
    title: 'Anthropic structured outputs and strict tools (baseline 202602)',
    $comment: 'Recursion through $ref and the per-request counts are checked in code (compileForProvider, checkProviderRequest).',
    allOf: [{ $ref: '#/$defs/schema' }, { required: ['type', 'properties', 'additionalProperties'], properties: { type: { const: 'object' } } }],
    $defs: {
      primitive: { type: ['string', 'number', 'integer', 'boolean', 'null'] },
      typeName: { enum: ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] },
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          type: { anyOf: [{ $ref: '#/$defs/typeName' }, { type: 'array', minItems: 1, uniqueItems: true, items: { $ref: '#/$defs/typeName' } }] },
          title: { type: 'string' },
          description: { type: 'string' },
          default: true,
          enum: { type: 'array', minItems: 1, items: { $ref: '#/$defs/primitive' } },
          const: { $ref: '#/$defs/primitive' },
          properties: { type: 'object', additionalProperties: { $ref: '#/$defs/schema' } },
          required: { type: 'array', uniqueItems: true, items: { type: 'string' } },
          additionalProperties: { const: false },
          items: { $ref: '#/$defs/schema' },
          minItems: { enum: [0, 1] },
          anyOf: { type: 'array', minItems: 1, items: { $ref: '#/$defs/schema' } },
          allOf: { type: 'array', minItems: 1, items: { $ref: '#/$defs/schema' } },
          $defs: { type: 'object', additionalProperties: { $ref: '#/$defs/schema' } },
          definitions: { type: 'object', additionalProperties: { $ref: '#/$defs/schema' } },
          $ref: { type: 'string', pattern: '^#' },
          format: { enum: FORMATS },
        },
        allOf: [
          {
            if: { required: ['type'], properties: { type: { anyOf: [{ const: 'object' }, { type: 'array', contains: { const: 'object' } }] } } },
            then: { required: ['additionalProperties'] },
          },
        ],
      },
    },
  },
}
