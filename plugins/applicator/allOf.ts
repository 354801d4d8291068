import { defineKeyword, joinCode, js } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { compileSchemaArray } from './_shared.ts'

/**
 * `allOf`: the value must be valid against every subschema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.2.1.1
 */
export const allOfKeyword = defineKeyword<unknown, SchemaHandle[]>({
  keyword: 'allOf',
  vocabulary: 'applicator',
  schemaShape: 'schemaArray',
  applies: 'in-place',
  compile: compileSchemaArray,
  mustHold: (branches, segment) => (segment === undefined ? branches : []),
  validate(branches, x, ctx) {
    let ok = true
    for (const b of branches) {
      if (!ctx.apply(b, x)) {
        ok = false
        if (!ctx.exhaustive && !(ctx.collecting && ctx.allErrors)) return false
      }
    }
    return ok
  },
  emit(branches, g) {
    const terms = branches.map((b) => g.apply(b, js`x`)).filter((c) => c !== 'true')
    return { test: terms.length === 0 ? js`true` : joinCode(terms, js` && `), transparent: true }
  },
  defaults(branches, _x, ctx) {
    for (const b of branches) ctx.fillHere(b)
  },
})
