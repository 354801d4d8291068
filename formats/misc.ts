/**
 * Formats that are each a single grammar: `duration`, `uuid`, `json-pointer`,
 * `relative-json-pointer` and `regex`. All but `regex` are one anchored regular expression run
 * with `test`, compiled once at module load, and allocate nothing per call.
 */

// RFC 3339 appendix A. ABNF string literals are case-insensitive (RFC 5234 section 2.3), so the
// designators are too. Components are ASCII digits only; no fractions, no signs.
const DUR_TIME = 'T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)'
const DUR_DATE = `(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:${DUR_TIME})?`
// Patterns built at load are pure calls with no arguments (a template's substitutions would
// count as effects), so a bundle that calls no checker of this file (a compiled module naming
// one format of `schemavet/runtime`) leaves them out.
const DURATION_RE = /* @__PURE__ */ (() => new RegExp(`^P(?:${DUR_DATE}|${DUR_TIME}|[0-9]+W)$`, 'i'))()

const UUID_RE = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/

// RFC 6901: any character but `~` and `/`, or `~0` / `~1`.
const JSON_POINTER = '(?:/(?:[^~/]|~[01])*)*'
export const JSON_POINTER_RE = /* @__PURE__ */ (() => new RegExp(`^${JSON_POINTER}$`))()

// draft-bhutton-relative-json-pointer-00 (the draft that 2020-12 cites): a non-negative integer
// without leading zeros, an optional index manipulation (`+N` / `-N`), then `#` or a JSON Pointer.
const NON_NEGATIVE_INTEGER = '(?:0|[1-9][0-9]*)'
const RELATIVE_JSON_POINTER_RE = /* @__PURE__ */ (() => new RegExp(
  `^${NON_NEGATIVE_INTEGER}(?:[+-]${NON_NEGATIVE_INTEGER})?(?:#|${JSON_POINTER})$`,
))()

/**
 * `duration`: the ISO 8601 duration subset of RFC 3339 appendix A — `P` followed by date
 * components in order (`Y`, `M`, `D`, skipping only leading or trailing ones, e.g. `P1Y2M`,
 * `P1M2D`, but not `P1Y2D`), an optional `T` part (`H`, `M`, `S` likewise), or weeks alone
 * (`P2W`). At least one component; integers only; designators case-insensitive as in the ABNF.
 * Does not allocate.
 */
export function isDuration(value: string): boolean {
  return DURATION_RE.test(value)
}

/**
 * `uuid`: RFC 4122 string form, 8-4-4-4-12 hex digits with hyphens, either case. Any version and
 * variant nibble is accepted (the format is syntactic); no braces, no `urn:uuid:` prefix.
 * Does not allocate.
 */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value)
}

/**
 * `json-pointer`: RFC 6901 string representation — empty, or `/`-separated reference tokens in
 * which every `~` is followed by `0` or `1`. Any other character is allowed, controls included
 * (not the URI-fragment form: `#/a` is invalid). Does not allocate.
 */
export function isJsonPointer(value: string): boolean {
  return JSON_POINTER_RE.test(value)
}

/**
 * `relative-json-pointer`: a non-negative integer without leading zeros or sign, an optional
 * index manipulation (`0+1`, `1-2/a`, draft-bhutton-relative-json-pointer-00, as cited by
 * 2020-12; also accepted under earlier dialects), then either `#` or a JSON Pointer.
 * Does not allocate.
 */
export function isRelativeJsonPointer(value: string): boolean {
  return RELATIVE_JSON_POINTER_RE.test(value)
}

/**
 * `regex`: the string compiles as an ECMAScript regular expression with the `u` flag in the
 * running engine (so Annex B leniencies such as `\a` or lone `]` are rejected). This compiles a
 * `RegExp` on each call, and therefore allocates; it never evaluates code. Under `regex:
 * 'linear'` the `format` keyword uses that engine's check instead (see `format.ts`).
 */
export function isRegex(value: string): boolean {
  try {
    new RegExp(value, 'u')
    return true
  } catch {
    return false
  }
}
