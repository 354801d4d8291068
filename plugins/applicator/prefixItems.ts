import { defineKeyword } from '../../core/index.ts'
import type { SchemaHandle } from '../../core/index.ts'
import { compileSchemaArray, tupleItems } from './_shared.ts'
import { SINCE_2020 } from '../dialects.ts'

/**
 * `prefixItems`: the array's first items must be valid against the schemas at the same
 * positions. A missing position is not created by `applyDefaults`.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-10.3.1.1
 */
export const prefixItemsKeyword = defineKeyword<unknown, SchemaHandle[]>({
  keyword: 'prefixItems',
  vocabulary: 'applicator',
  dialects: SINCE_2020,
  schemaShape: 'schemaArray',
  applies: 'child',
  instanceTypes: ['array'],
  compile: compileSchemaArray,
  mustHold: (handles, segment) => (typeof segment === 'number' && segment < handles.length ? [handles[segment]!] : []),
  validate(handles, x, ctx) {
    const a = x as unknown[]
    const n = Math.min(a.length, handles.length)
    const keepGoing = (ctx.collecting && ctx.allErrors) || ctx.exhaustive
    let ok = true
    for (let i = 0; i < n; i++) {
      if (!handles[i]!.asserts && !ctx.exhaustive) continue
      if (!ctx.apply(handles[i]!, a[i], i)) {
        ok = false
        if (!keepGoing) return false
      }
    }
    ctx.evaluated?.markItemsBefore(n)
    return ok
  },
  emit: tupleItems,
  defaults(handles, x, ctx) {
    if (!ctx.owns(x) || !Array.isArray(x)) return
    const n = Math.min(x.length, handles.length)
    for (let i = 0; i < n; i++) ctx.fill(handles[i]!, x, i)
  },
})
