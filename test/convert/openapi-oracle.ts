/**
 * Test support: reads an OpenAPI 3.0 Schema Object back as draft 2020-12 (`nullable` as a `null`
 * type, boolean exclusive bounds as numeric ones), so schemavet itself can check that a schema
 * converted to `openapi-3.0` accepts exactly what the original accepts. Independent of the
 * converter: it knows only the few places where OpenAPI 3.0 differs from JSON Schema.
 */
const SCHEMA_MAPS = ['properties']
const SCHEMAS = ['items', 'additionalProperties', 'not']
const ARRAYS = ['allOf', 'anyOf', 'oneOf']

/** The draft 2020-12 reading of an OpenAPI 3.0 Schema Object (a fresh object). */
export function fromOpenApi30(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema
  const s = schema as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(s)) {
    if (k === 'nullable' || k === 'example' || k === 'exclusiveMinimum' || k === 'exclusiveMaximum') continue
    if (SCHEMAS.includes(k)) out[k] = fromOpenApi30(v)
    else if (ARRAYS.includes(k)) out[k] = (v as unknown[]).map(fromOpenApi30)
    else if (SCHEMA_MAPS.includes(k)) out[k] = Object.fromEntries(Object.entries(v as object).map(([n, x]) => [n, fromOpenApi30(x)]))
    else out[k] = v
  }
  if (s.nullable === true && typeof s.type === 'string') out.type = [s.type, 'null']
  for (const [limit, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
    if (s[exclusive] === true) {
      delete out[limit]
      out[exclusive] = s[limit]
    }
  }
  return out
}
