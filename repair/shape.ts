/**
 * What a schema wants at one place, read from the compiled graph's public view
 * (`SchemaHandle.inspect()`): the allowed types, enum members, properties, items and branches,
 * merged over the subschemas that apply in place (`$ref`, `allOf`). Coercion asks only these
 * questions; the validator stays the judge of the result.
 */
import type { SchemaHandle } from '../api.ts'

/** A JSON type as schemas name them (`integer` included). */
export type TypeName = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'integer' | 'string'

/** The merged wants of a set of in-place subschemas. */
export interface Shape {
  /** Allowed types; undefined when any type is allowed. */
  readonly types: ReadonlySet<TypeName> | undefined
  /** Allowed values (`enum`, or `[const]`); undefined when not restricted. */
  readonly values: readonly unknown[] | undefined
  readonly properties: ReadonlyMap<string, readonly SchemaHandle[]>
  readonly patternProperties: readonly { readonly pattern: RegExp; readonly handle: SchemaHandle }[]
  readonly additionalProperties: readonly SchemaHandle[]
  readonly required: ReadonlySet<string>
  /** Per position (`prefixItems`, or `items` as an array in older dialects). */
  readonly tuple: readonly (readonly SchemaHandle[])[]
  /** Items past the tuple. */
  readonly items: readonly SchemaHandle[]
  /** `anyOf` / `oneOf` groups: each a list of branches. */
  readonly branches: readonly (readonly SchemaHandle[])[]
  /** Some subschema has a `default` right here. */
  readonly hasDefault: boolean
}

const IN_PLACE = new Set(['$ref', '$dynamicRef', '$recursiveRef', 'allOf'])
const TYPE_NAMES = new Set<string>(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'])

const shapes = new WeakMap<SchemaHandle, Shape>()

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function typesOf(schema: Record<string, unknown>): Set<TypeName> | undefined {
  const t = schema.type
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t : undefined
  if (list === undefined) return undefined
  const out = new Set<TypeName>()
  for (const x of list) if (typeof x === 'string' && TYPE_NAMES.has(x)) out.add(x as TypeName)
  // OpenAPI 3.0 writes a nullable type as `nullable: true`.
  if (schema.nullable === true) out.add('null')
  return out
}

function intersect(a: Set<TypeName> | undefined, b: Set<TypeName> | undefined): Set<TypeName> | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  const out = new Set<TypeName>()
  for (const t of a) if (b.has(t) || (t === 'integer' && b.has('number'))) out.add(t)
  for (const t of b) if (t === 'integer' && a.has('number')) out.add(t)
  return out
}

/** The shape of `handle` together with everything it applies in place. Cached per handle. */
export function shapeOf(handle: SchemaHandle): Shape {
  const known = shapes.get(handle)
  if (known !== undefined) return known
  let types: Set<TypeName> | undefined
  let values: unknown[] | undefined
  const properties = new Map<string, SchemaHandle[]>()
  const patternProperties: { pattern: RegExp; handle: SchemaHandle }[] = []
  const additionalProperties: SchemaHandle[] = []
  const required = new Set<string>()
  const tuple: SchemaHandle[][] = []
  const items: SchemaHandle[] = []
  const branches: SchemaHandle[][] = []
  let hasDefault = false
  const seen = new Set<SchemaHandle>()
  const stack = [handle]
  while (stack.length > 0) {
    const h = stack.pop()!
    if (seen.has(h)) continue
    seen.add(h)
    const view = h.inspect()
    const schema = view.schema
    if (schema === false) types = new Set()
    if (!isObject(schema)) continue
    if (h.hasDefault) hasDefault = true
    types = intersect(types, typesOf(schema))
    const keywords = new Set(view.keywords)
    if (keywords.has('const') && Object.hasOwn(schema, 'const')) values = [schema.const]
    else if (keywords.has('enum') && Array.isArray(schema.enum) && values === undefined) values = schema.enum
    if (keywords.has('required') && Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === 'string') required.add(r)
    const groups = new Map<string, SchemaHandle[]>()
    for (const e of view.subschemas) {
      if (IN_PLACE.has(e.keyword)) stack.push(e.handle)
      else if (e.keyword === 'properties' && typeof e.path[0] === 'string') {
        const list = properties.get(e.path[0]) ?? []
        list.push(e.handle)
        properties.set(e.path[0], list)
      } else if (e.keyword === 'patternProperties' && typeof e.path[0] === 'string') {
        try {
          patternProperties.push({ pattern: new RegExp(e.path[0], 'u'), handle: e.handle })
        } catch {
          // A pattern the platform cannot read coerces nothing; validation still judges it.
        }
      } else if (e.keyword === 'additionalProperties') additionalProperties.push(e.handle)
      else if ((e.keyword === 'prefixItems' || e.keyword === 'items') && typeof e.path[0] === 'number') {
        ;(tuple[e.path[0]] ??= []).push(e.handle)
      } else if (e.keyword === 'items' || e.keyword === 'additionalItems') items.push(e.handle)
      else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
        const g = groups.get(e.keyword) ?? []
        g.push(e.handle)
        groups.set(e.keyword, g)
      }
    }
    for (const g of groups.values()) branches.push(g)
  }
  const shape: Shape = { types, values, properties, patternProperties, additionalProperties, required, tuple, items, branches, hasDefault }
  shapes.set(handle, shape)
  return shape
}

/** The JSON type of a parsed value (`integer` for whole numbers). */
export function typeOfValue(value: unknown): TypeName {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value as TypeName
}

/** Whether `types` admits a value of type `t` (an integer is a number). */
export function admits(types: ReadonlySet<TypeName> | undefined, t: TypeName): boolean {
  if (types === undefined) return true
  return types.has(t) || (t === 'integer' && types.has('number'))
}

const effective = new WeakMap<Shape, ReadonlySet<TypeName> | undefined | null>()

/**
 * The types a shape admits, looking into its branches when it names none itself. Cached per
 * shape; a union that reaches itself again (`anyOf: [{ $ref: '#' }]`) admits any type there.
 */
export function effectiveTypes(shape: Shape): ReadonlySet<TypeName> | undefined {
  if (shape.types !== undefined || shape.branches.length === 0) return shape.types
  const known = effective.get(shape)
  if (known !== undefined) return known ?? undefined
  if (effective.has(shape)) return undefined
  effective.set(shape, undefined)
  let out: Set<TypeName> | undefined
  for (const group of shape.branches) {
    const union = new Set<TypeName>()
    let any = false
    for (const b of group) {
      const t = effectiveTypes(shapeOf(b))
      if (t === undefined) any = true
      else for (const x of t) union.add(x)
    }
    if (!any) out = intersect(out, union)
  }
  effective.set(shape, out ?? null)
  return out
}

/** Whether the shape (or every branch of a group) accepts `null`. */
export function admitsNull(shape: Shape): boolean {
  const t = effectiveTypes(shape)
  if (t !== undefined) return t.has('null') && (shape.values === undefined || shape.values.includes(null))
  return shape.values !== undefined && shape.values.includes(null)
}
