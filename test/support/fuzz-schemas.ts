/**
 * fast-check arbitraries for the fuzz suite: well-formed schemas of six dialects (every
 * built-in keyword can appear, values drawn from small shared domains so schema and data meet),
 * data that reuses the schema's own values, and defaults-consistent "tool" schemas for the
 * `applyDefaults` round trip.
 */
import fc from 'fast-check'

/** The dialects generated schemas are written in. */
export type FuzzDialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04' | 'openapi-3.0'

/** The `$schema` of each dialect (OpenAPI 3.0 has none: it is chosen by option). */
export const META: Record<Exclude<FuzzDialect, 'openapi-3.0'>, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-04': 'http://json-schema.org/draft-04/schema#',
}

/** Draft-07 and earlier: `definitions`, `$id: "#foo"` anchors, `$ref` hiding its siblings. */
const legacy = (d: FuzzDialect) => d === 'draft-07' || d === 'draft-06' || d === 'draft-04' || d === 'openapi-3.0'
/** Draft-04 and OpenAPI 3.0: boolean exclusive flags, no boolean schemas, non-empty name lists. */
const fromDraft04 = (d: FuzzDialect) => d === 'draft-04' || d === 'openapi-3.0'

/** Property names of data and schemas (`constructor` keeps own-property semantics honest). */
export const NAMES = ['a', 'b', 'c', 'constructor']
const STRINGS = ['', 'a', 'ab', 'abc', 'b1', 'A', 'é', '😀', ' ', 'a@b.co', '2020-01-01', '1.5', 'eyJhIjoxfQ==']
const NUMBERS = [0, 1, -1, 2, 3, 1.5, 10, 100, -0.5, 2.5]
const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']
// Safe for every engine involved (no lookarounds, nothing super-linear).
const PATTERNS = ['^a', 'b$', '^[a-c]*$', '\\d', '^.{2}$', 'a|b', '^$', '[^a]', '\\p{L}', '^\\S+$', '^(ab)+$', 'é', '^[^\\s]+$']
const FORMATS = ['email', 'date', 'ipv4', 'uuid', 'regex', 'uri', 'hostname', 'date-time', 'duration', 'json-pointer']

const scalar = fc.oneof(fc.constantFrom(null, true, false), fc.constantFrom(...NUMBERS), fc.constantFrom(...STRINGS))

/** Small JSON values over the shared domains, at most three levels deep. */
export const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'json' },
    scalar,
    fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'json' }),
    fc.dictionary(fc.constantFrom(...NAMES), tie('value'), { maxKeys: 3, noNullPrototype: true, depthIdentifier: 'json' }),
  ),
})).value

/** Keywords placed at random, per dialect (identifiers and `$schema` have fixed places instead). */
const COMMON = [
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
  'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'format',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items', 'contains', 'allOf', 'anyOf',
  'oneOf', 'not', 'if', 'then', 'else', 'dependencies', 'definitions', '$ref', '$comment', 'title', 'description',
  'default', 'readOnly', 'writeOnly', 'examples',
]
const SINCE_2019 = ['dependentRequired', 'dependentSchemas', 'maxContains', 'minContains', 'unevaluatedItems', 'unevaluatedProperties', '$defs', 'deprecated', 'contentEncoding', 'contentMediaType', 'contentSchema', '$vocabulary']
const KEYWORDS: Record<FuzzDialect, string[]> = {
  '2020-12': [...COMMON, ...SINCE_2019, 'prefixItems', '$dynamicRef'],
  '2019-09': [...COMMON, ...SINCE_2019, 'additionalItems', '$recursiveRef'],
  // Content keywords assert in schemavet's draft-07 (its optional suite expects it); the oracles annotate.
  'draft-07': [...COMMON, 'additionalItems'],
  'draft-06': [...COMMON.filter((k) => !['if', 'then', 'else'].includes(k)), 'additionalItems'],
  'draft-04': [...COMMON.filter((k) => !['const', 'contains', 'propertyNames', 'if', 'then', 'else'].includes(k)), 'additionalItems'],
  // The Schema Object's own list: no definitions, dependencies, patternProperties or tuples.
  'openapi-3.0': [
    'type', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
    'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'format', 'properties',
    'additionalProperties', 'items', 'allOf', 'anyOf', 'oneOf', 'not', '$ref', 'title', 'description', 'default',
    'readOnly', 'writeOnly', 'deprecated', 'nullable', 'discriminator', 'example', 'externalDocs', 'xml',
  ],
}

