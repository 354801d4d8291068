/**
 * The corpus through `schemaTypes` (compile/types.ts) and through json-schema-to-typescript, under
 * `tsc --strict` (the compiler API, strict options, in batches): per schema a `.d.ts` and a test
 * file in a temporary folder (nothing of the corpus lands in the repository), each valid instance
 * assigned to `Data` and `Input` (and its `applyDefaults` copy to `Output`), and instances that
 * differ from a valid one only by a declared property's JSON type under `// @ts-expect-error`.
 *
 *   node --import tsx scripts/corpus-types.ts [--only REGEX] [--limit N] [--per-schema N] [--no-peer] [--keep]
 *
 * Only instances the runtime accepts (formats annotated: a type says nothing of formats) are
 * used, and only mutations the runtime rejects are expected to be rejected.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { applyDefaults, newJSONSchema } from '../api.ts'
import { schemaTypes } from '../compile/types.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus')
const argv = process.argv.slice(2)
const value = (name: string) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const only = value('--only') === undefined ? undefined : new RegExp(value('--only')!)
const limit = Number(value('--limit') ?? Infinity)
const perSchema = Number(value('--per-schema') ?? Infinity)
const withPeer = !argv.includes('--no-peer')
const keep = argv.includes('--keep')
/** Characters of test and declaration text per program (tsc slows past a few megabytes). */
const BATCH_CHARS = Number(value('--batch-chars') ?? 3_000_000)
/** A test file is split past this many characters of instance literals. */
const FILE_CHARS = 400_000

if (!existsSync(CORPUS)) {
  console.log(`corpus-types: SKIPPED, nothing checked: no corpus at ${CORPUS}`)
  process.exit(0)
}

interface Entry {
  name: string
  corpus: string
  schema: unknown
  remotes: Record<string, unknown> | undefined
  instances: unknown[]
}

