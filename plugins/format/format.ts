import { defineKeyword, hasOwn, js, literal } from '../../core/index.ts'
import { formatError } from './_errors.ts'
import type { FormatChecker } from '../../core/index.ts'
import { INLINE_DATE_TIME } from '../../formats/date-time.ts'
import { isRegex } from '../../formats/misc.ts'
import { hasIdna, isEmail, isHostname, isIdnEmail, isIdnHostname, plainEmail } from '../../formats/network.ts'

/** `format` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */

class Format {
  constructor(
    readonly name: string,
    readonly check: FormatChecker,
    /** Work units of checking a string, past the keyword's own (charged to a budgeted run). */
    readonly cost: (s: string) => number,
    /** What the format looks like, for its issue's message. */
    readonly hint: string | undefined = hasOwn(HINTS, name) ? HINTS[name] : undefined,
  ) {}
}

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

/**
 * The inline scanners' `charCodeAt` (see formats/date-time.ts), read once per value checked: an
 * expression, no name the module must bind (a module written ahead of time has none).
 */
const CHAR_CODE_AT = js`String.prototype.charCodeAt`

/** A format checker scans the string, about one unit per 64 characters (a user's checker too). */
const scanCost = (s: string): number => s.length >> 6

/**
 * Checking the `regex` format compiles the string as a pattern. The platform's compile costs
 * about a unit per character for classes such as `.` or `\S` under `u`, and a hundred or more
 * per Unicode property escape (`\p{L}` builds its character set each time it occurs): measured
 * in `bench/maxwork-bound.mjs` (256 units per escape).
 */
const regexCost = (s: string): number => 2 * s.length + 256 * (s.match(/\\[pP]/g)?.length ?? 0)

/**
 * `format`: with `formats: 'assert'` (the default) a known format is checked on strings; an
 * unknown format, or `formats: 'annotate'`, is an annotation only.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-7
 */
export const formatKeyword = defineKeyword<unknown, Format>({
  keyword: 'format',
  vocabulary: 'format',
  instanceTypes: ['string'],
  compile(value, ctx) {
    if (typeof value !== 'string') ctx.fail('format must be a string')
    // The format-assertion vocabulary (named by a custom meta-schema) asserts whatever the option says.
    if (ctx.options.formats !== 'assert' && !ctx.vocabularies?.has('format-assertion')) return undefined
    const name = value as string
    let check = ctx.format(name)
    const compilesPattern = check === isRegex
    // The built-in `regex` checker defers to the schema's regex engine: under `regex: 'linear'` a
    // valid pattern is one that engine accepts (no lookarounds, no backreferences).
    if (check === isRegex && ctx.options.regex !== 'ecmascript') {
      ctx.regexProblem('') // a kernel without that engine fails here, at compile time, not per value
      check = (s) => ctx.regexProblem(s) === undefined
    }
    if (!hasIdna()) {
      // Never a silent change of meaning: an IDN format without its checker does not compile.
      if (check === isIdnHostname || check === isIdnEmail) {
        ctx.fail(`format "${name}" needs the IDNA2008 checker, which is not loaded: import 'schemavet/idn' once before compiling (or pass formats: 'annotate')`)
      }
      if (check === isHostname || check === isEmail) {
        ctx.warn(`format "${name}" refuses names with an xn-- label (IDNA A-labels) unless 'schemavet/idn' is imported`)
      }
    }
    if (check === undefined) return undefined
    return new Format(name, check, compilesPattern ? regexCost : scanCost)
  },
  validate(f, x, ctx) {
    if (ctx.budgeted) ctx.charge(f.cost(x as string))
    return f.check(x as string)
  },
  // The checker itself, called or inlined from its own source: a failure needs no second run.
  emit(f, g) {
    const scanner = INLINE_DATE_TIME.get(f.check)
    const email = f.check === isEmail
    const block = email ? g.inline(plainEmail, [js`x`, CHAR_CODE_AT]) : scanner && g.inline(scanner.fn, [js`x`, literal(scanner.mode), CHAR_CODE_AT])
    if (block === undefined) return { test: js`${g.constant(f.check)}(x)`, mirrorsValidate: true }
    // Only the common address is inline; any other goes to the whole check.
    return { setup: block.setup, test: email ? js`(${block.test} || ${g.constant(f.check)}(x))` : block.test, mirrorsValidate: true }
  },
  error: formatError as never,
})
