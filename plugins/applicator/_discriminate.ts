/**
 * Branch analysis for `anyOf` and `oneOf`: a branch that requires a property with a `const`, a
 * short `enum` or an anchored literal `pattern` prefix can be skipped by one comparison, and
 * branches whose required values exclude each other make a `oneOf` stop at the first branch that
 * passes (no value can pass two). When every branch requires one same property with values no
 * two branches share (a tagged union: `type: "text"` / `type: "tool-..."`), that property is the
 * union's discriminator: an object whose tag selects a branch is checked against that branch
 * alone, and a failure is reported with that branch's issues alone. Reads the branches' JSON and
 * keywords only; when in doubt it finds nothing and every branch is evaluated as usual.
 *
 * The one discriminator of the library: OpenAPI's declared `discriminator` (plugins/extras)
 * builds the same `Discriminator` from its tag table and routes through the same functions.
 */
import { hasOwn, isObject, joinCode, js, literal } from '../../core/index.ts'
import type { Code, EmitBlock, EmitContext, RunContext, SchemaHandle } from '../../core/index.ts'
import { admitsType, closedNames, sharedTest } from './_common.ts'
import { noUnknownKeys } from './_shared.ts'

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
  // A subschema starting a resource of its own may be in another dialect: not read.
  if (!isObject(schema) || hasOwn(schema, '$id') || hasOwn(schema, 'id') || hasOwn(schema, '$schema')) return undefined
  if (hasOwn(schema, 'const') && PRIMITIVE(schema.const)) return { values: [schema.const] }
  const e = schema.enum
  if (Array.isArray(e) && e.length > 0 && e.length <= 4 && e.every(PRIMITIVE)) return { values: e }
  const prefix = literalPrefix(schema.pattern)
  if (prefix !== undefined && schema.type === 'string') return { prefix }
  return undefined
}

/** The discriminants of a branch, following a branch that is only a `$ref` (a few levels). */
function discriminants(handle: SchemaHandle): Discriminants {
  let seen = handle.inspect()
  for (let hops = 0; hops < 4 && isObject(seen.schema) && Object.keys(seen.schema).every((k) => k === '$ref' || k === '$comment'); hops++) {
    if (seen.references.length !== 1) return new Map()
    seen = seen.references[0]!.inspect()
  }
  const out: Discriminants = new Map()
  const schema = seen.schema
  // Both keywords must be in force here (a custom meta-schema may turn their vocabularies off).
  if (!seen.keywords.includes('required') || !seen.keywords.includes('properties')) return out
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
  const all = branches.map((b) => discriminants(b))
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!
      const b = all[j]!
      if (![...a].some(([name, x]) => b.has(name) && disjoint(x, b.get(name)!))) return false
    }
  }
  return true
}

/**
 * Generated code: true when some branch passes, stopping at the first (each behind its guard).
 * Branches whose `type` excludes the value's are left out (the code is written per instance
 * type). From three branches on, what every branch checks alike (`sharedTest`) is tested once
 * after the first branch fails (unless it is a closed object the value's keys do not fit: the
 * value was meant for another branch): when it fails the rest are not run.
 */
export function somePasses(g: EmitContext, all: readonly SchemaHandle[]): Code | EmitBlock {
  const branches = all.filter((b) => admitsType(b, g.type))
  if (branches.length === 0) return js`false`
  const each = branches.map((b) => guardedBranch(g, b))
  const shared = branches.length >= 3 ? sharedTest(g, branches) : js`true`
  if (shared === 'true') return js`(${joinCode(each, js` || `)})`
  const rest = joinCode(each.slice(1), js` || `)
  const names = closedNames(branches[0]!)
  if (names === undefined) return js`(${each[0]!} || (${shared} && (${rest})))`
  const ok = g.local()
  const fit = noUnknownKeys(g, names, () => [])
  return { setup: js`${ok} = ${each[0]!}; if (!${ok}) { ${fit.setup} ${ok} = (!${fit.test} || ${shared}) && (${rest}); }`, test: ok }
}

/**
 * The expression applying a branch to `x`, behind a one-comparison guard when the branch
 * requires a property value (only on the object code: elsewhere `required` does not apply).
 */
export function guardedBranch(g: EmitContext, handle: SchemaHandle): Code {
  const apply = g.apply(handle, js`x`)
  if (g.type !== 'object') return apply
  const [first] = discriminants(handle)
  if (first === undefined) return apply
  const [name, a] = first
  return js`(${admitsCode(a, js`x[${literal(name)}]`)} && ${apply})`
}

