/**
 * IDNA2008 host name validity (RFC 5890–5893), on top of the `idn-hostname` package, which
 * carries the Unicode data (IDNA derived property, Bidi_Class, Joining_Type, viramas) and
 * implements the contextual rules (CONTEXTJ, CONTEXTO), the Bidi rule, hyphen and leading-mark
 * rules, Punycode round-tripping of A-labels and the DNS length limits.
 *
 * That package first applies UTS #46 mapping (case folding, compatibility mapping, dropping
 * ignorable characters), which IDNA2008 validity does not allow: a U-label must already consist of
 * PVALID / contextually valid code points. So every non-ASCII label is refused here unless UTS #46
 * mapping leaves it unchanged (apart from ASCII upper case, which DNS treats case-insensitively);
 * `Ｅxample`, `Kelvin` with U+212A or a soft hyphen inside a label are therefore invalid.
 * A label that is not in NFC is still accepted when its NFC form is valid (canonically
 * equivalent text, as the official test suite expects for `idn-email`).
 *
 * @internal Used by the `hostname`, `idn-hostname`, `email` and `idn-email` checkers.
 */
import idnHostname from 'idn-hostname'
import { HOSTNAME } from './abnf.ts'

const { isIdnHostname, uts46map } = idnHostname

const ASCII_HOSTNAME_RE = new RegExp(`^${HOSTNAME}$`)
// Labels with hyphens in positions 3 and 4 (`xn--…` and other reserved LDH labels).
const RESERVED_LDH_RE = /(?:^|\.)[A-Za-z0-9-]{2}--/
// Label separators of IDNA (RFC 3490 section 3.1, UTS #46 section 2.3).
const LABEL_SEPARATOR_RE = /[.\u3002\uFF0E\uFF61]/
const NON_ASCII_RE = /[^\x00-\x7F]/
const ASCII_UPPER_RE = /[A-Z]/g
const MAX_UNITS = 253 * 6

function toLowerAscii(letter: string): string {
  return String.fromCharCode(letter.charCodeAt(0) + 32)
}

/** Whether UTS #46 mapping would leave `label` unchanged, ignoring ASCII case. */
function isUnmapped(label: string): boolean {
  let mapped: string
  try {
    mapped = uts46map(label)
  } catch {
    return false
  }
  return mapped === label.replace(ASCII_UPPER_RE, toLowerAscii)
}

/**
 * Whether `value` is an internationalized host name: labels separated by `.` or its ideographic,
 * fullwidth and halfwidth forms, each an NR-LDH label, an A-label (`xn--` + Punycode that decodes
 * to a valid U-label and re-encodes to itself) or a U-label valid under IDNA2008, the whole name
 * satisfying the Bidi rule when it has a right-to-left label, with every label at most 63 octets
 * and the name at most 253 octets in A-label form. No empty label, so no trailing dot.
 *
 * A plain ASCII host name without reserved labels is decided by one regular expression without
 * allocating; anything else splits the name and runs the IDNA machinery, which allocates.
 */
export function isIdnaHostname(value: string): boolean {
  // A valid name has at most 253 code points once in NFC; canonical decomposition turns one code
  // point into at most 6 UTF-16 units, so anything longer than this is refused without splitting.
  if (value.length > MAX_UNITS) return false
  if (value.length <= 253 && ASCII_HOSTNAME_RE.test(value) && !RESERVED_LDH_RE.test(value)) return true
  for (const label of value.split(LABEL_SEPARATOR_RE)) {
    if (label === '') return false
    if (NON_ASCII_RE.test(label) && !isUnmapped(label)) return false
  }
  try {
    return isIdnHostname(value) === true
  } catch {
    return false
  }
}
