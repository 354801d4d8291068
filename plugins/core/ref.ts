import { defineKeyword, js } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'

/**
 * `$ref`: applies the referenced schema to the same value. The kernel resolves the reference at
 * compile time and guards it only when it sits in an in-place cycle.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.3.1
 */
export const refKeyword = defineKeyword<string, SchemaHandle>({
  keyword: '$ref',
  vocabulary: 'core',
  applies: 'in-place',
  compile(value, ctx) {
    if (typeof value !== 'string') ctx.fail('$ref must be a string')
    return ctx.resolveRef(value)
  },
  mustHold: (handle, segment) => (segment === undefined ? [handle] : []),
  validate: (handle, x, ctx) => ctx.apply(handle, x),
  emit: (handle, g) => ({ test: g.apply(handle, js`x`), transparent: true }),
  defaults: (handle, _x, ctx) => ctx.fillHere(handle),
})
