/**
 * URI handling for `$id` and `$ref`: RFC 3986 resolution through WHATWG `URL` (available on
 * every runtime). JSON Pointer fragments are pointer.ts.
 */

/** Base URI of a schema document that has neither `$id` nor a registry key. */
export const DEFAULT_BASE = 'schemavet:/schema'

/** Resolves `ref` against `base`; throws a plain `Error` with a reason when it cannot. */
export function resolveUri(ref: string, base: string): string {
  try {
    return new URL(ref, base).href
  } catch {
    throw new Error(`cannot resolve "${ref}" against base URI "${base}"`)
  }
}

/** Splits an absolute URI into the part without fragment and the percent-decoded fragment. */
export function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf('#')
  if (hash < 0) return [uri, '']
  const raw = uri.slice(hash + 1)
  let fragment: string
  try {
    fragment = decodeURIComponent(raw)
  } catch {
    throw new Error(`malformed percent-encoding in fragment "#${raw}"`)
  }
  return [uri.slice(0, hash), fragment]
}