/** Generated code: the value of the expression `v` is one `a` allows (`v` may be read twice). */
function admitsCode(a: Allowed, v: Code): Code {
  if ('values' in a) return js`(${joinCode(a.values.map((value) => js`${v} === ${literal(value)}`), js` || `)})`
  return js`(typeof ${v} === 'string' && ${v}.startsWith(${literal(a.prefix)}))`
}

/**
 * A tagged union's discriminator: the property, and what each branch allows there. Found in the
 * branches (`findDiscriminator`) or declared (`declaredDiscriminator`, from OpenAPI's
 * `discriminator`); either way routed by `routeOf` and applied by `applyMeant`.
 */
export interface Discriminator {
  name: string
  allowed: Allowed[]
  /**
   * Whether only an own property is a tag (a declared discriminator). A found one reads `x[name]`
   * inherited or not: every branch requires it as an own property, so an inherited tag fails the
   * branch it selects on `required` (and every other branch too).
   */
  own: boolean
}

/**
 * The discriminator declared for `branches` branches: property `name`, and for each tag value the
 * index of the branch it selects (a branch may have several values). Allocates the table once.
 */
export function declaredDiscriminator(name: string, tags: ReadonlyMap<string, number>, branches: number): Discriminator {
  const values: string[][] = Array.from({ length: branches }, () => [])
  for (const [tag, i] of tags) values[i]!.push(tag)
  return { name, allowed: values.map((v) => ({ values: v })), own: true }
}

/**
 * The property every branch requires with values no two branches share (the first such in the
 * first branch's `required`), or null.
 */
export function findDiscriminator(branches: readonly SchemaHandle[]): Discriminator | null {
  if (branches.length < 2) return null
  const all = branches.map(discriminants)
  for (const name of all[0]!.keys()) {
    const allowed = all.map((d) => d.get(name))
    if (allowed.some((a) => a === undefined)) continue
    const each = allowed as Allowed[]
    if (each.every((a, i) => each.every((b, j) => j <= i || disjoint(a, b)))) return { name, allowed: each, own: false }
  }
  return null
}

/** The compiled form of `anyOf`/`oneOf`: the branches, and their discriminator once looked for. */
export class Branches {
  constructor(
    readonly handles: SchemaHandle[],
    /** Undefined until looked for; given when declared. */
    public discriminator: Discriminator | null | undefined = undefined,
  ) {}
}

/** The discriminator of `c`, looked for at the first use (when every subschema has compiled). */
export function discriminatorOf(c: Branches): Discriminator | null {
  return c.discriminator === undefined ? (c.discriminator = findDiscriminator(c.handles)) : c.discriminator
}

function admits(a: Allowed, v: unknown): boolean {
  return 'values' in a ? a.values.includes(v as string) : typeof v === 'string' && v.startsWith(a.prefix)
}

/**
 * The branch an object's tag selects, or -1 (not an object, no tag, or no branch allows it). The
 * tag is `x[name]`, an own property only when `d.own`.
 */
export function routeOf(d: Discriminator, x: unknown): number {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return -1
  if (d.own && !hasOwn(x, d.name)) return -1
  const v = (x as Record<string, unknown>)[d.name]
  for (let i = 0; i < d.allowed.length; i++) if (admits(d.allowed[i]!, v)) return i
  return -1
}

/**
 * Applies the branch the tag selected (`meant`, or -1 for none: false, the caller reports why):
 * every other branch fails, so its answer is the keyword's and its issues are the only ones.
 * Where every branch must be evaluated the others run too, their issues dropped.
 */
export function applyMeant(c: Branches, meant: number, x: unknown, ctx: RunContext): boolean {
  const handles = c.handles
  if (!ctx.exhaustive) return meant >= 0 && ctx.apply(handles[meant]!, x)
  let ok = false
  for (let i = 0; i < handles.length; i++) {
    if (i === meant) {
      ok = ctx.apply(handles[i]!, x)
      continue
    }
    const mark = ctx.errorMark()
    ctx.apply(handles[i]!, x)
    ctx.resetErrors(mark)
  }
  return ok
}

/**
 * Generated code for a tagged union on the object code: the tag picks the one branch to apply,
 * whose failure is the step's (transparent); no tag or an unknown one fails the step itself,
 * explained by evaluating it (every branch reported).
 */
export function routeCode(g: EmitContext, d: Discriminator, branches: readonly SchemaHandle[]): EmitBlock {
  const t = g.local()
  const chain = joinCode(branches.map((b, i) => js`${admitsCode(d.allowed[i]!, t)} ? ${g.apply(b, js`x`)} : `), js``)
  return { test: js`((${t} = x[${literal(d.name)}]), ${chain}${g.fail()})`, transparent: true }
}