/** Every keyword a generated schema can hold: the fuzz run must see each one often enough. */
export const FUZZ_KEYWORDS = [
  ...new Set([...Object.values(KEYWORDS).flat(), '$schema', '$id', 'id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$defs']),
].sort()

const defsKey = (d: FuzzDialect) => (legacy(d) ? 'definitions' : '$defs')

function refs(d: FuzzDialect): string[] {
  const k = defsKey(d)
  // An OpenAPI 3.0 Schema Object has neither `id` nor `definitions`: pointers into `properties`.
  if (d === 'openapi-3.0') return ['#', '#/properties/a', '#/properties/b', '#/properties/c']
  // `#` is rarer than the others: at an in-place position it is a cycle the oracles cannot answer.
  return ['#', `#/${k}/x`, `#/${k}/x`, `#/${k}/y`, 'item.json', '#foo', `#/${k}/z`]
}

/** Well-formed schemas of one dialect; `root` adds `$schema` and the reference targets. */
export function schemaOf(d: FuzzDialect): fc.Arbitrary<Record<string, unknown>> {
  const { schema } = fc.letrec<{ schema: unknown }>((tie) => {
    const sub = tie('schema')
    const list = fc.array(sub, { minLength: 1, maxLength: 3, depthIdentifier: 'schema' })
    const map = (keys: fc.Arbitrary<string>) => fc.dictionary(keys, sub, { maxKeys: 3, noNullPrototype: true, depthIdentifier: 'schema' })
    // Draft-04/06 meta-schemas want non-empty name lists and unique enum values.
    const names = fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: fromDraft04(d) ? 1 : 0, maxLength: 3 })
    const values: Record<string, fc.Arbitrary<unknown>> = {
      type:
        d === 'openapi-3.0'
          ? fc.constantFrom(...TYPES.filter((t) => t !== 'null'))
          : fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
      enum: legacy(d) ? fc.uniqueArray(json, { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) }) : fc.array(json, { minLength: 1, maxLength: 4 }),
      const: json,
      multipleOf: fc.constantFrom(1, 2, 3, 0.5, 1.5),
      maxLength: fc.nat(4), minLength: fc.nat(4), maxItems: fc.nat(4), minItems: fc.nat(4),
      maxProperties: fc.nat(4), minProperties: fc.nat(4), maxContains: fc.nat(3), minContains: fc.nat(3),
      pattern: fc.constantFrom(...PATTERNS),
      uniqueItems: fc.boolean(),
      required: names,
      dependentRequired: fc.dictionary(fc.constantFrom(...NAMES), names, { maxKeys: 2, noNullPrototype: true }),
      format: fc.constantFrom(...FORMATS),
      properties: map(fc.constantFrom(...NAMES)),
      patternProperties: map(fc.constantFrom('^a', 'b', '^c$', '\\d', 'o')),
      dependentSchemas: map(fc.constantFrom(...NAMES)),
      $defs: map(fc.constantFrom('p', 'q')),
      definitions: map(fc.constantFrom('p', 'q')),
      items: d === '2020-12' || d === 'openapi-3.0' ? sub : fc.oneof(sub, list),
      prefixItems: list, allOf: list, anyOf: list, oneOf: list,
      dependencies: fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(sub, names), { maxKeys: 2, noNullPrototype: true }),
      $ref: fc.constantFrom(...refs(d)),
      $dynamicRef: fc.constantFrom('#meta', '#/$defs/x'),
      $recursiveRef: fc.constant('#'),
      $comment: fc.constant('c'), title: fc.constant('t'), description: fc.constant('d'),
      default: json, examples: fc.array(json, { maxLength: 2 }),
      deprecated: fc.boolean(), readOnly: fc.boolean(), writeOnly: fc.boolean(),
      contentEncoding: fc.constant('base64'), contentMediaType: fc.constant('application/json'),
      $vocabulary: fc.constant({ 'https://json-schema.org/draft/2020-12/vocab/core': true }),
    }
    for (const n of ['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']) values[n] = fc.constantFrom(...NUMBERS)
    // Draft-04: a flag on the sibling bound (which `withBounds` adds when missing).
    if (fromDraft04(d)) values.exclusiveMaximum = values.exclusiveMinimum = fc.boolean()
    values.nullable = fc.boolean()
    values.discriminator = fc.constant({ propertyName: 'a' })
    values.example = json
    values.externalDocs = fc.constant({ url: 'https://example.com/docs' })
    values.xml = fc.constant({ name: 'x' })
    for (const n of ['additionalProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema', 'additionalItems']) values[n] = sub
    const object = fc
      // OpenAPI 3.0 schemas hold more keywords each: they have no reference targets to fill.
      .shuffledSubarray(KEYWORDS[d], { minLength: 1, maxLength: d === 'openapi-3.0' ? 6 : 4 })
      .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, values[k]!]))))
    // Draft-04 has no boolean schemas: their object forms.
    const bool = fromDraft04(d) ? fc.constantFrom({}, { not: {} }) : fc.boolean()
    return { schema: fc.oneof({ maxDepth: 3, depthIdentifier: 'schema' }, bool, object, object) }
  })
  // A boolean at the top becomes its object form, so a root can carry `$schema` and `$defs`.
  const top = schema.map((s) => (s === true ? {} : s === false ? { not: {} } : (s as Record<string, unknown>)))
  return fromDraft04(d) ? top.map(withBounds) : top
}

