import { defineKeyword, hasOwn, joinCode, js, literal } from '../../core/index.ts'
import type { Code, EmitBlock, EmitContext, SchemaHandle } from '../../core/index.ts'
import { compileSchemaMap, noUnknownKeys } from './_shared.ts'

/**
 * `properties`: each own property named here must be valid against its schema. A property whose
 * value is `undefined` counts as absent, as in `JSON.stringify`.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.2.1
 */
export const propertiesKeyword = defineKeyword<unknown, [string, SchemaHandle][]>({
  keyword: 'properties',
  vocabulary: 'applicator',
  schemaShape: 'schemaMap',
  applies: 'child',
  instanceTypes: ['object'],
  compile(value, ctx) {
    const entries = compileSchemaMap(value, ctx)
    // A closed object: the generated step may test the keys first (see `closedAhead`).
    if (ctx.schema.additionalProperties === false && !hasOwn(ctx.schema, 'patternProperties')) closedSchema.set(entries, ctx.schema)
    // Many optional names: the generated check walks the object's own keys (see `walk`), with
    // `required` counted there.
    // Fewer names than that walk nothing whatever `required` says: no set of its names to make.
    let optional = 0
    if (entries.length >= WALK_FROM) {
      const required = ctx.schema.required
      const requiredNames = new Set(Array.isArray(required) ? required.filter((n): n is string => typeof n === 'string') : [])
      for (const [name] of entries) if (!requiredNames.has(name)) optional++
    }
    if (optional >= WALK_FROM) {
      walked.set(entries, ctx.schema)
      shapes.set(entries, new Shapes())
      // The sibling `required` (compiled before this keyword, by rank) counts its names in the walk.
      const names = pendingRequired.get(ctx.schema)
      if (names !== undefined) (names as WalkedNames).walkEntries = entries
    }
    if (pendingRequired.size !== 0) pendingRequired.delete(ctx.schema)
    return entries
  },
  mustHold(entries, segment) {
    if (typeof segment !== 'string') return []
    for (const [name, handle] of entries) if (name === segment) return [handle]
    return []
  },
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
    // The interpreted calls before tier-up: how many key orders this node's objects come in.
    const seen = shapes.get(entries)
    if (seen !== undefined && seen.objects < Shapes.WATCHED) seen.note(o)
    const tracker = ctx.evaluated
    const keepGoing = ctx.collecting && ctx.allErrors
    let ok = true
    for (let i = 0; i < entries.length; i++) {
      const [name, handle] = entries[i]!
      if (!handle.asserts && !ctx.exhaustive) continue
      const v = o[name]
      if (v === undefined || !hasOwn(o, name)) continue
      if (tracker !== null) tracker.markProperty(name)
      if (!ctx.apply(handle, v, name)) {
        ok = false
        if (!keepGoing && !ctx.exhaustive) return false
      }
    }
    return ok
  },
  // Generated tier: constant keys make each read a named property load, cached per object shape.
  // The generated tier serves only the boolean pass, where stopping at a failure is safe.
  emit(entries, g) {
    const schema = walked.get(entries)
    if (schema !== undefined && walks(entries)) {
      // A sibling `required`, earlier in the node, walked the keys for both.
      if (walkedIn.has(g)) return js`true`
      return walk(entries, g, forbidsOthers.has(schema) && closedSchema.get(entries) === schema, [])
    }
    const v = g.local()
    const terms: Code[] = []
    for (const [name, handle] of entries) {
      const key = literal(name)
      // Present own property (an earlier `required`): its value as read there, no test.
      const known = g.known(name)
      const child = g.apply(handle, known ? g.read(name) : v, key)
      if (child === 'true') continue
      if (known) {
        terms.push(child)
        continue
      }
      const own = g.own(name)
      terms.push(js`((${v} = x[${key}]) === undefined || ${own === 'true' ? js`` : js`!${own} || `}${child})`)
    }
    const inOrder = terms.length === 0 ? js`true` : joinCode(terms, js` && `)
    const closed = closedSchema.get(entries)
    if (closed !== undefined && forbidsOthers.has(closed)) {
      // An unknown key fails the node whatever the values are: found before any value is checked.
      scanned.add(g)
      const scan = noUnknownKeys(g, entries.map(([name]) => name), () => [])
      return { setup: scan.setup, test: js`(${scan.test} || ${g.failNode()}) && ${inOrder}`, transparent: true }
    }
    return { test: inOrder, transparent: true }
  },
  defaults(entries, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const [name, handle] of entries) ctx.fill(handle, x, name)
  },
})

/**
 * `properties` of a schema with `additionalProperties: false` (and no `patternProperties`): the
 * generated step tests the object's keys before any value when that keyword compiled for the
 * same schema (`closeAhead`), so that an object with an unknown key is rejected without
 * evaluating its properties. A failure there records the whole node, which the interpreter then
 * explains in the schema's order: the issues are unchanged.
 */
