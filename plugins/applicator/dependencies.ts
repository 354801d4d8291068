import { defineKeyword, hasOwn, joinCode, js } from '../../core/index.ts'
import type { Code, SchemaHandle } from '../../core/index.ts'
import { dependentText, presentCode } from '../validation/_shared.ts'

type Dependency = [name: string, required: string[] | null, handle: SchemaHandle | null]

/**
 * `dependencies` (draft-07, kept for compatibility in later drafts): for each present property,
 * either a list of other required properties (as `dependentRequired`) or a schema the whole
 * object must match (as `dependentSchemas`).
 * @see https://json-schema.org/draft-07/json-schema-validation#section-6.5.7
 */
export const dependenciesKeyword = defineKeyword<unknown, Dependency[]>({
  keyword: 'dependencies',
  vocabulary: 'applicator',
  schemaShape: 'schemaMap',
  applies: 'in-place',
  instanceTypes: ['object'],
  compile(value, ctx) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail('dependencies must be an object')
    return Object.entries(value as Record<string, unknown>).map(([name, dep]): Dependency => {
      if (Array.isArray(dep)) {
        if (dep.some((d) => typeof d !== 'string')) ctx.fail('a dependency list must hold strings', name)
        return [name, dep as string[], null]
      }
      return [name, null, ctx.subschema(name)]
    })
  },
  validate(deps, x, ctx) {
    const o = x as Record<string, unknown>
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    for (const [name, required, handle] of deps) {
      // A dependency that cannot fail (a subschema that asserts nothing, no names) reads nothing,
      // as in generated code: both tiers meet an unreadable object alike.
      if (handle !== null ? !handle.asserts && !ctx.exhaustive : required!.length === 0) continue
      if (!hasOwn(o, name) || o[name] === undefined) continue
      if (handle !== null) {
        if (!ctx.apply(handle, x)) ok = false
      } else {
        for (const dep of required!) {
          if (hasOwn(o, dep) && o[dep] !== undefined) continue
          ok = false
          // The message is built only on the failure pass.
          if (ctx.collecting) ctx.report(
            { property: name, missingProperty: dep, depsCount: required!.length, deps: required!.join(', ') },
            dependentText(dep, name, o),
          )
          if (!keepGoing) return false
        }
      }
      if (!ok && !keepGoing) return false
    }
    return ok
  },
  // A schema dependency fails through its subschema; a missing listed property fails here, and
  // `g.fail()` hands that failure to `validate` to explain.
  emit(deps, g) {
    const terms: Code[] = []
    for (const [name, required, handle] of deps) {
      const test = handle !== null ? g.apply(handle, js`x`) : required!.length === 0 ? 'true' : js`(${joinCode(required!.map((dep) => presentCode(dep, g)), js` && `)} || ${g.fail()})`
      if (test !== 'true') terms.push(js`(!${presentCode(name, g)} || ${test})`)
    }
    return { test: terms.length === 0 ? js`true` : joinCode(terms, js` && `), transparent: true }
  },
  defaults(deps, x, ctx) {
    if (!ctx.owns(x) || Array.isArray(x)) return
    for (const [name, , handle] of deps) if (handle !== null && hasOwn(x, name)) ctx.fillHere(handle)
  },
})