/**
 * Gives every draft-04 exclusive flag its bound (the meta-schema requires it). Every object in a
 * generated schema may be walked: data and names never use these keys.
 */
function withBounds(schema: Record<string, unknown>): Record<string, unknown> {
  const stack: unknown[] = [schema]
  while (stack.length > 0) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    const o = s as Record<string, unknown>
    if ('exclusiveMaximum' in o && !('maximum' in o)) o.maximum = 3
    if ('exclusiveMinimum' in o && !('minimum' in o)) o.minimum = 1
    stack.push(...Object.values(o))
  }
  return schema
}

/**
 * A draft-04 schema as draft-06 reads it (`id` to `$id`, a boolean exclusive flag to a numeric
 * bound): what the ajv oracle, which has no draft-04 of its own, compiles. A copy.
 */
export function draft06Of(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(schema)
  const stack: unknown[] = [copy]
  while (stack.length > 0) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    const o = s as Record<string, unknown>
    if (typeof o.id === 'string') {
      o.$id = o.id
      delete o.id
    }
    for (const [flag, bound] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
      if (typeof o[flag] !== 'boolean') continue
      if (o[flag] === true) {
        o[flag] = o[bound]
        delete o[bound]
      } else delete o[flag]
    }
    stack.push(...Object.values(o))
  }
  // OpenAPI 3.0: ajv knows `nullable` itself and ignores the OpenAPI annotations (strict off).
  copy.$schema = META['draft-06']
  return copy
}

/** A root schema: `$schema`, reference targets in `$defs`/`definitions`, and the body. */
export function rootOf(d: FuzzDialect): fc.Arbitrary<Record<string, unknown>> {
  const body = schemaOf(d)
  return fc.tuple(body, body, body, body, fc.boolean()).map(([root, x, y, z, recursive]) => {
    if (legacy(d)) {
      // A draft-07 `$ref` hides its siblings, `$id` included: the targets would vanish.
      delete y.$ref
      delete z.$ref
    }
    const id = d === 'draft-04' ? 'id' : '$id'
    if (d === 'openapi-3.0') return root
    const anchor = legacy(d) ? { [id]: '#foo' } : { $anchor: 'foo' }
    const dynamic = d === '2020-12' ? { $dynamicAnchor: 'meta' } : d === '2019-09' ? { $recursiveAnchor: recursive } : {}
    return {
      $schema: META[d],
      ...dynamic,
      // item.json is a resource of its own: it needs its own `meta` anchor for `$dynamicRef: "#meta"`
      // to resolve inside it (the oracles resolve it anyway; the spec does not).
      [defsKey(d)]: { x, y: { ...y, [id]: 'item.json', ...(d === '2020-12' ? { $dynamicAnchor: 'meta' } : {}) }, z: { ...z, ...anchor } },
      ...root,
    }
  })
}