const closedSchema = new WeakMap<[string, SchemaHandle][], object>()
/** Schemas whose `additionalProperties: false` has compiled (the keyword is in force there). */
export const forbidsOthers = new WeakSet<object>()
/** Node bodies (their emit context) in which `properties` (or, beside patterns, `patternProperties`) has tested the keys. */
export const scanned = new WeakSet<EmitContext>()

/** Called by `additionalProperties: false` as it compiles for `schema`. */
export function closeAhead(schema: object): void {
  forbidsOthers.add(schema)
}


/**
 * Whether `properties` (or `patternProperties`) has tested the keys earlier in the node body `g`
 * is writing: an `additionalProperties: false` then needs no code of its own.
 */
export function keysTested(g: EmitContext): boolean {
  return scanned.has(g)
}

/**
 * An open or closed `properties` with at least this many names not in a sibling `required`: its
 * objects (configuration documents, API payloads) set a few of them, in varied orders, so reading
 * every name misses the engine's inline caches on every object (a generic lookup each); walking
 * the object's own keys touches only what is there. Records of one shape with few optional names
 * keep the reads, which one object shape makes cheap.
 */
export const WALK_FROM = 12
/**
 * The key orders of the objects the interpreter saw at a node that may walk (the calls before
 * tier-up), up to `WATCHED` objects. Objects of a few shapes keep the reads: the engine caches a
 * read per shape for up to four shapes, and then a read of an absent name costs about a
 * nanosecond, less than a walk's dispatch per key.
 */
class Shapes {
  static readonly WATCHED = 64
  /** Past this many key orders, a read's cache has given up (V8 keeps four shapes per site). */
  static readonly FEW = 4
  objects = 0
  readonly orders = new Set<string>()
  note(o: Record<string, unknown>): void {
    this.objects++
    if (this.orders.size <= Shapes.FEW && typeof o === 'object' && o !== null) this.orders.add(Object.keys(o).join('\u0000'))
  }
}
const shapes = new WeakMap<object, Shapes>()

/**
 * Whether the generated code of a `properties` with many optional names walks the keys: yes,
 * unless the interpreted calls before tier-up saw its objects in at most `Shapes.FEW` key orders,
 * each met three times on average (records of one shape, a handful of documents validated
 * again and again). Objects all of different orders (real documents, each new) walk whatever
 * their number, as does a node with nothing seen (not reached yet, or a validator generating
 * at once): the walk's cost does not grow with the names declared, a megamorphic read's does.
 */
function walks(entries: object): boolean {
  const seen = shapes.get(entries)
  if (seen === undefined) return true
  const orders = seen.orders.size
  return orders === 0 || orders > Shapes.FEW || seen.objects < 3 * orders
}

/** `properties` walking keys, to the schema it sits in. */
const walked = new WeakMap<object, object>()
/**
 * A compiled `required` whose sibling `properties` may walk, by the schema they sit in, from the
 * `required` compile to the `properties` compile just after it in the same schema (which then
 * hangs its entries on the names). Not a WeakMap from the schema to the entries: V8's scavenger
 * keeps the value of a weak entry whose key has been promoted, so every compile's nodes stayed
 * reachable until the next full collection and each scavenge copied them (30 ms scavenges, cold
 * compiles 5-8x slower after the first few). An entry lives from one keyword's compile to the
 * next keyword's of the same schema; a compile that throws in between leaves it, hence the bound.
 */
const pendingRequired = new Map<object, readonly string[]>()
/** Called by `required` as it compiles: `names` will be counted in the sibling walk, if it walks. */
export function requiredBeforeWalk(schema: object, names: readonly string[]): void {
  const properties = (schema as Record<string, unknown>).properties
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return
  if (pendingRequired.size >= 64) pendingRequired.clear()
  pendingRequired.set(schema, names)
}
/** A compiled `required` whose sibling `properties` walks: its entries (see `requiredWalk`). */
type WalkedNames = readonly string[] & { walkEntries?: [string, SchemaHandle][] }
/** Node bodies (emit contexts) in which the walk has been written. */
const walkedIn = new WeakSet<EmitContext>()

/**
 * Called by `required` as it emits for `schema` in the node body `g`: where the sibling
 * `properties` walks the keys, the walk itself, written here with `names` counted in it (the
 * `properties` step then needs no code of its own); otherwise undefined. The walk goes where the
 * first of the two steps stands, so every step after it runs only when both passed, and a
 * failure in it records the node: the issues are the interpreter's, in its order.
 */
export function requiredWalk(g: EmitContext, names: readonly string[]): EmitBlock | undefined {
  const entries = (names as WalkedNames).walkEntries
  const schema = entries === undefined ? undefined : walked.get(entries)
  if (entries === undefined || schema === undefined || g.type !== 'object' || !walks(entries)) return undefined
  return walk(entries, g, forbidsOthers.has(schema) && closedSchema.get(entries) === schema, names)
}

