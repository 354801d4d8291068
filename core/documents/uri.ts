/**
 * URI handling for `$id` and `$ref`: RFC 3986 resolution through WHATWG `URL` (available on
 * every runtime). JSON Pointer fragments are pointer.ts.
 */

/** Base URI of a schema document that has neither `$id` nor a registry key. */
export const DEFAULT_BASE = 'schemavet:/schema'

/**
 * A fragment-only reference whose characters `URL` keeps as they are (printable ASCII but space,
 * `"`, `<`, `>` and backtick): against a base that is already a URL's own spelling without a
 * fragment, `URL` would answer the base followed by the reference.
 */
const PLAIN_FRAGMENT = /^#[!#-;=?-_a-~]*$/
/** Bases known to be spelled as `URL` spells them, without fragment (bounded: cleared when full). */
const plainBases = new Map<string, boolean>()

/** Resolves `ref` against `base`; throws a plain `Error` with a reason when it cannot. */
export function resolveUri(ref: string, base: string): string {
  // Most references of a compile are `#/definitions/...` in one document: no URL parse for each.
  if (ref.charCodeAt(0) === 35 && PLAIN_FRAGMENT.test(ref)) {
    let plain = plainBases.get(base)
    if (plain === undefined) {
      try {
        plain = !base.includes('#') && new URL(base).href === base
      } catch {
        plain = false
      }
      if (plainBases.size >= 64) plainBases.clear()
      plainBases.set(base, plain)
    }
    if (plain) return base + ref
  }
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
