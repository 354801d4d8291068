import { defineKeyword, excerpt } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { SINCE_2019 } from '../dialects.ts'

/** `unevaluatedItems` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Unevaluated {
  constructor(
    readonly handle: SchemaHandle,
    readonly forbidden: boolean,
  ) {}
}

/**
 * `unevaluatedItems`: items that no adjacent keyword evaluated must be valid against this schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-11.2
 */
export const unevaluatedItemsKeyword = defineKeyword<unknown, Unevaluated>({
  keyword: 'unevaluatedItems',
  vocabulary: 'unevaluated',
  dialects: SINCE_2019,
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['array'],
  phase: 1,
  compile: (value, ctx) => new Unevaluated(ctx.subschema(), value === false),
  validate(c, x, ctx) {
    const tracker = ctx.evaluated!
    const a = x as unknown[]
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    for (let i = 0; i < a.length; i++) {
      if (tracker.hasItem(i)) continue
      if (c.forbidden) {
        // The message is built only on the failure pass.
        if (ctx.collecting) ctx.report({ unevaluatedItem: i }, `must not have an item at index ${i} (no further items are allowed; got ${excerpt(a[i])})`)
        ok = false
      } else if (!ctx.apply(c.handle, a[i], i)) {
        ok = false
      }
      if (!ok && !keepGoing) return false
    }
    if (ok) tracker.markAllItems()
    return ok
  },
})
