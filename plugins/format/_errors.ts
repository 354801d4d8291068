/**
 * `format`'s issue: its `error` (params and message words, with a hint per standard format), in a
 * module of its own, so a compiled module's failure code can name it (`schemavet/runtime`)
 * without the keyword's checkers table.
 */
import { got } from '../../core/contract/words.ts'
import type { KeywordError } from '../validation/_errors.ts'
import { hasIdna } from '../../formats/network.ts'

/** What each standard format looks like, with an example a reader (or a model) can copy. */
const HINTS: Record<string, string> = {
  'date-time': 'RFC 3339 date-time, e.g. 2024-01-31T09:30:00Z',
  date: 'RFC 3339 full-date, e.g. 2024-01-31',
  time: 'RFC 3339 time with offset, e.g. 09:30:00Z',
  duration: 'ISO 8601 duration, e.g. P3DT4H',
  email: 'an email address, e.g. name@example.com',
  'idn-email': 'an email address, international characters allowed, e.g. name@exämple.com',
  hostname: 'a DNS host name, e.g. api.example.com',
  'idn-hostname': 'a host name, international characters allowed, e.g. bücher.example',
  ipv4: 'a dotted-quad IPv4 address, e.g. 192.0.2.1',
  ipv6: 'an IPv6 address, e.g. 2001:db8::1',
  uri: 'an absolute URI with a scheme, e.g. https://example.com/a',
  'uri-reference': 'a URI or relative reference, e.g. ../a?b=1',
  iri: 'an absolute IRI with a scheme, e.g. https://example.com/ä',
  'iri-reference': 'an IRI or relative reference, e.g. ../ä',
  'uri-template': 'an RFC 6570 URI template, e.g. https://example.com/{id}',
  uuid: 'a UUID, e.g. 123e4567-e89b-12d3-a456-426614174000',
  'json-pointer': 'a JSON Pointer, e.g. /a/0/b',
  'relative-json-pointer': 'a relative JSON Pointer, e.g. 1/a',
  regex: 'an ECMA-262 regular expression, e.g. ^[a-z]+$',
}

export const formatError: KeywordError<{ readonly name: string }> = {
  params: (f) => ({ format: f.name }),
  message: (p, _f, x) => {
    const hint = Object.prototype.hasOwnProperty.call(HINTS, String(p.format)) ? HINTS[String(p.format)] : undefined
    // Without the IDNA tables an A-label fails whatever it is: say so where it is the reason.
    const idn = (p.format === 'hostname' || p.format === 'email') && !hasIdna() && typeof x === 'string' && /(?:^|[.@])xn--/i.test(x)
    const needs = idn ? `; an xn-- label is checked only with 'schemavet/idn' imported` : ''
    return `must be a string in "${String(p.format)}" format${hint === undefined ? '' : ` (${hint})`}${needs}${got(x)}`
  },
}
