import type { Dialect, Identity } from '../core/index.ts'

/** What a schema without identifying keywords gets (shared, frozen). */
const NO_IDENTITY: Identity = Object.freeze({})

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** Draft 2020-12: `$id`, `$anchor`, `$dynamicAnchor`. */
export const dialect2020: Dialect = {
  name: '2020-12',
  metaSchema: 'https://json-schema.org/draft/2020-12/schema',
  identify: (s): Identity =>
    s.$id === undefined && s.$anchor === undefined && s.$dynamicAnchor === undefined
      ? NO_IDENTITY
      : { id: str(s.$id), anchor: str(s.$anchor), dynamicAnchor: str(s.$dynamicAnchor) },
}

/** Draft 2019-09: `$id`, `$anchor`, `$recursiveAnchor`. */
export const dialect2019: Dialect = {
  name: '2019-09',
  metaSchema: 'https://json-schema.org/draft/2019-09/schema',
  identify: (s): Identity =>
    s.$id === undefined && s.$anchor === undefined && s.$recursiveAnchor === undefined
      ? NO_IDENTITY
      : { id: str(s.$id), anchor: str(s.$anchor), recursiveAnchor: s.$recursiveAnchor === true },
}

/**
 * Draft-07: `$id` may be a plain-name fragment (`#foo`, an anchor); a `$ref` makes every sibling,
 * `$id` included, ignored.
 */
export const dialect07: Dialect = {
  name: 'draft-07',
  metaSchema: 'http://json-schema.org/draft-07/schema',
  refOverridesSiblings: true,
  identify(s): Identity {
    const id = str(s.$id)
    if (id === undefined || typeof s.$ref === 'string') return {}
    const hash = id.indexOf('#')
    if (hash < 0) return { id }
    const anchor = id.slice(hash + 1) || undefined
    return hash === 0 ? { anchor } : { id: id.slice(0, hash), anchor }
  },
}
