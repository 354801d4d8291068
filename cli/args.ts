/**
 * Arguments (`node:util` `parseArgs`: built in, maintained, strict about unknown options), the
 * help texts, and the schema options every command shares.
 */
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import type { DialectName, SchemaOptions } from '../api.ts'
import { CliError, readJson } from './json-io.ts'

/** The top-level help. */
export const MAIN_USAGE = `Usage: schemavet <command> [options]

Commands:
  validate <schema> <data...>   validate JSON or JSON Lines files against a schema
  check <schema>                report what is wrong with a schema
  defaults <schema> <data...>   print the data with the schema's defaults filled in
  struct <file.ts#Type>         print the schema derived from a TypeScript declaration
  grammar <schema>              print the schema as a GBNF or XGrammar grammar
  compile <schema...> --out-dir <dir>
                                compile schemas ahead of time into modules with their types

Run "schemavet <command> --help" for the options of a command, "schemavet --version" for the
version.
Exit codes: 0 valid, 1 invalid, 2 usage or schema error.
`

const SHARED_HELP = `  --dialect <name>     2020-12 (default), 2019-09, draft-07, draft-06, draft-04, openapi-3.1
                       or openapi-3.0, for schemas without $schema
  --strict             an unknown keyword in the schema is an error (catches typos)
  -r, --ref <file>     a schema the schema references, registered by its $id (repeatable)
  -h, --help           show this help`

/** Help of `validate`. */
export const VALIDATE_USAGE = `Usage: schemavet validate <schema> <data...> [options]

Validates each data file against the schema. JSON Lines files (--jsonl) are streamed line by
line in constant memory; a progress bar shows on stderr when it is a terminal.

Options:
  --jsonl              the data files are JSON Lines (NDJSON): one JSON value per line
  --all-errors         report every problem of a document, not only the first
  --max-errors <n>     with --all-errors, at most n problems per document (default 100)
  -o, --output <mode>  text (default), json, basic, detailed, or model
  --defaults           fill in defaults before validating; print the defaulted data
                       (reports then go to stderr)
  --repair             read each file as model output: find the JSON in it, fix syntax
                       slips and unambiguous type slips (see docs/repair.md); print each
                       repair, then validate the repaired value (not with --jsonl)
  -j, --jobs <n>       worker threads for JSON Lines (default 1)
${SHARED_HELP}

Exit codes: 0 all valid, 1 some document invalid or not JSON, 2 usage, unreadable file or
invalid schema.
`

/** Help of `defaults`. */
export const DEFAULTS_USAGE = `Usage: schemavet defaults <schema> <data...> [options]

Prints each data file with the schema's defaults filled in (the file is not changed), then
validates the result: problems go to stderr.

Options:
  --jsonl              the data files are JSON Lines: one defaulted line out per line in
  -j, --jobs <n>       worker threads for JSON Lines (default 1)
${SHARED_HELP}

Exit codes: 0 all valid, 1 some document invalid, 2 usage, unreadable file or invalid schema.
`

/** Help of `check`. */
export const CHECK_USAGE = `Usage: schemavet check <schema> [options]

Reports what is wrong with a schema, each problem with its schema path: meta-schema problems,
references that do not resolve, reference cycles that consume no input, unknown keywords
(warnings; errors with --strict) and compile-time warnings.

Options:
  -o, --output <mode>  text (default) or json
${SHARED_HELP}

Exit codes: 0 no errors (warnings may be printed), 1 errors found, 2 usage or unreadable file.
`

/** Help of `grammar`. */
export const GRAMMAR_USAGE = `Usage: schemavet grammar <schema> --format gbnf|xgrammar [options]

Prints the schema as a grammar for constrained decoding: GBNF for llama.cpp (node-llama-cpp,
Ollama, llama.cpp's server) or XGrammar's EBNF (vLLM, SGLang, web-llm). Declared properties come
in declared order. Keywords the grammar holds only in part are listed on stderr: validate the
model's answer all the same.

Options:
  --format <name>      gbnf or xgrammar (required)
  --indent <n>         each member on a line of its own, n spaces per level (default 0:
                       compact, no whitespace)
${SHARED_HELP}

Exit codes: 0 grammar printed, 2 usage, unreadable file or invalid schema.
`

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>

