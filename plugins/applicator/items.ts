import { defineKeyword, js, literal } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { eachItem, tooManyItems } from './_shared.ts'
import { SINCE_2020 } from '../dialects.ts'

/** `items` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Items {
  constructor(
    readonly handle: SchemaHandle,
    /** Items before this index belong to `prefixItems`. */
    readonly from: number,
    /** `items: false`: no item past the prefix, reported once at the array with the limit. */
    readonly forbidden: boolean,
  ) {}
}

/**
 * `items` (2020-12): every item after those of `prefixItems` must be valid against the schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.1.2
 */
export const itemsKeyword = defineKeyword<unknown, Items>({
  keyword: 'items',
  vocabulary: 'applicator',
  dialects: SINCE_2020,
  accepts: (value) => typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value)),
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['array'],
  compile(value, ctx) {
    if (Array.isArray(value)) ctx.fail('items must be a schema (use prefixItems for tuples)')
    const prefix = ctx.schema.prefixItems
    return new Items(ctx.subschema(), Array.isArray(prefix) ? prefix.length : 0, value === false)
  },
  mustHold: (c, segment) => (typeof segment === 'number' && segment >= c.from ? [c.handle] : []),
  validate(c, x, ctx) {
    const a = x as unknown[]
    if (!c.handle.asserts && !ctx.exhaustive) return true
    // `items: false` is a length test: no item is read (as in generated code, so a throwing
    // getter on an item past the prefix is the same `items` issue in both tiers).
    if (c.forbidden && !ctx.exhaustive) {
      if (a.length <= c.from) return true
      if (ctx.collecting) ctx.report({ limit: c.from }, tooManyItems(c.from, a.length))
      return false
    }
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    for (let i = c.from; i < a.length; i++) {
      if (!ctx.apply(c.handle, a[i], i)) {
        ok = false
        if (!keepGoing) return false
      }
    }
    ctx.evaluated?.markAllItems()
    return ok
  },
  // `items: false` is a length test, so a failure is explained by this keyword (the limit), not the false schema.
  emit: (c, g) => (c.forbidden ? js`x.length <= ${literal(c.from)}` : eachItem(g, c.from, () => c.handle)),
  defaults(c, x, ctx) {
    if (!ctx.owns(x) || !Array.isArray(x)) return
    for (let i = c.from; i < x.length; i++) ctx.fill(c.handle, x, i)
  },
})
