/**
 * `schemavet compile <schema files or globs> --out-dir DIR`: each schema file `NAME.json` becomes
 * the module `NAME.js` and its declarations `NAME.d.ts` (`NAME.cjs` and `NAME.d.cts` with
 * `--format cjs`), written by `compileModule` (docs/compile.md).
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SchemaError } from '../api.ts'
import type { SchemaOptions } from '../api.ts'
import { compileModule } from '../compile/index.ts'
import { cliWording, parse, schemaOptions, write } from './args.ts'
import type { OptionSpec } from './args.ts'
import { CliError, readJson } from './json-io.ts'

/** Help of `compile`. */
export const COMPILE_USAGE = `Usage: schemavet compile <schema files or globs...> --out-dir <dir> [options]

Compiles each schema file ahead of time into a JavaScript module and its TypeScript declarations:
NAME.json becomes NAME.js and NAME.d.ts (NAME.cjs and NAME.d.cts with --format cjs). A module
exports isValid, validate, applyDefaults, schema and standardSchema, and runs where code
generation is forbidden (Workers, a strict CSP). See docs/compile.md.

Options:
  --out-dir <dir>      where the modules are written (created if missing)
  --format <format>    esm (default) or cjs
  --formats <mode>     assert (default, as at run time) or annotate
  --schemas <dir>      documents the schemas' $refs name: every .json file under dir, registered
                       by its $id (a file without one by its file URL); repeatable
  --standalone         write the runtime into each module, importing nothing (larger)
  --all-errors         validate reports every problem, not only the first
  --max-errors <n>     with --all-errors, at most n problems (default 100)
  --dialect <name>     2020-12 (default), 2019-09, draft-07, draft-06, draft-04, openapi-3.1
                       or openapi-3.0, for schemas without $schema
  --strict             an unknown keyword in the schema is an error (catches typos)
  -r, --ref <file>     a schema the schemas reference, registered by its $id (repeatable)
  -h, --help           show this help

Exit codes: 0 every module written, 2 usage, unreadable file or invalid schema (nothing is
written then).
`

const COMPILE_OPTIONS: OptionSpec = {
  dialect: { type: 'string' },
  strict: { type: 'boolean' },
  ref: { type: 'string', short: 'r', multiple: true },
  help: { type: 'boolean', short: 'h' },
  'out-dir': { type: 'string' },
  format: { type: 'string' },
  formats: { type: 'string' },
  schemas: { type: 'string', multiple: true },
  standalone: { type: 'boolean' },
  'all-errors': { type: 'boolean' },
  'max-errors': { type: 'string' },
}

const GLOB = /[*?[\]{}]/

/** A glob (`*` and `?` within a name, `**` for any folders) as a regular expression on `/` paths. */
function globPattern(glob: string): RegExp {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches no folder or any number of them.
      const slash = glob[i + 2] === '/'
      re += slash ? '(?:.*/)?' : '.*'
      i += slash ? 2 : 1
    } else if (c === '*') re += '[^/]*'
    else if (c === '?') re += '[^/]'
    else if (c === '{') {
      const end = glob.indexOf('}', i)
      if (end < 0) throw new CliError(`unclosed { in the glob "${glob}"`)
      re += `(?:${glob.slice(i + 1, end).split(',').map(escapeRe).join('|')})`
      i = end
    } else re += escapeRe(c)
  }
  return new RegExp(`^${re}$`)
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Files under `dir`, as `/`-separated paths starting with `dir` (bounded: a tree of files, not links). */
function walk(dir: string, into: string[]): string[] {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch (e) {
    throw new CliError(`cannot read the folder ${dir}: ${(e as Error).message}`)
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue
    const p = dir === '.' ? e.name : `${dir}/${e.name}`
    if (e.isDirectory()) walk(p, into)
    else if (e.isFile()) into.push(p)
  }
  return into
}

/**
 * The files named: a path as given; a glob (quoted, so the shell left it) expanded from the
 * folder before its first wildcard (Node 20 has no `fs.glob`; this needs `*`, `?`, `**` and `{a,b}` only).
 */
