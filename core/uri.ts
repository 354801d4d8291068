/**
 * URI handling for `$id` and `$ref`: RFC 3986 resolution through WHATWG `URL` (available on
 * every runtime), JSON Pointer fragments resolved through own properties only.
 */
import pointer from 'json-pointer'
import { hasOwn } from './json.ts'

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

/** Parses a JSON Pointer (`/a/b~1c`) into tokens; throws on a malformed pointer. */
export function parsePointer(text: string): string[] {
  if (text === '') return []
  if (!text.startsWith('/')) throw new Error(`JSON Pointer "${text}" must start with "/"`)
  return pointer.parse(text)
}

/** Escapes one JSON Pointer token (`~` to `~0`, `/` to `~1`). */
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token)
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token
}

/** Formats tokens as a JSON Pointer (escaping `~` and `/`). */
export function formatPointer(tokens: readonly (string | number)[]): string {
  let out = ''
  for (const t of tokens) out += '/' + escapeToken(t)
  return out
}

/** Follows pointer tokens from `root` through own properties and in-range indices only. */
export function followPointer(root: unknown, tokens: readonly string[]): { found: true; value: unknown } | { found: false } {
  let value = root
  for (const token of tokens) {
    if (Array.isArray(value)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= value.length) return { found: false }
      value = value[Number(token)]
    } else if (typeof value === 'object' && value !== null && hasOwn(value, token)) {
      value = (value as Record<string, unknown>)[token]
    } else {
      return { found: false }
    }
  }
  return { found: true, value }
}

/** `#` + pointer, percent-encoded as a URI fragment would be (used in schema paths). */
export function fragmentOf(tokens: readonly (string | number)[]): string {
  return '#' + formatPointer(tokens)
}
