import { defineKeyword, hasOwn, joinCode, js, literal } from '../../core/index.ts'
import type { Code, EmitBlock, EmitContext, SchemaHandle } from '../../core/index.ts'
import { compileSchemaMap } from './_shared.ts'

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
    // An open schema with many optional names (a meta-schema, an options bag) usually meets
    // objects holding few of them: its generated check walks the object's keys.
    if (entries.length >= SPARSE_FROM && !hasOwn(ctx.schema, 'required') && !hasOwn(ctx.schema, 'additionalProperties')) sparse.add(entries)
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
    if (!sparse.has(entries)) return { test: inOrder, transparent: true }
    return { ...byKeys(entries, g), transparent: true }
  },
  defaults(entries, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const [name, handle] of entries) ctx.fill(handle, x, name)
  },
})

/** From this many names on, an open `properties` counts as sparse (see `compile`). */
const SPARSE_FROM = 8
const sparse = new WeakSet<object>()

/**
 * One switch per own key of the object instead of a read per name. A failure records this step
 * (`g.fail()`), which the interpreter then explains in the schema's order, so the failure reported
 * is the interpreter's. (Running the reads in order again here instead would evaluate the failing
 * subschema twice per level: exponential in the nesting of sparse objects, as in meta-schemas.)
 */
function byKeys(entries: [string, SchemaHandle][], g: EmitContext): EmitBlock {
  const keys = g.local()
  const i = g.local()
  const k = g.local()
  const ok = g.local()
  const cases: Code[] = []
  for (const [name, handle] of entries) {
    const child = g.apply(handle, js`x[${k}]`)
    if (child !== 'true') cases.push(js`case ${literal(name)}: if (x[${k}] !== undefined && !${child}) ${ok} = false; break;`)
  }
  if (cases.length === 0) return { test: js`true` }
  return {
    setup: js`${ok} = true; ${keys} = ${g.constant(Object.getOwnPropertyNames)}(x);
for (${i} = 0; ${ok} && ${i} < ${keys}.length; ${i}++) { ${k} = ${keys}[${i}]; switch (${k}) { ${joinCode(cases, js` `)} } }
if (!${ok}) ${ok} = ${g.fail()};`,
    test: ok,
  }
}
