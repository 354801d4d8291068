/**
 * URI formats: `uri`, `uri-reference` (RFC 3986), `iri`, `iri-reference` (RFC 3987) and
 * `uri-template` (RFC 6570). Each is one anchored regular expression built from the RFC's ABNF
 * and compiled once at module load; checking runs `test` and allocates nothing.
 *
 * These are syntax checks only: no scheme-specific rules, no normalization, and a `reg-name`
 * host that looks like a malformed IPv4 address (`999.1.1.1`) is still a valid `reg-name`.
 */
import { IPRIVATE_CLASS, IPV6_ADDRESS, PCT_ENCODED, UCSCHAR_CLASS } from './abnf.ts'

// Insides of character classes; `\-` is a literal hyphen, also under the `u` flag.
const UNRESERVED = 'A-Za-z0-9._~\\-'
const SUB_DELIMS = "!$&'()*+,;="

/**
 * Regular-expression sources of RFC 3986 `URI` and `relative-ref`, or of their RFC 3987
 * counterparts when `ucschar` / `iprivate` are given (the IRI rules only widen `unreserved` and
 * `query`). The IP-literal stays ASCII in both.
 */
function grammar(ucschar: string, iprivate: string): { absolute: string; relative: string } {
  const unreserved = `${ucschar}${UNRESERVED}`
  const userinfo = `(?:[${unreserved}${SUB_DELIMS}:]|${PCT_ENCODED})*`
  const ipvFuture = `[Vv][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`
  const ipLiteral = `\\[(?:${IPV6_ADDRESS}|${ipvFuture})\\]`
  const regName = `(?:[${unreserved}${SUB_DELIMS}]|${PCT_ENCODED})*`
  const authority = `(?:${userinfo}@)?(?:${ipLiteral}|${regName})(?::[0-9]*)?`
  const pchar = `(?:[${unreserved}${SUB_DELIMS}:@]|${PCT_ENCODED})`
  const segment = `${pchar}*`
  const segmentNz = `${pchar}+`
  const segmentNzNc = `(?:[${unreserved}${SUB_DELIMS}@]|${PCT_ENCODED})+`
  const pathAbempty = `(?:/${segment})*`
  const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`
  const pathNoscheme = `${segmentNzNc}(?:/${segment})*`
  const pathRootless = `${segmentNz}(?:/${segment})*`
  const query = `(?:${pchar}|[/?${iprivate}])*`
  const fragment = `(?:${pchar}|[/?])*`
  const tail = `(?:\\?${query})?(?:#${fragment})?`
  const scheme = '[A-Za-z][A-Za-z0-9+.-]*'
  return {
    absolute: `${scheme}:(?://${authority}${pathAbempty}|${pathAbsolute}|${pathRootless}|)${tail}`,
    relative: `(?://${authority}${pathAbempty}|${pathAbsolute}|${pathNoscheme}|)${tail}`,
  }
}

// Patterns built at load are pure calls with no arguments (a template's substitutions would
// count as effects), so a bundle that calls no checker of this file (a compiled module naming
// one format of `schemavet/runtime`) leaves them out.
const URI = /* @__PURE__ */ grammar('', '')
const IRI = /* @__PURE__ */ grammar(UCSCHAR_CLASS, IPRIVATE_CLASS)

export const URI_RE = /* @__PURE__ */ (() => new RegExp(`^${URI.absolute}$`, 'u'))()

/**
 * The common case, tested first: a hierarchical URL with an ASCII host, no user info and no
 * percent escapes (`https://example.com/a/b?q=1#top`). Every string it accepts is a `URI` (so
 * also a `URI-reference`, `IRI` and `IRI-reference`): scheme, `//`, a `reg-name` of unreserved
 * characters, a port, then path segments, query and fragment of `pchar`s and `/` `?`. It is far
 * simpler than the full grammar and needs no `u` flag, so a URL costs a fraction of the full
 * test; what it refuses goes on to the grammar, which decides.
 */
const PLAIN_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9._~-]+(?::[0-9]*)?(?:\/[A-Za-z0-9._~!$&'()*+,;=:@-]*)*(?:\?[A-Za-z0-9._~!$&'()*+,;=:@/?-]*)?(?:#[A-Za-z0-9._~!$&'()*+,;=:@/?-]*)?$/
export const URI_REFERENCE_RE = /* @__PURE__ */ (() => new RegExp(`^(?:${URI.absolute}|${URI.relative})$`, 'u'))()
export const IRI_RE = /* @__PURE__ */ (() => new RegExp(`^${IRI.absolute}$`, 'u'))()
export const IRI_REFERENCE_RE = /* @__PURE__ */ (() => new RegExp(`^(?:${IRI.absolute}|${IRI.relative})$`, 'u'))()

// RFC 6570 section 2, with erratum 6937 (verified) restoring the apostrophe to `literals`.
const LITERAL = `(?:[\\x21\\x23\\x24\\x26-\\x3B\\x3D\\x3F-\\x5B\\x5D\\x5F\\x61-\\x7A\\x7E${UCSCHAR_CLASS}${IPRIVATE_CLASS}]|${PCT_ENCODED})`
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT_ENCODED})`
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`
const EXPRESSION = `\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\}`
export const URI_TEMPLATE_RE = /* @__PURE__ */ (() => new RegExp(`^(?:${LITERAL}|${EXPRESSION})*$`, 'u'))()

