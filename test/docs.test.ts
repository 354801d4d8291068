/**
 * Every code sample in docs/plugins.md, docs/errors.md, docs/cli.md, docs/dialects.md and docs/repair.md runs, and prints what the
 * document shows beside it.
 *
 * Markers (the first word of a fence's info string is the language, so they render as usual):
 * - ```` ```ts doctest ```` a TypeScript sample. Imports of `schemavet`, `schemavet/plugins`,
 *   `schemavet/plugins/extras` and `schemavet/render` run against the sources. Its stdout must
 *   equal the next block.
 * - ```` ```sh doctest ```` a shell sample, run by bash in a fresh directory holding the files of
 *   the document so far; `schemavet` is the built CLI (`npm run build`). Its stdout and stderr,
 *   interleaved, must equal the next block.
 * - ```` ```text output ```` what the sample before it prints. `<n>` stands for any number
 *   (timings, throughput).
 * - ```` ```json file=NAME ```` (any language) a file the shell samples of that document can use.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DOCS = ['docs/plugins.md', 'docs/errors.md', 'docs/cli.md', 'docs/dialects.md', 'docs/repair.md']
const SCRATCH = join(ROOT, '.tmp', 'docs')
const CLI = join(ROOT, 'dist/cli/main.js')

interface Fence {
  line: number
  lang: string
  attrs: string[]
  body: string
}

interface Sample {
  line: number
  lang: 'ts' | 'sh'
  code: string
  expected: string | undefined
  /** Files declared before the sample in the same document. */
  files: Record<string, string>
}

/** The fenced blocks of a Markdown text, with their 1-based opening line. */
function fences(markdown: string): Fence[] {
  const out: Fence[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i]!)
    if (open === null) continue
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!)
    out.push({ line: start + 1, lang: open[1]!, attrs: open[2]!.split(/\s+/).filter(Boolean), body: body.join('\n') })
  }
  return out
}

/** The samples of a document, each with the output block after it. */
function samples(markdown: string): Sample[] {
  const all = fences(markdown)
  const files: Record<string, string> = {}
  const out: Sample[] = []
  all.forEach((f, i) => {
    const file = f.attrs.find((a) => a.startsWith('file='))
    if (file !== undefined) files[file.slice(5)] = f.body + '\n'
    if (!f.attrs.includes('doctest')) return
    if (f.lang !== 'ts' && f.lang !== 'sh') throw new Error(`line ${f.line}: doctest samples are ts or sh, not "${f.lang}"`)
    const next = all[i + 1]
    const expected = next !== undefined && next.lang === 'text' && next.attrs.includes('output') ? next.body : undefined
    out.push({ line: f.line, lang: f.lang, code: f.body, expected, files: { ...files } })
  })
  return out
}

const IMPORTS: Record<string, string> = {
  schemavet: 'index.ts',
  'schemavet/plugins': 'plugins/index.ts',
  'schemavet/plugins/extras': 'plugins/extras/index.ts',
  'schemavet/render': 'cli/render.ts',
}

/** The environment without colour (uvu forces it on, and console.log would paint objects). */
function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
  delete env.FORCE_COLOR
  return env
}

function runTs(code: string, name: string): { code: number | null; out: string } {
  mkdirSync(SCRATCH, { recursive: true })
  const file = join(SCRATCH, `${name}.ts`)
  const source = code.replace(/from '(schemavet(?:\/[\w/]+)?)'/g, (whole, spec: string) => {
    const target = IMPORTS[spec]
    return target === undefined ? whole : `from '${relative(SCRATCH, join(ROOT, target)).split('\\').join('/')}'`
  })
  writeFileSync(file, source)
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8', env: plainEnv() })
  return { code: r.status, out: r.stdout + (r.status === 0 ? '' : r.stderr) }
}

function runSh(code: string, files: Record<string, string>): { code: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-docs-'))
  try {
    const bin = join(dir, '.bin')
    mkdirSync(bin)
    writeFileSync(join(bin, 'schemavet'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`)
    chmodSync(join(bin, 'schemavet'), 0o755)
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
    const env = { ...plainEnv(), PATH: `${bin}:${process.env.PATH}` }
    const r = spawnSync('bash', ['-c', `exec 2>&1\nset -u\n${code}`], { cwd: dir, encoding: 'utf8', env })
    return { code: r.status, out: r.stdout }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Whether `actual` is what the document shows (`<n>` matching any number). */
function matches(actual: string, expected: string): boolean {
  const pattern = expected
    .split('<n>')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[0-9][0-9.]*')
  return new RegExp(`^${pattern}$`).test(actual)
}

const runner = suite('the docs test runner')

runner('finds samples, their outputs and the files before them', () => {
  const md = ['```json file=a.json', '{}', '```', '```ts doctest', 'console.log(1)', '```', '', '```text output', '1', '```', '```sh doctest', 'true', '```'].join('\n')
  const found = samples(md)
  assert.equal(found, [
    { line: 4, lang: 'ts', code: 'console.log(1)', expected: '1', files: { 'a.json': '{}\n' } },
    { line: 11, lang: 'sh', code: 'true', expected: undefined, files: { 'a.json': '{}\n' } },
  ])
})

runner('matches numbers where the document shows <n>', () => {
  assert.ok(matches('12 MB in 0.5 s', '<n> MB in <n> s'))
  assert.not.ok(matches('12 MB in fast s', '<n> MB in <n> s'))
  assert.not.ok(matches('a.b', 'a\\.b'))
})

runner.run()

for (const doc of DOCS) {
  const docs = suite(`code samples of ${doc}`)
  const path = join(ROOT, doc)
  const text = existsSync(path) ? readFileSync(path, 'utf8') : ''
  const found = samples(text)
  docs(`${doc} exists and has samples`, () => {
    assert.ok(text !== '', `${doc} is missing`)
    assert.ok(found.length > 0)
  })
  for (const s of found) {
    docs(`the ${s.lang} sample at ${doc}:${s.line} prints what the document shows`, () => {
      assert.ok(s.expected !== undefined, `no \`\`\`text output block follows the sample at line ${s.line}`)
      const r = s.lang === 'ts' ? runTs(s.code, `${doc.replace(/\W/g, '-')}-${s.line}`) : runSh(s.code, s.files)
      if (process.env.DOCS_PRINT === '1') console.log(`\n--- ${doc}:${s.line}\n${r.out}---`)
      if (s.lang === 'ts') assert.is(r.code, 0, r.out)
      const actual = r.out.replace(/\n$/, '')
      assert.ok(matches(actual, s.expected!), `${doc}:${s.line}\n--- actual\n${actual}\n--- shown\n${s.expected}`)
    })
  }
  docs.run()
}
