import { defineKeyword } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'

interface Items {
  handle: SchemaHandle
  /** Items before this index belong to `prefixItems`. */
  from: number
}

/**
 * `items` (2020-12): every item after those of `prefixItems` must be valid against the schema.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.1.2
 */
export const itemsKeyword = defineKeyword<unknown, Items>({
  keyword: 'items',
  vocabulary: 'applicator',
  dialects: ['2020-12'],
  schemaShape: 'schema',
  applies: 'child',
  instanceTypes: ['array'],
  compile(value, ctx) {
    if (Array.isArray(value)) ctx.fail('items must be a schema (use prefixItems for tuples)')
    const prefix = ctx.schema.prefixItems
    return { handle: ctx.subschema(), from: Array.isArray(prefix) ? prefix.length : 0 }
  },
  validate(c, x, ctx) {
    const a = x as unknown[]
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
  defaults(c, x, ctx) {
    if (!ctx.owns(x) || !Array.isArray(x)) return
    for (let i = c.from; i < x.length; i++) ctx.fill(c.handle, x, i)
  },
})