/**
 * `uri`: an absolute RFC 3986 `URI` — scheme, `:`, hierarchical part, optional query and
 * fragment. ASCII only; every `%` must start a two-hex-digit escape; `[` `]` only around an
 * IPv6 / IPvFuture host; the port is digits. Does not allocate.
 */
export function isUri(value: string): boolean {
  return PLAIN_URL.test(value) || URI_RE.test(value)
}

/**
 * `uri-reference`: an RFC 3986 `URI-reference` — a `uri` or a relative reference (network-path,
 * absolute-path, relative-path whose first segment has no `:`, or empty). ASCII only.
 * Does not allocate.
 */
export function isUriReference(value: string): boolean {
  return PLAIN_URL.test(value) || URI_REFERENCE_RE.test(value)
}

/**
 * `iri`: an absolute RFC 3987 `IRI` — as `uri`, also allowing `ucschar` (most non-ASCII
 * characters outside controls, surrogates and noncharacters) in user info, host, path, query and
 * fragment, and private-use characters in the query. Does not allocate.
 */
export function isIri(value: string): boolean {
  return PLAIN_URL.test(value) || IRI_RE.test(value)
}

/**
 * `iri-reference`: an RFC 3987 `IRI-reference` — an `iri` or a relative IRI reference.
 * Does not allocate.
 */
export function isIriReference(value: string): boolean {
  return PLAIN_URL.test(value) || IRI_REFERENCE_RE.test(value)
}

/**
 * `uri-template`: an RFC 6570 template of any level — literals (with the apostrophe allowed, per
 * erratum 6937) and `{…}` expressions with an optional operator (including the reserved
 * `= , ! @ |`), one or more comma-separated variable names (`.`-joined, percent escapes allowed),
 * each with an optional `*` or `:1`–`:9999` prefix modifier. Does not allocate.
 */
export function isUriTemplate(value: string): boolean {
  return URI_TEMPLATE_RE.test(value)
}

/** @internal The pre-test and the full grammars on their own, for the test that the first is a subset. */
export const uriTests = {
  plainUrl: (value: string): boolean => PLAIN_URL.test(value),
  uri: (value: string): boolean => URI_RE.test(value),
  uriReference: (value: string): boolean => URI_REFERENCE_RE.test(value),
  iri: (value: string): boolean => IRI_RE.test(value),
  iriReference: (value: string): boolean => IRI_REFERENCE_RE.test(value),
}
