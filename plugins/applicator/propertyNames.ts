import { defineKeyword, excerpt, hasOwn, js, KEY_WORK } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { SINCE_06 } from '../dialects.ts'

/**
 * `propertyNames`: every property name must be valid against the subschema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.2.4
 */
export const propertyNamesKeyword = defineKeyword<unknown, SchemaHandle>({
  keyword: 'propertyNames',
  dialects: SINCE_06,
  vocabulary: 'applicator',
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['object'],
  compile: (_value, ctx) => ctx.subschema(),
  validate(handle, x, ctx) {
    if (!handle.asserts && !ctx.exhaustive) return true
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    const keys = Object.keys(x as object)
    if (ctx.budgeted) ctx.charge(keys.length * KEY_WORK)
    for (const key of keys) {
      const mark = ctx.collecting ? ctx.errorMark() : 0
      if (!ctx.apply(handle, key)) {
        ok = false
        if (ctx.collecting) {
          // Reported at the offending name, with the subschema's reasons in one message: those
          // issues sit at the object's path, where they read as if the object itself were wrong.
          const reasons = ctx.takeErrors(mark).filter((r) => r.keyword !== 'false schema')
          const why = reasons.length === 0 ? ' (no property names are allowed here)' : `: ${reasons.slice(0, 3).map((r) => r.message).join('; ')}`
          ctx.report({ propertyName: key }, `property name ${excerpt(key, 200)} is not allowed${why}`, key)
        }
        if (!keepGoing) return false
      }
    }
    return ok
  },
  emit(handle, g) {
    const k = g.local()
    const ok = g.local()
    const child = g.apply(handle, k)
    if (child === 'true') return js`true`
    return { setup: js`${ok} = true; for (${k} in x) { if (${g.constant(hasOwn)}(x, ${k}) && !${child}) { ${ok} = false; break; } }`, test: ok }
  },
})