function* entries(): Generator<Entry> {
  for (const corpus of ['schemastore', 'maskbench', 'catalogue']) {
    const dir = join(CORPUS, corpus)
    let n = 0
    for (const file of readdirSync(dir).sort()) {
      if (n >= limit) break
      const name = `${corpus}/${file}`
      if (only !== undefined && !only.test(name)) continue
      if (corpus === 'catalogue') {
        const schema = JSON.parse(readFileSync(join(dir, file, 'schema.json'), 'utf8'))
        const lines = readFileSync(join(dir, file, 'instances.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '')
        n++
        yield { name, corpus, schema, remotes: undefined, instances: lines.map((l) => JSON.parse(l)) }
        continue
      }
      if (!file.endsWith('.json')) continue
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'))
      n++
      const tests: { data: unknown; valid: boolean }[] = Array.isArray(doc.tests) ? doc.tests : []
      yield { name, corpus, schema: doc.schema, remotes: doc.remotes, instances: tests.filter((t) => t.valid).map((t) => t.data) }
    }
  }
}

// --- json-schema-to-typescript, from the peers' folder (bench/), when installed
type PeerCompile = (schema: unknown, name: string, options: Record<string, unknown>) => Promise<string>
let peerCompile: PeerCompile | undefined
if (withPeer) {
  const path = join(ROOT, 'bench', 'node_modules', 'json-schema-to-typescript', 'dist', 'src', 'index.js')
  if (existsSync(path)) peerCompile = ((await import(pathToFileURL(path).href)) as { compile: PeerCompile }).compile
  else console.log('json-schema-to-typescript not installed (npm --prefix bench install): its column is left out')
}

/** A JSON value as a TypeScript expression (`__proto__` as a computed key: a literal one sets the prototype). */
function expr(x: unknown): string {
  if (Array.isArray(x)) return '[' + x.map(expr).join(', ') + ']'
  if (typeof x === 'object' && x !== null) {
    return '{' + Object.entries(x).map(([k, v]) => (k === '__proto__' ? `["__proto__"]` : JSON.stringify(k)) + ': ' + expr(v)).join(', ') + '}'
  }
  return JSON.stringify(x)
}

/** The instance with one declared root property's value of another JSON type, which the runtime rejects. */
function mutate(instance: unknown, schema: unknown, isValid: (x: unknown) => boolean): unknown {
  if (typeof instance !== 'object' || instance === null || Array.isArray(instance)) return undefined
  const props = typeof schema === 'object' && schema !== null ? (schema as { properties?: unknown }).properties : undefined
  if (typeof props !== 'object' || props === null) return undefined
  for (const key of Object.keys(instance)) {
    if (!Object.prototype.hasOwnProperty.call(props, key)) continue
    const old = (instance as Record<string, unknown>)[key]
    const replacement = typeof old === 'string' ? 12345 : 'mutated'
    const copy = { ...(instance as Record<string, unknown>), [key]: replacement }
    if (!isValid(copy)) return copy
  }
  return undefined
}

type CheckKind = 'data' | 'input' | 'output' | 'mutation'
interface Check {
  kind: CheckKind
  file: string
  start: number
  end: number
  failed: boolean
  message?: string
  /** The corpus file. */
  name?: string
}

interface Side {
  label: string
  handled: number
  failed: string[]
  declErrors: string[]
  tooComplex: number
  checks: Check[]
  /** Schemas whose root declares `properties`: the root is an object type naming them (all members / some member of a union). */
  objectStrict: number
  objectLoose: number
  objectOf: number
}

const newSide = (label: string): Side => ({ label, handled: 0, failed: [], declErrors: [], tooComplex: 0, checks: [], objectStrict: 0, objectLoose: 0, objectOf: 0 })
const ours = newSide('schemavet')
const peer = newSide('json-schema-to-typescript')

const dir = mkdtempSync(join(tmpdir(), 'schemavet-types-'))
let refused = 0
let schemas = 0
let labelledValid = 0
let usedValid = 0

interface Unit {
  /** The corpus file (for the report). */
  name: string
  side: Side
  decl: string
  tests: string[]
  /** The alias that stands for the root, and the names the root declares. */
  rootAlias: string
  rootNames: string[]
}
let batch: Unit[] = []
let batchChars = 0
let fileCounter = 0

function addTests(side: Side, declName: string, imports: string, lines: { kind: CheckKind; text: string }[]): string[] {
  const files: string[] = []
  let body = `import type { ${imports} } from './${declName}.js'\nexport {}\n`
  let file = join(dir, `t${fileCounter++}.ts`)
  let n = 0
  const flush = () => {
    writeFileSync(file, body)
    files.push(file)
  }
  for (const line of lines) {
    if (body.length > FILE_CHARS) {
      flush()
      body = `import type { ${imports} } from './${declName}.js'\nexport {}\n`
      file = join(dir, `t${fileCounter++}.ts`)
    }
    const start = body.length
    const type = line.kind === 'data' || line.kind === 'mutation' ? 'Data' : line.kind === 'input' ? 'Input' : 'Output'
    body += (line.kind === 'mutation' ? '// @ts-expect-error\n' : '') + `const v${n++}: ${type} = ${line.text}\n`
    side.checks.push({ kind: line.kind, file, start, end: body.length, failed: false })
  }
  flush()
  return files
}

async function handle(entry: Entry): Promise<void> {
  schemas++
  labelledValid += entry.instances.length
  let validator: ReturnType<typeof newJSONSchema>
  try {
    validator = newJSONSchema(entry.schema, { schemas: entry.remotes, formats: 'annotate' })
  } catch {
    refused++
    return
  }
  const isValid = (x: unknown) => validator.isValid(x)
  const valid = entry.instances.filter(isValid).slice(0, perSchema)
  usedValid += valid.length
  const mutations = valid.map((x) => mutate(x, entry.schema, isValid)).filter((x) => x !== undefined)
  const rootProps = (entry.schema as { properties?: unknown } | null)?.properties
  const rootNames = typeof rootProps === 'object' && rootProps !== null && !Array.isArray(rootProps) ? Object.keys(rootProps) : []
  const lines = (withOutput: boolean) => {
    const out: { kind: CheckKind; text: string }[] = []
    for (const x of valid) {
      const text = expr(x)
      out.push({ kind: 'data', text }, { kind: 'input', text })
      if (withOutput) {
        const copy = applyDefaults(x, validator)
        if (isValid(copy)) out.push({ kind: 'output', text: expr(copy) })
      }
    }
    for (const m of mutations) out.push({ kind: 'mutation', text: expr(m) })
    return out
  }
  let decl: string | undefined
  try {
    decl = schemaTypes(entry.schema, { schemas: entry.remotes })
  } catch (e) {
    ours.failed.push(`${entry.name}: ${(e as Error).message.slice(0, 200)}`)
  }
  if (decl !== undefined) {
    ours.handled++
    const name = `d${fileCounter++}`
    writeFileSync(join(dir, name + '.d.ts'), decl)
    const l = lines(true)
    const tests = addTests(ours, name, 'Data, Input, Output', l)
    queue({ name: entry.name, side: ours, decl: join(dir, name + '.d.ts'), tests, rootAlias: 'Data', rootNames }, decl.length + size(l))
  }
  if (peerCompile !== undefined) {
    let text: string | undefined
    // Its schema warnings go to the console: keep the report readable.
    const quiet = [console.error, console.warn, console.log]
    console.error = console.warn = console.log = () => {}
    try {
      text = await peerCompile(structuredClone(entry.schema), 'Root', {
        bannerComment: '',
        format: false,
        unknownAny: true,
        strictIndexSignatures: true,
        declareExternallyReferenced: true,
        $refOptions: {
          resolve: {
            file: false,
            http: false,
            remotes: {
              order: 1,
              canRead: (f: { url: string }) => entry.remotes !== undefined && lookup(entry.remotes, f.url) !== undefined,
              read: (f: { url: string }) => JSON.stringify(lookup(entry.remotes!, f.url)),
            },
          },
        },
      })
    } catch (e) {
      peer.failed.push(`${entry.name}: ${String((e as Error).message ?? e).slice(0, 200)}`)
    } finally {
      ;[console.error, console.warn, console.log] = quiet
    }
    const first = text === undefined ? null : /^export (?:declare )?(?:interface|type|enum|const enum) ([A-Za-z0-9_$]+)/m.exec(text)
    if (text !== undefined && first === null) peer.failed.push(`${entry.name}: no exported type`)
    if (text !== undefined && first !== null) {
      peer.handled++
      const name = `j${fileCounter++}`
      const body = `${text}\nexport type SchemavetRoot__ = ${first[1]}\n`
      writeFileSync(join(dir, name + '.d.ts'), body)
      const l = lines(false)
      const tests = addTests(peer, name, 'SchemavetRoot__ as Data, SchemavetRoot__ as Input', l)
      queue({ name: entry.name, side: peer, decl: join(dir, name + '.d.ts'), tests, rootAlias: 'SchemavetRoot__', rootNames }, body.length + size(l))
    }
  }
}

const size = (lines: { text: string }[]) => lines.reduce((n, l) => n + l.text.length, 0)

function lookup(remotes: Record<string, unknown>, url: string): unknown {
  return remotes[url] ?? remotes[url.replace(/#$/, '')] ?? remotes[url + '#']
}

function queue(unit: Unit, declChars: number): void {
  batch.push(unit)
  batchChars += declChars
  if (batchChars > BATCH_CHARS) runBatch()
}

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  skipLibCheck: false,
}

function runBatch(): void {
  if (batch.length === 0) return
  const units = batch
  batch = []
  batchChars = 0
  const roots = units.flatMap((u) => [u.decl, ...u.tests])
  const program = ts.createProgram(roots, OPTIONS)
  const checker = program.getTypeChecker()
  const owner = new Map<string, Unit>()
  for (const u of units) {
    owner.set(u.decl, u)
    for (const t of u.tests) owner.set(t, u)
  }
  const checksByFile = new Map<string, Check[]>()
  for (const u of units) for (const c of u.side.checks) if (owner.has(c.file)) (checksByFile.get(c.file) ?? checksByFile.set(c.file, []).get(c.file)!).push(c)
  const declBroken = new Set<Unit>()
  for (const d of [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()]) {
    const file = d.file?.fileName
    if (file === undefined) continue
    const u = owner.get(resolve(file))
    if (u === undefined) continue
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]!
    if (d.code === 2590) u.side.tooComplex++
    if (resolve(file) === u.decl) {
      if (!declBroken.has(u)) u.side.declErrors.push(`${u.name}: ${message.slice(0, 200)}`)
      declBroken.add(u)
      continue
    }
    for (const c of checksByFile.get(resolve(file)) ?? []) {
      if (d.start! >= c.start && d.start! < c.end) {
        c.failed = true
        c.name = u.name
        c.message ??= message.slice(0, 300)
      }
    }
  }
  for (const u of units) {
    if (u.rootNames.length === 0) continue
    u.side.objectOf++
    const sf = program.getSourceFile(u.decl)
    const alias = sf?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === u.rootAlias)
    if (alias === undefined) continue
    const type = checker.getTypeAtLocation(alias.name)
    const members = type.isUnion() ? type.types : [type]
    const names = (t: ts.Type) => {
      if ((t.flags & ts.TypeFlags.Object) === 0 && (t.flags & ts.TypeFlags.Intersection) === 0) return false
      const have = new Set(checker.getPropertiesOfType(t).map((p) => p.getName()))
      return u.rootNames.every((n) => have.has(n) || (n === '__proto__' && have.has('___proto__')))
    }
    const hits = members.filter(names).length
    if (hits === members.length) u.side.objectStrict++
    if (hits > 0) u.side.objectLoose++
  }
  process.stdout.write('.')
}

for (const entry of entries()) await handle(entry)
runBatch()
process.stdout.write('\n')

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`)
console.log(`schemas: ${schemas}; refused by the runtime: ${refused}; valid instances labelled ${labelledValid}, accepted by the runtime (formats annotated) ${usedValid}`)
for (const side of withPeer && peerCompile !== undefined ? [ours, peer] : [ours]) {
  const of = (k: CheckKind) => side.checks.filter((c) => c.kind === k)
  const ok = (k: CheckKind) => of(k).filter((c) => !c.failed).length
  console.log(`\n${side.label}`)
  console.log(`  schemas handled: ${side.handled} of ${schemas - refused} (failed ${side.failed.length}; declarations with errors ${side.declErrors.length}; 'union type too complex' ${side.tooComplex})`)
  console.log(`  valid instances accepted as Data: ${ok('data')} of ${of('data').length} (${pct(ok('data'), of('data').length)})`)
  console.log(`  valid instances accepted as Input: ${ok('input')} of ${of('input').length} (${pct(ok('input'), of('input').length)})`)
  if (of('output').length > 0) console.log(`  applyDefaults copies accepted as Output: ${ok('output')} of ${of('output').length} (${pct(ok('output'), of('output').length)})`)
  console.log(`  mutated instances rejected: ${ok('mutation')} of ${of('mutation').length} (${pct(ok('mutation'), of('mutation').length)})`)
  console.log(`  root-properties schemas typed as an object type naming them: ${side.objectStrict} of ${side.objectOf} (${pct(side.objectStrict, side.objectOf)}); as a union with such a member: ${side.objectLoose} (${pct(side.objectLoose, side.objectOf)})`)
  const fails = side.checks.filter((c) => c.failed && c.kind !== 'mutation').slice(0, 8)
  for (const c of fails) console.log(`    ${c.kind} not accepted: ${c.name}: ${c.message}`)
  const kept = new Map<string, number>()
  for (const c of side.checks) if (c.kind === 'mutation' && c.failed) kept.set(c.name ?? '?', (kept.get(c.name ?? '?') ?? 0) + 1)
  if (kept.size > 0) console.log(`    mutations not rejected, by schema: ${[...kept].slice(0, 12).map(([n, k]) => `${n} ${k}`).join(', ')}${kept.size > 12 ? ', ...' : ''}`)
  for (const f of side.failed.slice(0, 5)) console.log(`    failed: ${f}`)
  for (const f of side.declErrors.slice(0, 5)) console.log(`    declaration error: ${f}`)
}
if (keep) console.log(`\nfiles kept in ${dir}`)
else rmSync(dir, { recursive: true, force: true })
