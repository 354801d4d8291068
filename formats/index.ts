/**
 * String format checkers for the `format` keyword (JSON Schema 2020-12 Validation section 7.3,
 * also used for 2019-09 and draft-07). Pure functions of a string: no I/O, no `node:` modules, no
 * code generation; regular expressions are compiled once when this module loads.
 */
import { isDate, isDateTime, isTime } from './date-time.ts'
import { isDuration, isJsonPointer, isRegex, isRelativeJsonPointer, isUuid } from './misc.ts'
import { isEmail, isHostname, isIdnEmail, isIdnHostname, isIpv4, isIpv6 } from './network.ts'
import { isIri, isIriReference, isUri, isUriReference, isUriTemplate } from './uri.ts'

/**
 * A format checker: given a string instance, returns true when it conforms to the format.
 * Checkers are only ever called with strings (`format` ignores other types), never throw and
 * keep no state between calls.
 */
export type FormatChecker = (value: string) => boolean

/**
 * The checkers of the formats defined by JSON Schema 2020-12, keyed by format name: `date-time`,
 * `date`, `time`, `duration`, `email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`,
 * `uri`, `uri-reference`, `iri`, `iri-reference`, `uri-template`, `uuid`, `json-pointer`,
 * `relative-json-pointer`, `regex`. The object is frozen and has no prototype, so a format name
 * such as `constructor` never finds an inherited function.
 *
 * Allocation: all checkers are allocation-free except `regex` (compiles a `RegExp`),
 * `idn-email` (slices at the `@`), and the host name checkers when a name is not plain ASCII or
 * has an `xn--` label (IDNA processing).
 */
export const formatCheckers: Readonly<Record<string, FormatChecker>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, FormatChecker>, {
    'date-time': isDateTime,
    date: isDate,
    time: isTime,
    duration: isDuration,
    email: isEmail,
    'idn-email': isIdnEmail,
    hostname: isHostname,
    'idn-hostname': isIdnHostname,
    ipv4: isIpv4,
    ipv6: isIpv6,
    uri: isUri,
    'uri-reference': isUriReference,
    iri: isIri,
    'iri-reference': isIriReference,
    'uri-template': isUriTemplate,
    uuid: isUuid,
    'json-pointer': isJsonPointer,
    'relative-json-pointer': isRelativeJsonPointer,
    regex: isRegex,
  }),
)
