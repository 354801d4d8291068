import { defineKeyword, joinCode, js } from '../../core/index.ts'
import { compileStringArray, dependentText, present, presentCode } from './_shared.ts'
import { SINCE_2019 } from '../dialects.ts'

/**
 * `dependentRequired`: when a property is present, these others must be too.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.4
 */
export const dependentRequiredKeyword = defineKeyword<unknown, [string, string[]][]>({
  keyword: 'dependentRequired',
  vocabulary: 'validation',
  dialects: SINCE_2019,
  instanceTypes: ['object'],
  compile(value, ctx) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail('dependentRequired must be an object')
    return Object.entries(value as object).map(([k, v]) => [k, compileStringArray(v, ctx, k)])
  },
  validate(entries, x, ctx) {
    const o = x as Record<string, unknown>
    let ok = true
    for (const [name, deps] of entries) {
      if (!present(o, name)) continue
      for (const dep of deps) {
        if (present(o, dep)) continue
        if (!ctx.collecting) return false
        ok = false
        ctx.report(
          { property: name, missingProperty: dep, depsCount: deps.length, deps: deps.join(', ') },
          dependentText(dep, name, o),
        )
        if (!ctx.allErrors) return false
      }
    }
    return ok
  },
  // A failure is explained by `validate` (which names the missing property).
  emit(entries, g) {
    const terms = entries.filter(([, deps]) => deps.length > 0).map(([name, deps]) => js`(!${presentCode(name, g)} || ${joinCode(deps.map((dep) => presentCode(dep, g)), js` && `)})`)
    return terms.length === 0 ? js`true` : joinCode(terms, js` && `)
  },
})
