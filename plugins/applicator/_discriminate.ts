/**
 * Branch analysis for the generated code of `anyOf` and `oneOf`: a branch that requires a
 * property with a `const`, a short `enum` or an anchored literal `pattern` prefix can be skipped
 * by one comparison, and branches whose required values exclude each other make a `oneOf` stop
 * at the first branch that passes (no value can pass two). Reads the branches' JSON only; when in
 * doubt it finds nothing and the plain code is generated.
 */
import { hasOwn, isObject } from '../../core/index.ts'
import type { EmitContext, SchemaHandle } from '../../core/index.ts'

/** What a branch requires of one property of an object. */
type Allowed = { values: readonly (string | number | boolean | null)[] } | { prefix: string }

/** The required properties of a branch with what each must be (only those we can read). */
type Discriminants = Map<string, Allowed>

const PRIMITIVE = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/** `^literal...` with no alternation: the literal prefix every match starts with. */
function literalPrefix(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string' || !pattern.startsWith('^') || pattern.includes('|')) return undefined
  let prefix = ''
  for (let i = 1; i < pattern.length; i++) {
    const c = pattern[i]!
    if ('?*{'.includes(c)) return prefix.length > 1 ? prefix.slice(0, -1) : undefined
    if ('\\^$.+()[]}'.includes(c)) break
    prefix += c
  }
  return prefix.length > 0 ? prefix : undefined
}

function allowed(schema: unknown): Allowed | undefined {
  if (!isObject(schema)) return undefined
  if (hasOwn(schema, 'const') && PRIMITIVE(schema.const)) return { values: [schema.const] }
  const e = schema.enum
  if (Array.isArray(e) && e.length > 0 && e.length <= 4 && e.every(PRIMITIVE)) return { values: e }
  const prefix = literalPrefix(schema.pattern)
  if (prefix !== undefined && schema.type === 'string') return { prefix }
  return undefined
}

/** The discriminants of a branch, following a branch that is only a `$ref` (a few levels). */
function discriminants(g: EmitContext, handle: SchemaHandle): Discriminants {
  let seen = g.inspect(handle)
  for (let hops = 0; hops < 4 && isObject(seen.schema) && Object.keys(seen.schema).every((k) => k === '$ref' || k === '$comment'); hops++) {
    if (seen.references.length !== 1) return new Map()
    seen = g.inspect(seen.references[0]!)
  }
  const out: Discriminants = new Map()
  const schema = seen.schema
  if (!isObject(schema) || !Array.isArray(schema.required) || !isObject(schema.properties)) return out
  for (const name of schema.required) {
    if (typeof name !== 'string' || !hasOwn(schema.properties, name)) continue
    const a = allowed(schema.properties[name])
    if (a !== undefined) out.set(name, a)
  }
  return out
}

function disjoint(a: Allowed, b: Allowed): boolean {
  if ('values' in a && 'values' in b) return a.values.every((v) => !b.values.includes(v))
  if ('prefix' in a && 'prefix' in b) return !a.prefix.startsWith(b.prefix) && !b.prefix.startsWith(a.prefix)
  const values = 'values' in a ? a.values : 'values' in b ? b.values : []
  const prefix = 'prefix' in a ? a.prefix : 'prefix' in b ? b.prefix : ''
  return values.every((v) => typeof v !== 'string' || !v.startsWith(prefix))
}

/** True when no object can pass two of the branches (each pair excludes on some property). */
export function exclusive(g: EmitContext, branches: readonly SchemaHandle[]): boolean {
  if (g.type !== 'object') return false
  const all = branches.map((b) => discriminants(g, b))
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!
      const b = all[j]!
      if (![...a].some(([name, x]) => b.has(name) && disjoint(x, b.get(name)!))) return false
    }
  }
  return true
}

/** Generated code: true when some branch passes, stopping at the first (each behind its guard). */
export function somePasses(g: EmitContext, branches: readonly SchemaHandle[]): string {
  return `(${branches.map((b) => guardedBranch(g, b)).join(' || ')})`
}

/**
 * The expression applying a branch to `x`, behind a one-comparison guard when the branch
 * requires a property value (only on the object code: elsewhere `required` does not apply).
 */
export function guardedBranch(g: EmitContext, handle: SchemaHandle): string {
  const apply = g.apply(handle, 'x')
  if (g.type !== 'object') return apply
  const [first] = discriminants(g, handle)
  if (first === undefined) return apply
  const [name, a] = first
  const read = `x[${JSON.stringify(name)}]`
  const guard =
    'values' in a
      ? a.values.map((v) => `${read} === ${JSON.stringify(v)}`).join(' || ')
      : `(typeof ${read} === 'string' && ${read}.startsWith(${JSON.stringify(a.prefix)}))`
  return `((${guard}) && ${apply})`
}
