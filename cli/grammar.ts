/**
 * `schemavet grammar <schema> --format gbnf|xgrammar [--indent n]`: the schema as a grammar for
 * constrained decoding (`schemavet/grammar`), printed to stdout; what the grammar holds only in
 * part goes to stderr, one line a keyword, so a pipe into a file keeps the grammar alone.
 */
import { SchemaError } from '../api.ts'
import { toGrammar } from '../grammar/index.ts'
import type { GrammarFormat } from '../grammar/index.ts'
import { GRAMMAR_OPTIONS, GRAMMAR_USAGE, parse, schemaOptions, write } from './args.ts'
import { CliError, readJson } from './json-io.ts'

export async function grammarCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, GRAMMAR_OPTIONS, 'grammar')
  if (values.help === true) {
    await write(process.stdout, GRAMMAR_USAGE)
    return 0
  }
  if (positionals.length !== 1) throw new CliError(`grammar takes one schema file\n${GRAMMAR_USAGE}`)
  const format = values.format
  if (format !== 'gbnf' && format !== 'xgrammar') throw new CliError(`--format must be gbnf or xgrammar (got ${format === undefined ? 'none' : `"${String(format)}"`})`)
  let indent = 0
  if (values.indent !== undefined) {
    indent = Number(values.indent)
    if (!Number.isInteger(indent) || indent < 0 || indent > 16) throw new CliError(`--indent must be an integer from 0 to 16 (got "${String(values.indent)}")`)
  }
  const file = positionals[0]!
  const schema = await readJson(file)
  const options = await schemaOptions(values)
  let result
  try {
    result = toGrammar(schema, { ...options, format: format as GrammarFormat, indent })
  } catch (e) {
    if (!SchemaError.isInstance(e)) throw e
    throw new CliError(`invalid schema ${file}: ${e.message}\nRun "schemavet check ${file}" for every problem.`)
  }
  await write(process.stdout, result.grammar)
  if (!result.exact) {
    const lines = result.lost.map((l) => `  ${l.schemaPath} ${l.keyword}: ${l.how}\n`).join('')
    await write(process.stderr, `schemavet: the grammar holds ${result.lost.length} keyword${result.lost.length === 1 ? '' : 's'} only in part (validate the answer):\n${lines}`)
  }
  return 0
}
