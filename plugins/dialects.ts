import type { Dialect, Identity } from '../core/index.ts'

function identify2020(schema: Record<string, unknown>): Identity {
  const { $id, $anchor, $dynamicAnchor } = schema
  return {
    id: typeof $id === 'string' ? $id : undefined,
    anchor: typeof $anchor === 'string' ? $anchor : undefined,
    dynamicAnchor: typeof $dynamicAnchor === 'string' ? $dynamicAnchor : undefined,
  }
}

/** Draft 2020-12: `$id`, `$anchor`, `$dynamicAnchor`. */
export const dialect2020: Dialect = {
  name: '2020-12',
  metaSchema: 'https://json-schema.org/draft/2020-12/schema',
  identify: identify2020,
}
