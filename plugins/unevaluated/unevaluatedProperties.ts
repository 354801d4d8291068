import { defineKeyword, excerpt, KEY_WORK } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { SINCE_2019 } from '../dialects.ts'

/** `unevaluatedProperties` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Unevaluated {
  constructor(
    readonly handle: SchemaHandle,
    readonly forbidden: boolean,
  ) {}
}

/**
 * `unevaluatedProperties`: properties that no adjacent keyword (including in-place subschemas
 * that passed) evaluated must be valid against this schema. Runs after its siblings; the kernel
 * collects evaluated locations only where a schema like this one needs them.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-11.3
 */
export const unevaluatedPropertiesKeyword = defineKeyword<unknown, Unevaluated>({
  keyword: 'unevaluatedProperties',
  vocabulary: 'unevaluated',
  dialects: SINCE_2019,
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['object'],
  phase: 1,
  compile: (value, ctx) => new Unevaluated(ctx.subschema(), value === false),
  validate(c, x, ctx) {
    const tracker = ctx.evaluated!
    const o = x as Record<string, unknown>
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    const keys = Object.keys(o)
    if (ctx.budgeted) ctx.charge(keys.length * KEY_WORK)
    for (const key of keys) {
      if (o[key] === undefined || tracker.hasProperty(key)) continue
      if (c.forbidden) {
        // The message is built only on the failure pass.
        if (ctx.collecting) ctx.report({ unevaluatedProperty: key }, `must not have property ${excerpt(key, 200)} (it is not defined by the schema; remove it)`)
        ok = false
      } else if (!ctx.apply(c.handle, o[key], key)) {
        ok = false
      }
      if (!ok && !keepGoing) return false
    }
    if (ok) tracker.markAllProperties()
    return ok
  },
})