export function expandInputs(args: readonly string[]): string[] {
  const out: string[] = []
  for (const arg of args) {
    const p = arg.split(path.sep).join('/')
    if (!GLOB.test(p)) {
      out.push(arg)
      continue
    }
    const parts = p.split('/')
    const fixed = parts.slice(0, parts.findIndex((s) => GLOB.test(s)))
    const base = fixed.length === 0 ? '.' : fixed.join('/') || '/'
    const re = globPattern(p.startsWith('./') ? p.slice(2) : p)
    const found = walk(base, []).filter((f) => re.test(f))
    if (found.length === 0) throw new CliError(`no file matches ${arg}`)
    out.push(...found)
  }
  return [...new Set(out)]
}

/** The documents of the `--schemas` folders, by `$id` (else by file URL). */
async function folderSchemas(dirs: readonly string[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const dir of dirs) {
    let isDir = false
    try {
      isDir = statSync(dir).isDirectory()
    } catch {
      isDir = false
    }
    if (!isDir) throw new CliError(`--schemas ${dir}: not a folder`)
    for (const file of walk(dir.split(path.sep).join('/'), []).filter((f) => f.endsWith('.json'))) {
      const doc = await readJson(file)
      const id = typeof doc === 'object' && doc !== null ? (doc as { $id?: unknown }).$id : undefined
      out[typeof id === 'string' ? id : pathToFileURL(path.resolve(file)).href] = doc
    }
  }
  return out
}

/** `NAME.json` → `NAME` (any other name is kept whole). */
function moduleName(file: string): string {
  const base = path.basename(file)
  return base.endsWith('.json') ? base.slice(0, -'.json'.length) : base
}

/** Runs `compile`. Returns 0 when every module was written, 2 otherwise. */
export async function compileCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, COMPILE_OPTIONS, 'compile')
  if (values.help === true) {
    await write(process.stdout, COMPILE_USAGE)
    return 0
  }
  const outDir = values['out-dir']
  if (typeof outDir !== 'string') throw new CliError('compile needs --out-dir <dir>\nRun "schemavet compile --help" for usage.')
  if (positionals.length === 0) throw new CliError('compile needs at least one schema file\nRun "schemavet compile --help" for usage.')
  const format = values.format ?? 'esm'
  if (format !== 'esm' && format !== 'cjs') throw new CliError(`--format must be esm or cjs (got "${String(format)}")`)
  const formats = values.formats ?? 'assert'
  if (formats !== 'assert' && formats !== 'annotate') throw new CliError(`--formats must be assert or annotate (got "${String(formats)}")`)
  const options: SchemaOptions = await schemaOptions(values)
  const fromFolders = await folderSchemas((values.schemas as string[] | undefined) ?? [])
  if (Object.keys(fromFolders).length > 0) options.schemas = { ...fromFolders, ...options.schemas }
  options.formats = formats
  const files = expandInputs(positionals)
  const ext = format === 'esm' ? ['.js', '.d.ts'] : ['.cjs', '.d.cts']
  // Every name first: two inputs that would write one module are an error before anything is written.
  const byName = new Map<string, string>()
  for (const file of files) {
    const name = moduleName(file)
    const other = byName.get(name)
    if (other !== undefined) throw new CliError(`${other} and ${file} would both write ${path.join(outDir, name + ext[0]!)}`)
    byName.set(name, file)
  }
  const written: { name: string; code: string; types: string; note: string }[] = []
  for (const [name, file] of byName) {
    const schema = await readJson(file)
    try {
      const m = compileModule(schema, { ...options, format, standalone: values.standalone === true })
      const note = m.tier.generated ? 'generated code' : `interpreter: ${m.tier.reason}`
      written.push({ name, code: m.code, types: m.types, note })
    } catch (e) {
      if (!SchemaError.isInstance(e)) throw e
      const lines = e.errors.map((p) => `  ${p.schemaPath}: ${cliWording(p.message)}`).join('\n')
      throw new CliError(`${file}: invalid schema\n${lines}`)
    }
  }
  mkdirSync(outDir, { recursive: true })
  for (const w of written) {
    writeFileSync(path.join(outDir, w.name + ext[0]!), w.code)
    writeFileSync(path.join(outDir, w.name + ext[1]!), w.types)
    await write(process.stderr, `wrote ${path.join(outDir, w.name + ext[0]!)} and ${w.name + ext[1]!} (${w.note})\n`)
  }
  return 0
}
