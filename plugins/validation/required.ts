import { defineKeyword, joinCode, js } from '../../core/index.ts'
import type { RunContext } from '../../core/index.ts'
import { compileStringArray, missingText, present } from './_shared.ts'
import { requiredError } from './_errors.ts'
import { requiredBeforeWalk, requiredWalk } from '../applicator/properties.ts'

function reportMissing(names: string[], o: Record<string, unknown>, ctx: RunContext): boolean {
  let ok = true
  for (const name of names) {
    if (present(o, name)) continue
    ok = false
    ctx.report({ missingProperty: name }, missingText(name, o))
  }
  return ok
}


/**
 * `required`: these own properties must be present (`required: ["constructor"]` is not met by
 * `{}`). With `allErrors`, one issue per missing name.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.3
 */
export const requiredKeyword = defineKeyword<unknown, string[]>({
  keyword: 'required',
  vocabulary: 'validation',
  instanceTypes: ['object'],
  compile(value, ctx) {
    // A copy: the walk hangs its entries on it (see `requiredBeforeWalk`), and the schema is the caller's.
    const names = compileStringArray(value, ctx).slice()
    if (names.length === 0) return undefined
    requiredBeforeWalk(ctx.schema, names)
    return names
  },
  validate(names, x, ctx) {
    const o = x as Record<string, unknown>
    if (ctx.collecting && ctx.allErrors) return reportMissing(names, o, ctx)
    for (let i = 0; i < names.length; i++) if (!present(o, names[i]!)) return false
    return true
  },
  // Where the sibling `properties` walks the object's keys, the names are counted there.
  emit: (names, g) =>
    requiredWalk(g, names) ??
    joinCode(
      names.map((name) => {
        const own = g.own(name)
        g.ensure(name)
        return own === 'true' ? js`(${g.read(name)} !== undefined)` : js`(${g.read(name)} !== undefined && ${own})`
      }),
      js` && `,
    ),
  error: requiredError,
})