const SHARED: OptionSpec = {
  dialect: { type: 'string' },
  strict: { type: 'boolean' },
  ref: { type: 'string', short: 'r', multiple: true },
  help: { type: 'boolean', short: 'h' },
}

/** Options of `validate` and `defaults`. */
export const VALIDATE_OPTIONS: OptionSpec = {
  ...SHARED,
  jsonl: { type: 'boolean' },
  'all-errors': { type: 'boolean' },
  'max-errors': { type: 'string' },
  output: { type: 'string', short: 'o' },
  defaults: { type: 'boolean' },
  repair: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
}

/** Options of `check`. */
export const CHECK_OPTIONS: OptionSpec = { ...SHARED, output: { type: 'string', short: 'o' } }

/** Options of `grammar`. */
export const GRAMMAR_OPTIONS: OptionSpec = { ...SHARED, format: { type: 'string' }, indent: { type: 'string' } }

/** Parsed arguments: option values by name, and the positionals. */
export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>
  positionals: string[]
}

/** Parses `args` against `options`; an unknown option or a missing value is a usage error (exit 2). */
export function parse(args: string[], options: OptionSpec, command: string): Parsed {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true })
    return { values: values as Parsed['values'], positionals }
  } catch (e) {
    throw new CliError(`${(e as Error).message.replace(/\. To specify a positional.*$/s, '')}\nRun "schemavet ${command} --help" for usage.`)
  }
}

/** A positive integer option, or the fallback. */
export function positiveInt(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--${name} must be a positive integer (got "${String(value)}")`)
  return n
}

const DIALECTS: readonly DialectName[] = ['2020-12', '2019-09', 'draft-07', 'draft-06', 'draft-04', 'openapi-3.1', 'openapi-3.0']

/** Schema options from the shared flags; reads every `--ref` file (each needs an `$id`). */
export async function schemaOptions(values: Parsed['values']): Promise<SchemaOptions> {
  const options: SchemaOptions = {}
  const dialect = values.dialect
  if (dialect !== undefined) {
    if (!DIALECTS.includes(dialect as DialectName)) throw new CliError(`--dialect must be one of ${DIALECTS.join(', ')} (got "${String(dialect)}")`)
    options.defaultDialect = dialect as DialectName
  }
  if (values.strict === true) options.strict = true
  if (values['all-errors'] === true) options.allErrors = true
  if (values['max-errors'] !== undefined) options.maxErrors = positiveInt(values['max-errors'], 'max-errors', 100)
  const refs = (values.ref as string[] | undefined) ?? []
  if (refs.length > 0) {
    const schemas: Record<string, unknown> = {}
    for (const file of refs) {
      const doc = await readJson(file)
      const id = typeof doc === 'object' && doc !== null ? (doc as { $id?: unknown }).$id : undefined
      if (typeof id !== 'string') throw new CliError(`--ref ${file}: the schema needs an "$id" to be referenced by`)
      schemas[id] = doc
    }
    options.schemas = schemas
  }
  return options
}

/** A kernel message in command-line terms (`--ref` is how a schema registers here). */
export function cliWording(message: string): string {
  return message.replace(/\(register it through the "schemas" option\)$/, '(pass it with --ref)')
}

/**
 * The reader of stdout or stderr went away (`schemavet ... | head`): the command stops, without
 * an error of its own, and exits with the status of what it reported before.
 */
export class OutputClosed extends Error {
  override name = 'OutputClosed'
  constructor() {
    super('the output was closed by its reader')
  }
}

const closed = new WeakSet<NodeJS.WritableStream>()
const watched = new WeakSet<NodeJS.WritableStream>()

/** A broken pipe is remembered, not thrown from the stream's 'error' event (which would crash). */
function watch(stream: NodeJS.WritableStream): void {
  if (watched.has(stream)) return
  watched.add(stream)
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') closed.add(stream)
  })
}

/**
 * Writes to a stream, resolving once it can take more (`drain`), so output never piles up.
 * @throws OutputClosed once the stream's reader has gone
 */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (text === '') return
  watch(stream)
  if (closed.has(stream)) throw new OutputClosed()
  try {
    if (!stream.write(text)) await once(stream, 'drain')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') {
      closed.add(stream)
      throw new OutputClosed()
    }
    throw e
  }
  if (closed.has(stream)) throw new OutputClosed()
}
