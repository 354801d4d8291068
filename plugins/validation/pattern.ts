import { defineKeyword, js, literal } from '../../core/index.ts'
import type { RegexMatcher } from '../../core/index.ts'
import { compilePattern } from '../applicator/_shared.ts'
import { patternError } from './_errors.ts'
import { scanStatements } from '../../regex/scan.ts'

/**
 * `pattern`: the string must match the ECMAScript regular expression (with the `u` flag),
 * anywhere unless anchored. Compiled once, by the engine the `regex` option picks.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.3.3
 */
export const patternKeyword = defineKeyword<unknown, RegexMatcher>({
  keyword: 'pattern',
  vocabulary: 'validation',
  instanceTypes: ['string'],
  compile: (value, ctx) => compilePattern(value, ctx),
  validate: (re, x, ctx) => re.test(x as string, ctx),
  emit: (re, g) => {
    // The fast paths below re-read the source with the `u` grammar; a legacy source keeps its matcher.
    if (re.unicode === false) return { test: js`${g.constant(re)}.test(x)`, mirrorsValidate: true }
    // `^` then literal characters only (common: `^tool-`): a prefix test, no regex run.
    const m = /^\^([^\\^$.|?*+()[\]{}]+)(\$?)$/.exec(re.source)
    if (m !== null) return m[2] === '$' ? js`x === ${literal(m[1]!)}` : js`x.startsWith(${literal(m[1]!)})`
    // Anchored characters and classes (`^[A-Z]{2}$`): a scan of the code units, no regex run.
    const scan = scanStatements(re.source)
    if (scan === undefined) return { test: js`${g.constant(re)}.test(x)`, mirrorsValidate: true }
    const answer = g.local()
    return { setup: scan(answer), test: answer }
  },
  error: patternError as never,
})
