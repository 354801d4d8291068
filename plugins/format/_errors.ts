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
export const formatError: KeywordError<{ readonly name: string; readonly hint?: string; readonly text?: string }> = {
  params: (f) => ({ format: f.name }),
  message: (p, f, x) => {
    // Without the IDNA tables an A-label fails whatever it is: say so where it is the reason.
    const idn = (p.format === 'hostname' || p.format === 'email') && !hasIdna() && typeof x === 'string' && /(?:^|[.@])xn--/i.test(x)
    const needs = idn ? `; an xn-- label is checked only with 'schemavet/idn' imported` : ''
    // The compiled keyword wrote the words before the value once; a module's value has none.
    return (f.text ?? formatText(String(p.format), f.hint)) + needs + got(x)
  },
}

/** A `format` issue's words before the received value: the format's name and its hint. */
export function formatText(name: string, hint: string | undefined): string {
  return `must be a string in "${name}" format${hint === undefined ? '' : ` (${hint})`}`
}
