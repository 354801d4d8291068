/**
 * What the command line prints for one document (a JSON file, or one line of a JSON Lines file),
 * shared by the main thread and the JSON Lines workers so both print exactly the same thing.
 */
import * as api from '../api.ts'
import { isIdnaHostname } from '../formats/idna.ts'
import { provideIdna } from '../formats/network.ts'
import { provideRegexEngine } from '../regex/index.ts'
import { linearEngine } from '../regex/linear.ts'
import { formatForModel as renderForModel } from '../integrations/format-for-model.ts'
import type { JSONSchemaValidator, SchemaOptions, ValidationError } from '../api.ts'
import { JsonSyntaxError, parseJsonText } from './json-io.ts'
import { trimBranches } from './branches.ts'
import { formatForPeople } from './render.ts'

/** `--output`: `text` for people, `json` (ajv-style issues), the standard formats, or `model`. */
export type OutputMode = 'text' | 'json' | 'basic' | 'detailed' | 'model'

/** How documents are reported. Plain data: it is posted to workers. */
export interface ReportSettings {
  output: OutputMode
  /** Apply defaults before validating and print the defaulted data (`--defaults`, `defaults`). */
  defaults: boolean
  /** Print the defaulted data of invalid documents too (the `defaults` command). */
  printInvalid: boolean
  /** ANSI colours in text reports. */
  color: boolean
  /**
   * `--all-errors`: drop the branches of a failed `anyOf`/`oneOf` the data was not meant for, as
   * the default mode does (see `branches.ts`), from the text, json and model reports.
   */
  trimBranches?: boolean
}

/** What to build the validator from (posted to workers, which build their own). */
export interface ValidatorSpec {
  schema: unknown
  options: SchemaOptions
}

/** Output of one document or batch: text for stdout and stderr, and the counts. */
export interface Printed {
  out: string
  err: string
  valid: number
  invalid: number
}

/** Where a document came from: a file, and a line for JSON Lines. */
export interface Place {
  file: string
  line?: number
}

// The command line checks every format and pattern the library can, in the main thread and in
// each worker. (It registers the parts itself rather than importing the optional entries, whose
// registration must stay in their own entry files for bundlers to keep it.)
provideIdna(isIdnaHostname)
provideRegexEngine('linear', linearEngine)

type ModelRenderer = (error: ValidationError, options: { value?: unknown }) => string
let formatForModel: ModelRenderer | undefined

/**
 * Makes the model renderer `formatForModel` ready for `--output model`. Call once before
 * reporting (the main thread and each worker do). Returns whether it is there.
 */
export async function loadModelRenderer(): Promise<boolean> {
  formatForModel ??= renderForModel
  return true
}

/** Builds the validator of a spec (the default kernel, which has `applyDefaults`). */
export function buildValidator(spec: ValidatorSpec): JSONSchemaValidator {
  return api.newJSONSchema(spec.schema, spec.options)
}

const label = (p: Place) => (p.line === undefined ? p.file : `${p.file}:${p.line}`)
const record = (p: Place, rest: Record<string, unknown>) => api.stringifyJson({ file: p.file, ...(p.line === undefined ? {} : { line: p.line }), ...rest }) + '\n'

/** The report of an invalid document in the chosen mode. */
function invalidReport(v: JSONSchemaValidator, found: ValidationError, data: unknown, p: Place, s: ReportSettings): string {
  let error = found
  if (s.trimBranches === true && s.output !== 'basic' && s.output !== 'detailed') {
    const kept = trimBranches(v, data, found.errors)
    if (kept !== found.errors) error = api.ValidationError.returned([...kept])
  }
  switch (s.output) {
    case 'json':
      return record(p, { valid: false, errors: error.errors })
    case 'basic':
    case 'detailed':
      return record(p, { valid: false, output: v.output(data, s.output) })
    case 'model':
      return `${label(p)}: invalid\n${formatForModel!(error, { value: data })}\n`
    default:
      return `${label(p)}: invalid\n${formatForPeople(error, data, { indent: '  ', color: s.color })}\n`
  }
}

/** The report of a valid document: JSON Lines stay quiet (the summary counts them). */
function validReport(v: JSONSchemaValidator, data: unknown, p: Place, s: ReportSettings): string {
  if (p.line !== undefined) return ''
  if (s.output === 'json') return record(p, { valid: true })
  if (s.output === 'basic' || s.output === 'detailed') return record(p, { valid: true, output: v.output(data, s.output) })
  return `${label(p)}: valid\n`
}

/** Validates one parsed document (after defaults when asked) and says what to print. */
export function reportDocument(v: JSONSchemaValidator, value: unknown, p: Place, s: ReportSettings): Printed {
  let data = value
  let error: ValidationError | null
  if (s.defaults) {
    const result = api.applyThenValidate(value, v)
    data = result.error === undefined ? result.value : result.checked
    error = result.error ?? null
  } else {
    error = v.validate(data)
  }
  const valid = error === null
  const report = error === null ? validReport(v, data, p, s) : invalidReport(v, error, data, p, s)
  if (!s.defaults) return { out: report, err: '', valid: valid ? 1 : 0, invalid: valid ? 0 : 1 }
  const printed = valid || s.printInvalid ? dataText(data, p.line === undefined ? 2 : undefined) + '\n' : ''
  return { out: printed, err: valid ? '' : report, valid: valid ? 1 : 0, invalid: valid ? 0 : 1 }
}

/**
 * The JSON text of a document, any depth: indented as asked, or on one line where the indented
 * text would be longer than a string can be (its indentation grows with the square of the depth).
 */
export function dataText(data: unknown, indent: number | undefined): string {
  try {
    return api.stringifyJson(data, indent) ?? 'null'
  } catch (e) {
    if (!(e instanceof RangeError) || indent === undefined) throw e
    return api.stringifyJson(data) ?? 'null'
  }
}

/** A document that is not JSON: invalid data, reported with its line and column. */
export function reportSyntax(e: JsonSyntaxError, p: Place, s: ReportSettings): Printed {
  const text =
    s.output === 'text' || s.output === 'model'
      ? `${e.message}\n`
      : record(p, { valid: false, syntaxError: { line: e.line, column: e.column, message: e.reason } })
  return s.defaults ? { out: '', err: text, valid: 0, invalid: 1 } : { out: text, err: '', valid: 0, invalid: 1 }
}

/**
 * Parses and reports the lines of a JSON Lines batch; blank lines are skipped. Where every
 * document is printed (the `defaults` command), every line gives one line out, so line N of the
 * output is line N of the input: a blank line or one that is not JSON is printed as it was (no
 * defaults can be filled in), and the problem goes to stderr.
 */
export function reportLines(v: JSONSchemaValidator, file: string, first: number, lines: readonly string[], s: ReportSettings): Printed {
  const total: Printed = { out: '', err: '', valid: 0, invalid: 0 }
  const lineForLine = s.defaults && s.printInvalid
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!
    if (text.trim() === '') {
      if (lineForLine) total.out += text + '\n'
      continue
    }
    const place = { file, line: first + i }
    let r: Printed
    try {
      r = reportDocument(v, parseJsonText(text, file, place.line - 1), place, s)
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e
      r = reportSyntax(e, place, s)
      if (lineForLine) r = { ...r, out: text + '\n' }
    }
    total.out += r.out
    total.err += r.err
    total.valid += r.valid
    total.invalid += r.invalid
  }
  return total
}
