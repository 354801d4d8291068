import { defineKeyword, hasOwn } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
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
  compile: compileSchemaMap,
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
    const tracker = ctx.evaluated
    const keepGoing = ctx.collecting && ctx.allErrors
    let ok = true
    for (let i = 0; i < entries.length; i++) {
      const [name, handle] = entries[i]!
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
    const terms: string[] = []
    for (const [name, handle] of entries) {
      const key = JSON.stringify(name)
      const child = g.apply(handle, v, key)
      if (child !== 'true') terms.push(`((${v} = x[${key}]) === undefined || !${g.own(name)} || ${child})`)
    }
    return { test: terms.length === 0 ? 'true' : terms.join(' && '), transparent: true }
  },
  defaults(entries, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const [name, handle] of entries) ctx.fill(handle, x, name)
  },
})
