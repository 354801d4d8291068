/**
 * Regular-expression sources for ABNF rules that several format groups share (RFC 3986 IP
 * addresses, RFC 3987 `ucschar` / `iprivate`). These are strings, not `RegExp`s: each format
 * module splices them into its own patterns and compiles those once, at module load.
 *
 * Every source here is ASCII-only where the RFC is ASCII-only (`[0-9]`, never `\d` under a
 * Unicode flag), so non-ASCII digits can never satisfy a numeric rule.
 *
 * @internal Not part of the `formatCheckers` contract; shared by the files of `formats/`.
 */

/** RFC 3986 `dec-octet`: 0–255 without leading zeros. */
export const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])'

/** RFC 3986 `IPv4address`: dotted quad of `dec-octet`s. */
export const IPV4_ADDRESS = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`

const H16 = '[0-9A-Fa-f]{1,4}'
const LS32 = `(?:${H16}:${H16}|${IPV4_ADDRESS})`

/**
 * RFC 3986 `IPv6address` (the RFC 4291 text forms, including `::` compression and an embedded
 * IPv4 tail in dotted-quad form). No zone identifier, no brackets, no prefix length.
 */
export const IPV6_ADDRESS = `(?:${[
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|')})`

/**
 * RFC 3987 `ucschar`, as the inside of a character class. Only meaningful in a pattern compiled
 * with the `u` flag (it contains astral ranges written as `\u{…}`).
 */
export const UCSCHAR_CLASS =
  '\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF' +
  '\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}' +
  '\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}' +
  '\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}' +
  '\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}'

/** RFC 3987 `iprivate`, as the inside of a character class (`u` flag required). */
export const IPRIVATE_CLASS = '\\uE000-\\uF8FF\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}'

/** RFC 3986 `pct-encoded`: `%` and two hex digits. */
export const PCT_ENCODED = '%[0-9A-Fa-f]{2}'

/**
 * RFC 1123 host name label: letters, digits and hyphens, 1–63 characters, starting and ending
 * with a letter or digit (ASCII only).
 */
export const LDH_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'

/** Dot-separated `LDH_LABEL`s, without a trailing dot. The 253-character limit is the caller's. */
export const HOSTNAME = `${LDH_LABEL}(?:\\.${LDH_LABEL})*`
