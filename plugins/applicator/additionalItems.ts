import { defineKeyword } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { tooManyItems } from './_shared.ts'
import { UNTIL_2019 } from '../dialects.ts'

/** `additionalItems` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class AdditionalItems {
  constructor(
    readonly handle: SchemaHandle,
    /** Items before this index belong to the array-form `items`. */
    readonly from: number,
    readonly forbidden: boolean,
  ) {}
}

/**
 * `additionalItems` (draft-07, 2019-09): items after an array-form `items` must be valid against
 * this schema. Without array-form `items` it does nothing.
 * @see https://json-schema.org/draft/2019-09/json-schema-core#section-9.3.1.2
 */
export const additionalItemsKeyword = defineKeyword<unknown, AdditionalItems>({
  keyword: 'additionalItems',
  vocabulary: 'applicator',
  dialects: UNTIL_2019,
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['array'],
  compile(value, ctx) {
    const items = ctx.schema.items
    if (!Array.isArray(items)) return undefined
    return new AdditionalItems(ctx.subschema(), items.length, value === false)
  },
  mustHold: (c, segment) => (typeof segment === 'number' && segment >= c.from ? [c.handle] : []),
  validate(c, x, ctx) {
    const a = x as unknown[]
    if (!c.forbidden && !c.handle.asserts && !ctx.exhaustive) return true
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    for (let i = c.from; i < a.length; i++) {
      if (c.forbidden) {
        // The message is built only on the failure pass.
        if (ctx.collecting) ctx.report({ limit: c.from }, tooManyItems(c.from, a.length))
        return false
      }
      if (!ctx.apply(c.handle, a[i], i)) {
        ok = false
        if (!keepGoing) return false
      }
    }
    if (a.length > c.from) ctx.evaluated?.markAllItems()
    return ok
  },
  defaults(c, x, ctx) {
    if (!ctx.owns(x) || !Array.isArray(x)) return
    for (let i = c.from; i < x.length; i++) ctx.fill(c.handle, x, i)
  },
})
