import { defineKeyword } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { eachItem, tooManyItems, tupleItems } from './_shared.ts'
import { SINCE_2020, UNTIL_2019 } from '../dialects.ts'

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
  validate(c, x, ctx) {
    const a = x as unknown[]
    if (!c.handle.asserts && !ctx.exhaustive) return true
    if (c.forbidden && a.length > c.from && ctx.collecting && !ctx.exhaustive) {
      ctx.report({ limit: c.from }, tooManyItems(c.from, a.length))
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
  emit: (c, g) => (c.forbidden ? `x.length <= ${c.from}` : eachItem(g, c.from, () => c.handle)),
  defaults(c, x, ctx) {
    if (!ctx.owns(x) || !Array.isArray(x)) return
    for (let i = c.from; i < x.length; i++) ctx.fill(c.handle, x, i)
  },
})

/** Array-form `items` (a tuple) compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class TupleItems {
  readonly all = null
  constructor(readonly tuple: SchemaHandle[]) {}
}

/** One schema for every item, compiled. */
class AllItems {
  readonly tuple = null
  constructor(readonly all: SchemaHandle) {}
}

type LegacyItems = TupleItems | AllItems

/**
 * `items` (draft-07, 2019-09): a schema for every item, or an array of schemas for the items at
 * the same positions (a tuple; `additionalItems` covers the rest).
 * @see https://json-schema.org/draft/2019-09/json-schema-core#section-9.3.1.1
 */
export const itemsLegacyKeyword = defineKeyword<unknown, LegacyItems>({
  keyword: 'items',
  vocabulary: 'applicator',
  dialects: UNTIL_2019,
  accepts: (value) => typeof value === 'boolean' || (typeof value === 'object' && value !== null),
  schemaShape: 'schemaOrSchemaArray',
  applies: 'child',
  instanceTypes: ['array'],
  compile(value, ctx) {
    if (Array.isArray(value)) return new TupleItems(value.map((_, i) => ctx.subschema(i)))
    return new AllItems(ctx.subschema())
  },
  validate(c, x, ctx) {
    const a = x as unknown[]
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    const n = c.tuple === null ? a.length : Math.min(a.length, c.tuple.length)
    let ok = true
    for (let i = 0; i < n; i++) {
      const h = c.tuple === null ? c.all : c.tuple[i]!
      if (!h.asserts && !ctx.exhaustive) continue
      if (!ctx.apply(h, a[i], i)) {
        ok = false
        if (!keepGoing) return false
      }
    }
    if (c.tuple === null) ctx.evaluated?.markAllItems()
    else ctx.evaluated?.markItemsBefore(n)
    return ok
  },
  emit: (c, g) => (c.tuple === null ? eachItem(g, 0, () => c.all) : tupleItems(c.tuple, g)),
  defaults(c, x, ctx) {
    if (!ctx.owns(x) || !Array.isArray(x)) return
    const n = c.tuple === null ? x.length : Math.min(x.length, c.tuple.length)
    for (let i = 0; i < n; i++) ctx.fill(c.tuple === null ? c.all : c.tuple[i]!, x, i)
  },
})
