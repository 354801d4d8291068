import { defineKeyword, hasOwn, joinCode, js, literal } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { compileSchemaMap } from './_shared.ts'
import { SINCE_2019 } from '../dialects.ts'

/**
 * `dependentSchemas`: when the object has a property, the whole object must be valid against
 * that property's schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.2.2.4
 */
export const dependentSchemasKeyword = defineKeyword<unknown, [string, SchemaHandle][]>({
  keyword: 'dependentSchemas',
  vocabulary: 'applicator',
  dialects: SINCE_2019,
  schemaShape: 'schemaMap',
  applies: 'in-place',
  instanceTypes: ['object'],
  compile: compileSchemaMap,
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
    let ok = true
    for (const [name, handle] of entries) {
      // A subschema that cannot fail is not applied, and the object not read for it (as in
      // generated code: a revoked Proxy is read by neither tier there).
      if (!handle.asserts && !ctx.exhaustive) continue
      if (hasOwn(o, name) && !ctx.apply(handle, x)) {
        ok = false
        if (!ctx.exhaustive && !(ctx.collecting && ctx.allErrors)) return false
      }
    }
    return ok
  },
  emit(entries, g) {
    const own = g.constant(hasOwn)
    const terms = entries.map(([name, h]) => [name, g.apply(h, js`x`)] as const).filter(([, c]) => c !== 'true')
    const test = joinCode(terms.map(([name, c]) => js`(!${own}(x, ${literal(name)}) || ${c})`), js` && `)
    return { test: terms.length === 0 ? js`true` : test, transparent: true }
  },
  defaults(entries, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const [name, handle] of entries) if (hasOwn(x, name)) ctx.fillHere(handle)
  },
})
