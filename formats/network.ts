/**
 * Network formats: `ipv4`, `ipv6`, `hostname`, `idn-hostname`, `email`, `idn-email`.
 *
 * The IP and ASCII host name checks are single anchored regular expressions (no allocation).
 * Anything that involves Unicode host names goes through the IDNA2008 check, which allocates and
 * carries Unicode tables (about 180 KB): it is registered by the `schemavet/idn` entry
 * ({@link provideIdna}), so a bundle that does not import that entry does not carry it.
 */
import { HOSTNAME, IPV4_ADDRESS, IPV6_ADDRESS } from './abnf.ts'
import { charCodeAt } from './date-time.ts'

let idna: ((value: string) => boolean) | undefined

/** Registers the IDNA2008 host name check; called by the `schemavet/idn` entry when it loads. */
export function provideIdna(check: (value: string) => boolean): void {
  idna = check
}

/** Whether the IDNA2008 check is registered (`idn-hostname` and `idn-email` need it). */
export function hasIdna(): boolean {
  return idna !== undefined
}

/**
 * The IDNA2008 check of a host name. Without `schemavet/idn` a name that needs it (an `xn--`
 * label) is refused, never passed unchecked; the `format` keyword says so when it compiles.
 */
function isIdnaHostname(value: string): boolean {
  return idna !== undefined && idna(value)
}

// Patterns built at load are pure calls with no arguments (a template's substitutions would
// count as effects), so a bundle that calls no checker of this file (a compiled module naming
// one format of `schemavet/runtime`) leaves them out.
const IPV4_RE = /* @__PURE__ */ (() => new RegExp(`^${IPV4_ADDRESS}$`))()
export const IPV6_RE = /* @__PURE__ */ (() => new RegExp(`^${IPV6_ADDRESS}$`))()
export const HOSTNAME_RE = /* @__PURE__ */ (() => new RegExp(`^${HOSTNAME}$`))()
const A_LABEL_RE = /(?:^|\.)xn--/i
// An `xn--` label right after the `@` or after a dot (a hit in the local part only costs a check).
const EMAIL_A_LABEL_RE = /[@.]xn--/i

// RFC 5321 section 4.1.2 / 4.1.3: Mailbox = Local-part "@" ( Domain / address-literal ).
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
const DOT_STRING = `${ATEXT}+(?:\\.${ATEXT}+)*`
const QUOTED_STRING = '"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*"'
// The only standardized address-literal tag is `IPv6` (ABNF literals are case-insensitive).
const ADDRESS_LITERAL = `\\[(?:${IPV4_ADDRESS}|[Ii][Pp][Vv]6:${IPV6_ADDRESS})\\]`
export const EMAIL_RE = /* @__PURE__ */ (() => new RegExp(`^(?:${DOT_STRING}|${QUOTED_STRING})@(?:${HOSTNAME}|${ADDRESS_LITERAL})$`))()

// RFC 6531 section 3.3: atext and qtextSMTP extended with UTF8-non-ascii (any non-ASCII scalar
// value, C1 controls and noncharacters included; lone surrogates are not UTF-8).
const NON_ASCII = '\\u0080-\\uD7FF\\uE000-\\u{10FFFF}'
const IDN_ATEXT = `[A-Za-z0-9!#$%&'*+/=?^_\`{|}~\\-${NON_ASCII}]`
const IDN_LOCAL_RE = /* @__PURE__ */ (() => new RegExp(
  `^(?:${IDN_ATEXT}+(?:\\.${IDN_ATEXT}+)*|"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E${NON_ASCII}]|\\\\[\\x20-\\x7E])*")$`,
  'u',
))()
const ADDRESS_LITERAL_RE = /* @__PURE__ */ (() => new RegExp(`^${ADDRESS_LITERAL}$`))()

/** UTF-8 length in octets of `s[start, end)`, counting a surrogate pair as 4 octets. */
function utf8Length(s: string, start: number, end: number): number {
  let octets = 0
  for (let i = start; i < end; i++) {
    const unit = s.charCodeAt(i)
    if (unit < 0x80) octets += 1
    else if (unit < 0x800) octets += 2
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      octets += 4
      i++
    } else octets += 3
  }
  return octets
}

/**
 * `ipv4`: RFC 2673 / RFC 3986 dotted quad, four decimal octets 0–255 without leading zeros
 * (`01.2.3.4` is refused as ambiguous with octal), ASCII digits only, nothing around it.
 * Does not allocate.
 */
export function isIpv4(value: string): boolean {
  return IPV4_RE.test(value)
}

/**
 * `ipv6`: RFC 4291 section 2.2 text forms — eight groups of 1–4 hex digits, `::` compression
 * once, an optional dotted-quad IPv4 tail (whose octets have no leading zeros). No zone
 * identifier (`%eth0`), no brackets, no prefix length. Does not allocate.
 */
