/**
 * `schemavet validate` and `schemavet defaults`: one schema, many data files (JSON, or JSON
 * Lines streamed). Exit 0 when every document is valid, 1 when one is not (or is not JSON),
 * 2 for usage errors, unreadable files and invalid schemas.
 */
import { SchemaError, newJSONSchema } from '../api.ts'
import type { JSONSchemaValidator, SchemaOptions } from '../api.ts'
import { DEFAULTS_USAGE, OutputClosed, VALIDATE_OPTIONS, VALIDATE_USAGE, cliWording, parse, positiveInt, schemaOptions, write } from './args.ts'
import { parseModelOutput } from '../repair/index.ts'
import type { RepairRecord } from '../repair/index.ts'
import { checkSchema } from './check.ts'
import { CliError, JsonSyntaxError, parseJsonText, readJson, readText } from './json-io.ts'
import { describeSummary, validateJsonl } from './jsonl.ts'
import type { Sink } from './jsonl.ts'
import { loadModelRenderer, reportDocument, reportSyntax } from './report.ts'
import type { OutputMode, Printed, ReportSettings, ValidatorSpec } from './report.ts'

const MODES: readonly OutputMode[] = ['text', 'json', 'basic', 'detailed', 'model']

/** The sink on the process streams; the progress bar only when stderr is a terminal. */
function processSink(): Sink & { invalid: number } {
  const sink = {
    invalid: 0,
    write: async (out: string, err: string, invalid = 0) => {
      sink.invalid += invalid
      await write(process.stdout, out)
      await write(process.stderr, err)
    },
    progress: process.stderr.isTTY === true ? process.stderr : null,
  }
  return sink
}

/** Reads and compiles the schema; a `CliError` (exit 2) lists the schema's problems. */
export async function loadSchema(file: string, options: SchemaOptions): Promise<{ validator: JSONSchemaValidator; spec: ValidatorSpec }> {
  const schema = await readJson(file)
  try {
    return { validator: newJSONSchema(schema, options), spec: { schema, options } }
  } catch (e) {
    if (!SchemaError.isInstance(e)) throw e
    throw new CliError(`invalid schema ${file}:\n${leadingProblems(e, schema, options)}\nRun "schemavet check ${file}" for every problem.`)
  }
}

const META = / \(meta-schema [^)]*\)$/

/**
 * The lines that say what is wrong with a schema, the concise ones first. The meta-schema check
 * reports a typo such as `"type": "strin"` as several generic lines (not one of the allowed
 * values, not an array, no `anyOf` branch); the keyword itself says `unknown type "strin"`. So
 * the problems `check` finds beyond the meta-schema lead, and a meta-schema line follows only
 * where no such problem sits at its path (a count says how many were left for `check`).
 */
function leadingProblems(e: SchemaError, schema: unknown, options: SchemaOptions): string {
  let problems = e.errors.filter((p) => !META.test(p.message))
  const meta = e.errors.filter((p) => META.test(p.message))
  if (problems.length === 0) {
    problems = checkSchema(schema, options)
      .filter((f) => f.severity === 'error' && f.kind !== 'meta-schema')
      .map((f) => ({ schemaPath: f.schemaPath, message: f.message }))
  }
  const covered = new Set(problems.map((p) => p.schemaPath))
  const shownMeta = meta.filter((p) => !covered.has(p.schemaPath))
  const lines = [...problems, ...shownMeta].map((p) => `  ${p.schemaPath}: ${cliWording(p.message)}`)
  const left = meta.length - shownMeta.length
  if (left > 0) lines.push(`  (and ${left} meta-schema ${left === 1 ? 'problem' : 'problems'} at these paths)`)
  return lines.join('\n')
}

/** One line per repair: `file: repaired <kind> at <path>: <from> -> <to>`. */
function repairLines(file: string, repairs: readonly RepairRecord[]): string {
  let out = ''
  for (const r of repairs) {
    const from = r.from === undefined ? '(nothing)' : JSON.stringify(r.from)
    out += `${file}: repaired ${r.kind} at ${r.instancePath === '' ? '(root)' : r.instancePath}: ${from} -> ${JSON.stringify(r.to)}\n`
  }
  return out
}

/**
 * `--repair`: the file read as model output by `parseModelOutput` (defaults only with
 * `--defaults`, so plain `validate` keeps its meaning), its repairs printed before the usual
 * report of the repaired value. Text that holds no JSON falls back to the syntax report.
 */
