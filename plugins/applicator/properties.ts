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
    // Whether objects fill most names or few cannot be told from the schema (a configuration
    // document fills most of an open 50-name `properties`), so the generated check reads the
    // names in order unless the compile knows its objects hold few of them: a meta-schema check,
    // whose schema objects use a handful of the meta-schema's many keywords each.
    if (ctx.options.keyWalk === true && entries.length >= KEY_WALK_FROM && !hasOwn(ctx.schema, 'required') && !hasOwn(ctx.schema, 'additionalProperties')) {
      keyWalk.add(entries)
    }
    return entries
  },
  mustHold(entries, segment) {
    if (typeof segment !== 'string') return []
    for (const [name, handle] of entries) if (name === segment) return [handle]
    return []
  },
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
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
    if (!keyWalk.has(entries)) return { test: inOrder, transparent: true }
    return { ...byKeys(entries, g), transparent: true }
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
const forbidsOthers = new WeakSet<object>()
/** Node bodies (their emit context) in which `properties` has tested the keys. */
const scanned = new WeakSet<EmitContext>()

/** Called by `additionalProperties: false` as it compiles for `schema`. */
export function closeAhead(schema: object): void {
  forbidsOthers.add(schema)
}

/**
 * Whether `properties` has tested the keys earlier in the node body `g` is writing: an
 * `additionalProperties: false` without patterns then needs no code of its own.
 */
export function keysTested(g: EmitContext): boolean {
  return scanned.has(g)
}

/** From this many names on, an open `properties` under a key-walk compile walks the keys (see `compile`). */
const KEY_WALK_FROM = 8
const keyWalk = new WeakSet<object>()

/**
 * One dispatch per own key of the object instead of a read per name: the key's index in a `Map`
 * (a hash lookup, where a `switch` on the names is a chain of string compares), then a `switch`
 * on that small integer (a jump table). A failure records this step
 * (`g.fail()`), which the interpreter then explains in the schema's order, so the failure reported
 * is the interpreter's. (Running the reads in order again here instead would evaluate the failing
 * subschema twice per level: exponential in the nesting of sparse objects, as in meta-schemas.)
 */
function byKeys(entries: [string, SchemaHandle][], g: EmitContext): EmitBlock {
  const keys = g.local()
  const i = g.local()
  const k = g.local()
  const ok = g.local()
  const v = g.local()
  const cases: Code[] = []
  const index = new Map<string, number>()
  for (const [name, handle] of entries) {
    const child = g.apply(handle, v)
    if (child === 'true') continue
    cases.push(js`case ${literal(cases.length)}: if ((${v} = x[${k}]) !== undefined && !${child}) ${ok} = false; break;`)
    index.set(name, cases.length - 1)
  }
  if (cases.length === 0) return { test: js`true` }
  return {
    setup: js`${ok} = true; ${keys} = ${g.constant(Object.getOwnPropertyNames)}(x);
for (${i} = 0; ${ok} && ${i} < ${keys}.length; ${i}++) { ${k} = ${keys}[${i}]; switch (${g.constant(index)}.get(${k})) { ${joinCode(cases, js` `)} } }
if (!${ok}) ${ok} = ${g.fail()};`,
    test: ok,
  }
}
