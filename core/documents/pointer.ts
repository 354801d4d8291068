/**
 * JSON Pointers (RFC 6901): the one place that escapes, unescapes, parses, formats and follows
 * them, and writes them as URI fragments: a strict parse (a pointer that does not start with `/`
 * is an error, not a token list), lookups through own properties only (no prototype keys from a
 * schema or data), and a fast path for tokens that need no escaping, which is nearly every key on
 * the paths built per issue. The token grammar is the RFC's two substitutions, written here: the
 * `json-pointer` package that had them is CommonJS, which no bundler tree-shakes, so it brought
 * its whole API and a dependency into every bundle (2.3 KB minified for three one-line functions).
 */
import { hasOwn } from './json.ts'

/**
 * One reference token escaped (`~` to `~0`, `/` to `~1`); a number (an array index) as its digits.
 * Allocates only when the token holds `~` or `/`.
 */
export function escapePointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token)
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token
}

/** One reference token unescaped (`~1` to `/`, then `~0` to `~`). */
export function unescapePointerToken(token: string): string {
  // `~1` first: `~01` is the text `~1`, not `/`.
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token
}

/**
 * The unescaped tokens of a JSON Pointer (`/a/b~1c` gives `['a', 'b/c']`; `''` gives `[]`).
 * @throws Error when `text` is neither empty nor starts with `/`
 */
export function parsePointer(text: string): string[] {
  if (text === '') return []
  if (!text.startsWith('/')) throw new Error(`JSON Pointer "${text}" must start with "/"`)
  return text.slice(1).split('/').map(unescapePointerToken)
}

/** The JSON Pointer of `tokens`, each escaped (`[]` gives `''`). */
export function formatPointer(tokens: readonly (string | number)[]): string {
  let out = ''
  for (const t of tokens) out += '/' + escapePointerToken(t)
  return out
}

/** `base` extended by one token: `appendPointer('/a', 'b/c')` is `/a/b~1c`. */
export function appendPointer(base: string, token: string | number): string {
  return base + '/' + escapePointerToken(token)
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

/**
 * `#` + the pointer of `tokens` as it is printed in schema paths (`#/properties/a b`): not
 * percent-encoded, so people and models read the keys as written.
 */
export function fragmentOf(tokens: readonly (string | number)[]): string {
  return '#' + formatPointer(tokens)
}

/**
 * `#` + the pointer of `tokens` percent-encoded as a URI fragment (RFC 3986 section 3.5): what a
 * `$ref` or an absolute keyword location can carry. Characters a fragment allows stay as they are.
 */
export function uriFragmentOf(tokens: readonly (string | number)[]): string {
  let out = '#'
  for (const t of tokens) out += '/' + encodeFragmentText(escapePointerToken(t))
  return out
}

function encodeFragmentText(text: string): string {
  // encodeURIComponent also encodes the sub-delimiters, ":", "@", "/" and "?", which a fragment allows.
  return encodeURIComponent(text).replace(/%(21|24|26|27|28|29|2A|2B|2C|3B|3D|3A|40|2F|3F)/gi, (m) => decodeURIComponent(m))
}
