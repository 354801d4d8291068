import { defineKeyword } from '../../../core/index.ts'
import type { SchemaHandle } from '../../../core/index.ts'
import { eachItem, tupleItems } from '../_shared.ts'
import { UNTIL_2019 } from '../../dialects.ts'

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
 * `items` (draft-04 to 2019-09, OpenAPI 3.0): a schema for every item, or an array of schemas for the items at
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
  mustHold(c, segment) {
    if (typeof segment !== 'number') return []
    if (c.tuple === null) return [c.all]
    return segment < c.tuple.length ? [c.tuple[segment]!] : []
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