/**
 * One pass over the object's own enumerable keys (`for...in`, an own test per key: an inherited
 * key, from a polluted `Object.prototype`, is never one of them, and no prototype test is needed):
 * a `switch` on the key (up to 32 names; above, a `Map` to an index and a `switch` on that), each
 * case applying its subschema to the value; the names `required` left to the walk counted as
 * they are met; where `additionalProperties` is `false`, any other key fails (`default`). A
 * failure records the node, which the interpreter explains from its steps in order, so the
 * issues are the interpreter's whatever the key order.
 */
function walk(entries: [string, SchemaHandle][], g: EmitContext, closed: boolean, required: readonly string[]): EmitBlock {
  walkedIn.add(g)
  const left = new Set(required)
  const k = g.local()
  const v = g.local()
  const ok = g.local()
  const n = g.local()
  const hop = g.constant(hasOwn)
  const bodies = new Map<string, Code>()
  const counted = new Set<string>()
  for (const [name, handle] of entries) {
    if (bodies.has(name)) continue
    const child = g.apply(handle, v)
    const count = left.has(name)
    if (count) counted.add(name)
    if (child === 'true' && !count && !closed) continue
    const test = child === 'true' ? js`` : js` if (!${child}) { ${ok} = false; break; }`
    bodies.set(name, js`if ((${v} = x[${k}]) === undefined || !${hop}(x, ${k})) break;${count ? js` ${n}++;` : js``}${test}`)
  }
  // Required names that `properties` does not declare: counted too; where the object is closed
  // such a key is also an additional property, which fails the node (as the `default` would).
  for (const name of left) {
    if (bodies.has(name)) continue
    counted.add(name)
    const count = js`if (x[${k}] === undefined || !${hop}(x, ${k})) break; ${n}++;`
    bodies.set(name, closed ? js`${count} ${ok} = false;` : count)
  }
  if (closed) scanned.add(g)
  if (bodies.size === 0) return { test: js`true` }
  const other = closed ? js`default: if (x[${k}] !== undefined && ${hop}(x, ${k})) ${ok} = false;` : js``
  let on: Code = k
  if (bodies.size > 32) on = js`${g.constant(new Map([...bodies.keys()].map((name, i) => [name, i])))}.get(${k})`
  const cases = joinCode([...bodies].map(([name, body], i) => js`case ${bodies.size <= 32 ? literal(name) : literal(i)}: ${body} break;`), js` `)
  // A `break` in a case leaves the switch; `ok` false leaves the loop.
  const need = counted.size === 0 ? js`` : js`if (${ok} && ${n} !== ${literal(counted.size)}) ${ok} = false; `
  // `for...in` lists enumerable keys only, where the reads of the interpreter (and of the
  // unwalked code) see every own property. The keys listed, counted against the object's own
  // names, tell whether a non-enumerable one is there (JSON never makes one): exactly, where the
  // walk lists own keys only (`listsOwnOnly`, tested once per object instead of an own test per
  // key); elsewhere the object's own names are gone through (`hasHiddenKey`). An object with
  // one is left to the interpreter (the check throws): a second copy of every case here, for
  // keys no JSON value has, made the function too large to optimize well (clang-format's walk
  // ran at half speed).
  const own = g.local()
  const hidden = js`if (${ok} && (${g.constant(listsOwnOnly)}(x) ? ${own} !== ${g.constant(Object.getOwnPropertyNames)}(x).length : ${g.constant(hasHiddenKey)}(x))) throw ${g.constant(HIDDEN_KEY)};
`
  return {
    setup: js`${ok} = true; ${n} = 0; ${own} = 0; for (${k} in x) { ${own}++; switch (${on}) { ${cases} ${other} } if (!${ok}) break; }
${hidden}${need}if (!${ok}) ${ok} = ${g.failNode()};`,
    test: ok,
  }
}

const getPrototypeOf = Object.getPrototypeOf
const objectPrototype = Object.prototype

/**
 * Whether `for...in` over `x` lists its own keys only: its prototype is null, or Object.prototype
 * holding no enumerable key (nothing sets its prototype). A Proxy answers through its traps.
 */
function listsOwnOnly(x: object): boolean {
  const p: unknown = getPrototypeOf(x)
  if (p === null) return true
  if (p !== objectPrototype) return false
  for (const _ in objectPrototype) return false
  return true
}

const propertyIsEnumerable = Object.prototype.propertyIsEnumerable
/** Whether `x` has an own string key that is not enumerable (one `for...in` does not list). */
function hasHiddenKey(x: object): boolean {
  for (const key of Object.getOwnPropertyNames(x)) if (!propertyIsEnumerable.call(x, key)) return true
  return false
}
/** Thrown by a walk that met a non-enumerable own key: the interpreter answers for that object. */
const HIDDEN_KEY = Object.freeze({ hiddenKey: true })