export function isIpv6(value: string): boolean {
  return IPV6_RE.test(value)
}

/**
 * `hostname`: RFC 1123 host name — ASCII letters, digits and hyphens in dot-separated labels of
 * 1–63 characters that neither start nor end with a hyphen, at most 253 characters, no trailing
 * dot. A label starting with `xn--` (any case) must be a valid IDNA2008 A-label, and then the
 * whole name is checked as an IDN (so its other labels may not have `--` in positions 3–4).
 * Does not allocate unless the name contains an `xn--` label.
 */
export function isHostname(value: string): boolean {
  if (value.length > 253 || !HOSTNAME_RE.test(value)) return false
  return !A_LABEL_RE.test(value) || isIdnaHostname(value)
}

/**
 * `idn-hostname`: an internationalized host name under IDNA2008 (RFC 5890 section 2.3.2.3,
 * RFC 5891–5893); see {@link isIdnaHostname}. Label separators may be `.`, `。`, `．` or `｡`.
 * Allocates for any name that is not plain ASCII.
 */
export function isIdnHostname(value: string): boolean {
  return isIdnaHostname(value)
}

/**
 * `email`: RFC 5321 `Mailbox`, the addr-spec form used in SMTP — a dot-atom or quoted-string
 * local part (at most 64 octets), `@`, then a host name as in `hostname` or an address literal
 * `[IPv4]` / `[IPv6:…]`; at most 254 octets in all. Comments, folding whitespace, obsolete
 * forms and general address literals with other tags are refused.
 * Does not allocate unless the domain contains an `xn--` label.
 */
export function isEmail(value: string): boolean {
  if (plainEmail(value, charCodeAt)) return true
  if (value.length > 254 || !EMAIL_RE.test(value)) return false
  const at = value.lastIndexOf('@')
  if (at > 64) return false
  return !EMAIL_A_LABEL_RE.test(value) || value.charCodeAt(at + 1) === 0x5b || isIdnaHostname(value.slice(at + 1))
}

/**
 * `idn-email`: RFC 6531 internationalized mailbox — as `email`, but the local part may contain
 * any non-ASCII character (unquoted or quoted) and the domain is an `idn-hostname`. The local
 * part is limited to 64 octets of UTF-8. Allocates (it slices the address at its last `@`).
 */
export function isIdnEmail(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at < 1 || utf8Length(value, 0, at) > 64 || !IDN_LOCAL_RE.test(value.slice(0, at))) return false
  const domain = value.slice(at + 1)
  return domain.charCodeAt(0) === 0x5b ? ADDRESS_LITERAL_RE.test(domain) : isIdnaHostname(domain)
}

/**
 * The common address in one scan: a dot-atom local part of at most 64 characters, `@`, and
 * host-name labels with no `xn--` label. True only for addresses `isEmail` accepts; false sends
 * the value to the full check (quoted local parts, address literals, A-labels, and every refusal).
 * Character classes are comparisons, not a table: no free variables and only `return
 * <expression>` exits, so the generated tier writes it inline (`plugins/format/format.ts`).
 */
export function plainEmail(s: string, code: (this: string, i: number) => number): boolean {
  const n = s.length
  if (n > 254) return false
  let i = 0
  // The character before, starting as if after a dot: a dot may not lead, trail or repeat.
  let previous = 46
  let c = 0
  for (; i < n; i++) {
    c = code.call(s, i)
    // Not RFC 5322 atext (letters, digits, and !#$%&'*+-/=?^_`{|}~): a dot, `@`, or a refusal.
    if (c >= 65 ? c > 126 || (c > 90 && c < 94) : c >= 48 ? c > 57 && c !== 61 && c !== 63 : c < 42 ? c !== 33 && (c < 35 || c > 39) : c === 44 || c === 46) {
      if (c !== 46 || previous === 46) break
    }
    previous = c
  }
  if (i === n || c !== 64 || previous === 46 || i > 64) return false
  // Labels: a run of label characters (letter, digit, hyphen), then a dot or the end.
  let start = i + 1
  let j = start
  for (;;) {
    for (; j < n; j++) {
      c = code.call(s, j)
      if (c >= 97 ? c > 122 : c >= 65 ? c > 90 : c >= 48 ? c > 57 : c !== 45) break
    }
    const length = j - start
    if (length < 1 || length > 63 || code.call(s, start) === 45 || code.call(s, j - 1) === 45) return false
    if (length >= 4 && (code.call(s, start) | 32) === 120 && (code.call(s, start + 1) | 32) === 110 && code.call(s, start + 2) === 45 && code.call(s, start + 3) === 45) return false
    if (j === n) return true
    if (c !== 46) return false
    start = ++j
  }
}
