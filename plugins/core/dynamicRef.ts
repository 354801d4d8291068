import { defineKeyword, js } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { SINCE_2020 } from '../dialects.ts'

interface DynamicRef {
  handle: SchemaHandle
  anchor: string | undefined
}

/**
 * `$dynamicRef`: like `$ref`, but when its target is a `$dynamicAnchor`, the outermost schema
 * resource in the dynamic scope holding that anchor wins.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.3.2
 */
export const dynamicRefKeyword = defineKeyword<string, DynamicRef>({
  keyword: '$dynamicRef',
  vocabulary: 'core',
  dialects: SINCE_2020,
  applies: 'in-place',
  compile(value, ctx) {
    if (typeof value !== 'string') ctx.fail('$dynamicRef must be a string')
    return ctx.resolveDynamicRef(value)
  },
  validate(ref, x, ctx) {
    const target = ref.anchor === undefined ? ref.handle : (ctx.dynamicTarget(ref.anchor) ?? ref.handle)
    return ctx.apply(target, x)
  },
  // Resolved at compile time (the entry resource holds the anchor, or the target is no dynamic
  // anchor): a plain `$ref`. Otherwise the dynamic scope decides, on the general run.
  emit: (ref, g) => (ref.anchor === undefined ? { test: g.apply(ref.handle, js`x`), transparent: true } : undefined),
  defaults(ref, _x, ctx) {
    ctx.fillHere(ref.anchor === undefined ? ref.handle : (ctx.dynamicTarget(ref.anchor) ?? ref.handle))
  },
})
