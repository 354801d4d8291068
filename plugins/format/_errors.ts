/**
 * `format`'s issue: its `error` (params and message words, with the format's hint), in a
 * module of its own, so a compiled module's failure code can name it (`schemavet/runtime`)
 * without the keyword's checkers table.
 */
import { got } from '../../core/contract/words.ts'
import type { KeywordError } from '../validation/_errors.ts'
import { hasIdna } from '../../formats/network.ts'

/**
 * The compiled value carries its hint (looked up by name when the keyword compiles, in
 * format.ts), so a module's failure code holds the one hint it can show, not the table.
 */
export const formatError: KeywordError<{ readonly name: string; readonly hint?: string }> = {
  params: (f) => ({ format: f.name }),
  message: (p, f, x) => {
    const hint = f.hint
    // Without the IDNA tables an A-label fails whatever it is: say so where it is the reason.
    const idn = (p.format === 'hostname' || p.format === 'email') && !hasIdna() && typeof x === 'string' && /(?:^|[.@])xn--/i.test(x)
    const needs = idn ? `; an xn-- label is checked only with 'schemavet/idn' imported` : ''
    return `must be a string in "${String(p.format)}" format${hint === undefined ? '' : ` (${hint})`}${needs}${got(x)}`
  },
}
