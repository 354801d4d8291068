import { RECURSIVE_ANCHOR, defineKeyword } from '../../core/index.ts'
import { dynamicRefKeyword } from './dynamicRef.ts'

/**
 * `$recursiveRef` (2019-09): like `$ref`, but when its target's resource has
 * `$recursiveAnchor: true`, the outermost resource in the dynamic scope that also has it wins.
 * @see https://json-schema.org/draft/2019-09/json-schema-core#section-8.2.4.2
 */
export const recursiveRefKeyword = defineKeyword({
  ...dynamicRefKeyword,
  keyword: '$recursiveRef',
  dialects: ['2019-09'],
  compile(value, ctx) {
    if (typeof value !== 'string') ctx.fail('$recursiveRef must be a string')
    return ctx.resolveDynamicRef(value as string, RECURSIVE_ANCHOR)
  },
})

/** `$recursiveAnchor` (2019-09): read by the dialect while indexing; checked here. */
export const recursiveAnchorKeyword = defineKeyword<unknown, undefined>({
  keyword: '$recursiveAnchor',
  vocabulary: 'core',
  dialects: ['2019-09'],
  compile(value, ctx) {
    if (typeof value !== 'boolean') ctx.fail('$recursiveAnchor must be a boolean')
    return undefined
  },
})
