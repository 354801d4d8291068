import { defineKeyword } from '../../core/index.ts'
import type { FormatChecker } from '../../core/index.ts'
import { INLINE_DATE_TIME } from './date-time.ts'
import { inlined } from './inline.ts'
import { isRegex } from './misc.ts'
import { hasIdna, isEmail, isHostname, isIdnEmail, isIdnHostname } from './network.ts'

/** `format` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Format {
  constructor(
    readonly name: string,
    readonly check: FormatChecker,
  ) {}
}

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
    return check === undefined ? undefined : new Format(name, check)
  },
  validate: (f, x) => f.check(x as string),
  // The checker itself, called or inlined from its own source: a failure needs no second run.
  emit(f, g) {
    const inline = INLINE_DATE_TIME.get(f.check)
    const block = inline !== undefined ? inlined(inline.fn, inline.args, g) : undefined
    return { ...(block ?? { test: `${g.constant(f.check)}(x)` }), mirrorsValidate: true }
  },
  error: { params: (f) => ({ format: f.name }), message: (p) => `must match format "${p.format}"` },
})