/** Values the schema itself names (`const`, `enum`, `default`, `examples`): data likely to match. */
export function harvest(schema: unknown): unknown[] {
  const out: unknown[] = []
  const stack = [schema]
  while (stack.length > 0) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    const o = s as Record<string, unknown>
    if ('const' in o) out.push(o.const)
    if (Array.isArray(o.enum)) out.push(...o.enum)
    if ('default' in o) out.push(o.default)
    for (const v of Object.values(o)) if (typeof v === 'object') stack.push(v)
  }
  return out
}

/**
 * Whether references at the top of the root and its targets lead around a loop of references
 * alone (`x: {$ref: '#/$defs/x'}`): hyperjump then overflows inside a promise callback, which
 * Node reports on stderr however it is caught. Such cases answer nothing and are left out.
 */
export function pureReferenceLoop(schema: Record<string, unknown>, d: FuzzDialect): boolean {
  // OpenAPI 3.0 references point into the root's `properties` (see `refs`).
  const defs = (d === 'openapi-3.0' ? (schema.properties ?? {}) : schema[defsKey(d)]) as Record<string, Record<string, unknown>>
  const target = (ref: unknown): Record<string, unknown> | undefined =>
    ref === '#' ? schema : ref === 'item.json' ? defs.y : ref === '#foo' ? defs.z : typeof ref === 'string' ? defs[ref.slice(ref.lastIndexOf('/') + 1)] : undefined
  const starts = d === 'openapi-3.0' ? [schema, defs.a, defs.b, defs.c] : [schema, defs.x, defs.y, defs.z]
  for (const start of starts) {
    const seen = new Set<unknown>()
    for (let at: Record<string, unknown> | undefined = start; at !== undefined && typeof at === 'object'; at = target(at.$ref ?? at.$dynamicRef ?? at.$recursiveRef)) {
      if (seen.has(at)) return true
      seen.add(at)
    }
  }
  return false
}

/** A case: dialect, root schema and five data values (half from the schema's own values). */
// OpenAPI 3.0 twice: its schemas are small (no reference targets), its own keywords would be rare.
export const fuzzCase = fc.constantFrom<FuzzDialect>('2020-12', '2020-12', '2019-09', 'draft-07', 'draft-06', 'draft-04', 'openapi-3.0', 'openapi-3.0').chain((d) =>
  rootOf(d).filter((schema) => !pureReferenceLoop(schema, d)).chain((schema) => {
    const own = harvest(schema)
    const datum = own.length === 0 ? json : fc.oneof(json, fc.constantFrom(...own))
    return fc.record({ dialect: fc.constant(d), schema: fc.constant(schema), data: fc.array(datum, { minLength: 5, maxLength: 5 }) })
  }),
)

/** Keywords present anywhere in a schema (names of properties and `$defs` never collide with them). */
export function keywordsIn(schema: unknown, into: Set<string>): void {
  const stack = [schema]
  while (stack.length > 0) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    for (const [k, v] of Object.entries(s)) {
      if (FUZZ_KEYWORDS.includes(k)) into.add(k)
      if (typeof v === 'object') stack.push(v)
    }
  }
}

/**
 * "Tool" schemas whose defaults are consistent: typed leaves with a valid `default`, nested
 * objects and arrays without one, `required` and `additionalProperties: false` anywhere. For
 * them, filling defaults never makes valid data invalid.
 */
export const toolSchema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ node: Record<string, unknown> }>((tie) => {
  const leaf = fc.oneof(
    fc.record({ type: fc.constant('string'), default: fc.constantFrom('x', 'yy'), minLength: fc.constant(1) }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constant('integer'), default: fc.constantFrom(0, 3), minimum: fc.constant(0) }, { requiredKeys: ['type'] }),
    fc.record({ enum: fc.constant(['on', 'off']), default: fc.constant('off') }, { requiredKeys: ['enum'] }),
    fc.record({ type: fc.constant('boolean'), default: fc.boolean() }, { requiredKeys: ['type'] }),
  )
  const object = fc
    .dictionary(fc.constantFrom(...NAMES), tie('node'), { minKeys: 1, maxKeys: 3, noNullPrototype: true, depthIdentifier: 'tool' })
    .chain((properties) =>
      fc.record({
        type: fc.constant('object'),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.boolean(),
      }),
    )
  const array = fc.record({ type: fc.constant('array'), items: tie('node') })
  return { node: fc.oneof({ maxDepth: 3, depthIdentifier: 'tool' }, leaf, object, array) as fc.Arbitrary<Record<string, unknown>> }
}).node