function repairedReport(text: string, file: string, validator: JSONSchemaValidator, settings: ReportSettings): Printed | undefined {
  const r = parseModelOutput(text, validator, { repairs: settings.defaults ? 'all' : { default: false } })
  if (!r.success && r.value === undefined) return undefined
  const printed = reportDocument(validator, r.value, { file }, settings)
  const lines = repairLines(file, r.repairs)
  // Beside a text report on stdout; on stderr where stdout carries data or JSON.
  return settings.output === 'text' && !settings.defaults ? { ...printed, out: lines + printed.out } : { ...printed, err: lines + printed.err }
}

/** One JSON file: parse, validate, print. Returns the exit status for it. */
async function oneFile(file: string, validator: JSONSchemaValidator, settings: ReportSettings, sink: Sink, repair = false): Promise<number> {
  let text: string
  try {
    text = await readText(file)
  } catch (e) {
    if (!(e instanceof CliError)) throw e
    await sink.write('', `schemavet: ${e.message}\n`)
    return 2
  }
  let printed: Printed | undefined = repair ? repairedReport(text, file, validator, settings) : undefined
  if (printed !== undefined) {
    await sink.write(printed.out, printed.err, printed.invalid)
    return printed.invalid > 0 ? 1 : 0
  }
  try {
    printed = reportDocument(validator, parseJsonText(text, file), { file }, settings)
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e
    printed = reportSyntax(e, { file }, settings)
  }
  await sink.write(printed.out, printed.err, printed.invalid)
  return printed.invalid > 0 ? 1 : 0
}

/** Runs `validate` (or, with `mode: 'defaults'`, the `defaults` command). Returns the exit code. */
export async function validateCommand(args: string[], mode: 'validate' | 'defaults' = 'validate'): Promise<number> {
  const usage = mode === 'validate' ? VALIDATE_USAGE : DEFAULTS_USAGE
  const { values, positionals } = parse(args, VALIDATE_OPTIONS, mode)
  if (values.help === true) {
    await write(process.stdout, usage)
    return 0
  }
  if (mode === 'defaults') {
    for (const flag of ['output', 'all-errors', 'max-errors', 'defaults', 'repair']) {
      if (values[flag] !== undefined) throw new CliError(`defaults takes no --${flag}\nRun "schemavet defaults --help" for usage.`)
    }
  }
  if (positionals.length < 2) throw new CliError(`${mode} needs a schema file and at least one data file\nRun "schemavet ${mode} --help" for usage.`)
  const output = (values.output ?? 'text') as OutputMode
  if (!MODES.includes(output)) throw new CliError(`--output must be one of ${MODES.join(', ')} (got "${String(values.output)}")`)
  if (output === 'model' && !(await loadModelRenderer())) throw new CliError('--output model needs formatForModel, which this build does not have yet')
  if (values.repair === true && values.jsonl === true) throw new CliError('--repair reads whole files as model output; it does not combine with --jsonl')
  const jobs = positiveInt(values.jobs, 'jobs', 1)
  const options = await schemaOptions(values)
  const [schemaFile, ...dataFiles] = positionals as [string, ...string[]]
  const { validator, spec } = await loadSchema(schemaFile, options)
  const settings: ReportSettings = {
    output,
    defaults: mode === 'defaults' || values.defaults === true,
    printInvalid: mode === 'defaults',
    trimBranches: values['all-errors'] === true,
    color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
  }
  const sink = processSink()
  let status = 0
  try {
    for (const file of dataFiles) {
      if (values.jsonl !== true) {
        status = Math.max(status, await oneFile(file, validator, settings, sink, values.repair === true))
        continue
      }
      try {
        const summary = await validateJsonl(file, validator, spec, settings, jobs, sink)
        await sink.write('', describeSummary(file, summary) + '\n')
        if (summary.invalid > 0) status = Math.max(status, 1)
      } catch (e) {
        if (!(e instanceof CliError)) throw e
        await sink.write('', `schemavet: ${e.message}\n`)
        status = 2
      }
    }
  } catch (e) {
    // `| head`: the reader has what it wanted; the status is that of what was reported
    if (!(e instanceof OutputClosed)) throw e
    return Math.max(status, sink.invalid > 0 ? 1 : 0)
  }
  return status
}
