/**
 * What every branch of an `anyOf`/`oneOf` asks of an object alike: a property every branch's
 * `properties` checks against the same subschema (the same `$ref` target, or subschemas written
 * alike). Such a check is necessary for each branch, so when it fails no branch can pass: the
 * generated code tests it once, after the first branch fails, instead of letting every later
 * branch evaluate the same failing subtree again (versioned configuration schemas repeat the
 * shared fields in each of their alternatives). Reads the branches' views only; when in doubt it
 * finds nothing.
 */
import { jsonEqual, isObject, joinCode, js, literal } from '../../core/index.ts'
import type { Code, EmitContext, JsonType, SchemaHandle, SchemaView } from '../../core/index.ts'

/** Keywords that never make a value fail (annotations evaluated for their output only). */
const NEVER_FAIL = new Set(['default', 'title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'])

/** Keys that a compile never reads for an assertion: dropped before two subschemas are compared. */
const isAnnotationKey = (key: string, view: SchemaView): boolean => NEVER_FAIL.has(key) || (key.startsWith('x-') && !view.keywords.includes(key))

/** Keywords whose target depends on how the value was reached: never compared. */
const DYNAMIC = ['$dynamicRef', '$recursiveRef']

/** How deep two inline subschemas are compared edge by edge before giving up. */
const DEPTH = 4

/** A subschema that is only a `$ref` (beside annotations) is its target: followed a few levels. */
function target(handle: SchemaHandle): SchemaHandle {
  let h = handle
  for (let hops = 0; hops < 4; hops++) {
    const view = h.inspect()
    if (view.references.length !== 1 || !view.keywords.every((k) => k === '$ref' || NEVER_FAIL.has(k))) break
    h = view.references[0]!
  }
  return h
}

function assertions(view: SchemaView): unknown {
  const schema = view.schema
  if (!isObject(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(schema)) if (!isAnnotationKey(key, view)) out[key] = schema[key]
  return out
}

/**
 * True when the two subschemas accept the same values: the same schema after `$ref`-only
 * subschemas are followed, or the same dialect and JSON (annotations aside) with every compiled
 * subschema, reference targets included, the same in turn. A schema's checks depend only on
 * these (a reference's target is its edge, whatever base URI resolved it).
 */
export function sameCheck(a: SchemaHandle, b: SchemaHandle, depth = DEPTH): boolean {
  const x = target(a)
  const y = target(b)
  if (x === y) return true
  if (depth === 0) return false
  const vx = x.inspect()
  const vy = y.inspect()
  if (vx.dialect !== vy.dialect || vx.keywords.some((k) => DYNAMIC.includes(k)) || vy.keywords.some((k) => DYNAMIC.includes(k))) return false
  if (vx.keywords.length !== vy.keywords.length || !vx.keywords.every((k, i) => k === vy.keywords[i])) return false
  if (!jsonEqual(assertions(vx), assertions(vy))) return false
  const ex = vx.subschemas
  const ey = vy.subschemas
  if (ex.length !== ey.length) return false
  for (let i = 0; i < ex.length; i++) {
    const p = ex[i]!
    const q = ey[i]!
    if (p.keyword !== q.keyword || p.reference !== q.reference || !jsonEqual(p.path, q.path)) return false
    if (p.reference ? target(p.handle) !== target(q.handle) : !sameCheck(p.handle, q.handle, depth - 1)) return false
  }
  return true
}

/** A branch's `properties` subschemas by name, when `properties` is in force there (else none). */
function namedChecks(branch: SchemaHandle): Map<string, SchemaHandle> {
  const view = target(branch).inspect()
  const out = new Map<string, SchemaHandle>()
  if (!view.keywords.includes('properties')) return out
  for (const edge of view.subschemas) {
    const name = edge.path[0]
    if (edge.keyword === 'properties' && edge.path.length === 1 && typeof name === 'string') out.set(name, edge.handle)
  }
  return out
}

/**
 * The properties every one of `branches` checks against the same subschema, with the first
 * branch's subschema for each; empty unless there are at least two branches.
 */
export function sharedProperties(branches: readonly SchemaHandle[]): [string, SchemaHandle][] {
  if (branches.length < 2) return []
  const all = branches.map(namedChecks)
  const out: [string, SchemaHandle][] = []
  for (const [name, handle] of all[0]!) {
    if (all.every((m, i) => i === 0 || (m.has(name) && sameCheck(handle, m.get(name)!)))) out.push([name, handle])
  }
  return out
}

/**
 * Generated code on the object code: false when some shared property (see `sharedProperties`)
 * is present and fails its subschema, so that no branch can pass; `true` when there is nothing
 * to test. Allocates nothing when run.
 */
export function sharedTest(g: EmitContext, branches: readonly SchemaHandle[]): Code {
  if (g.type !== 'object') return js`true`
  const terms: Code[] = []
  for (const [name, handle] of sharedProperties(branches)) {
    const v = g.local()
    const key = literal(name)
    const child = g.apply(handle, v, key)
    if (child === 'true') continue
    const own = g.own(name)
    terms.push(js`((${v} = x[${key}]) === undefined || ${own === 'true' ? js`` : js`!${own} || `}${child})`)
  }
  return terms.length === 0 ? js`true` : joinCode(terms, js` && `)
}

const KNOWN_TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'])

/**
 * Whether a value of JSON type `type` can pass `branch` as far as its `type` keyword tells (a
 * number for `integer`); true when the branch has no `type` in force or it cannot be read. The
 * generated code of a node is written per instance type, so a branch of another type is left out
 * there. OpenAPI 3.0's `nullable` widens `type`: such a branch is never left out.
 */
export function admitsType(branch: SchemaHandle, type: JsonType): boolean {
  const view = target(branch).inspect()
  if (!view.keywords.includes('type') || !isObject(view.schema) || 'nullable' in view.schema) return true
  const declared = view.schema.type
  const list = typeof declared === 'string' ? [declared] : Array.isArray(declared) ? declared : null
  if (list === null || !list.every((t) => KNOWN_TYPES.has(t as string))) return true
  return list.includes(type) || (type === 'number' && list.includes('integer'))
}

/**
 * For a branch that is a closed object (`additionalProperties: false` in force, no
 * `patternProperties`): the names of its `properties`, the only keys an object passing it can
 * have; otherwise undefined. A value whose keys do not fit such a branch was likely meant for
 * another branch, and its failure there tells nothing about the shared properties.
 */
export function closedNames(branch: SchemaHandle): string[] | undefined {
  const view = target(branch).inspect()
  const schema = view.schema
  if (!isObject(schema) || schema.additionalProperties !== false || 'patternProperties' in schema || !view.keywords.includes('additionalProperties')) return undefined
  return isObject(schema.properties) ? Object.keys(schema.properties) : []
}
