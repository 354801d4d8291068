/**
 * `npm run corpus` end to end on a made-up corpus of four files (the real one is not in the
 * project): counts per dialect for the three libraries, the disputed-label rule enforced by the
 * exit status, `--update` writing a baseline and `--check` failing on a count worse than it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'corpus-run-'))
const corpus = join(dir, 'maskbench')
mkdirSync(corpus)
const files: Record<string, unknown> = {
  'agree.json': { schema: { type: 'integer' }, tests: [{ data: 1, valid: true }, { data: 'x', valid: false }] },
  // Labelled valid, but every validator asserting formats says no: a wrong label.
  'email.json': { schema: { type: 'string', format: 'email' }, tests: [{ data: 'not an address', valid: true }] },
  'draft4.json': {
    schema: { $schema: 'http://json-schema.org/draft-04/schema#', maximum: 5, exclusiveMaximum: true },
    tests: [{ data: 5, valid: false }, { data: 4, valid: true }],
  },
  // A reference to nothing: every library refuses the schema.
  'broken.json': { schema: { $ref: '#/definitions/missing' }, tests: [{ data: 1, valid: true }] },
}
for (const [name, content] of Object.entries(files)) writeFileSync(join(corpus, name), JSON.stringify(content))

const emailEntry = { file: 'email.json', tests: [0], keyword: 'format', reason: 'not an email address', ajv: 'invalid', hyperjump: 'invalid' }
const brokenEntry = { file: 'broken.json', refused: true, keyword: '$ref', reason: 'points at nothing', ajv: 'refuses', hyperjump: 'refuses' }
const disputed = join(dir, 'disputed.json')
const baseline = join(dir, 'baseline.json')

function run(...args: string[]): { status: number; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/corpus/main.ts', '--corpus', corpus, '--disputed', disputed, '--baseline', baseline, '--jobs', '1', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return { status: r.status ?? -1, out: (r.stdout ?? '') + (r.stderr ?? '') }
}

/** The `schemavet asserted` row of a dialect's table, as numbers. */
function row(out: string, dialect: string, library: string, formats: string): number[] {
  const block = out.split('\n\n').find((b) => b.startsWith(dialect + '\n'))
  const line = block?.split('\n').find((l) => l.trim().startsWith(`${library} `) && l.includes(formats))
  assert.ok(line !== undefined, `no ${library} ${formats} row for ${dialect} in:\n${out}`)
  return line!.trim().split(/\s+/).slice(2).map(Number)
}

const runner = suite('npm run corpus')

runner.after(() => rmSync(dir, { recursive: true }))

runner('counts each library per dialect and writes a baseline; qualifying entries pass', () => {
  writeFileSync(disputed, JSON.stringify({ entries: [emailEntry, brokenEntry] }))
  const { status, out } = run('--update')
  assert.is(status, 0, out)
  // schemas, refused, tests, not run, agree, valid rejected, invalid accepted
  assert.equal(row(out, 'all', 'schemavet', 'asserted'), [4, 1, 6, 1, 4, 1, 0])
  assert.equal(row(out, 'all', 'schemavet', 'annotated'), [4, 1, 6, 1, 5, 0, 0])
  assert.equal(row(out, 'draft-04', 'ajv', 'asserted'), [1, 0, 2, 0, 2, 0, 0])
  assert.equal(row(out, 'draft-04', 'hyperjump', 'asserted'), [1, 0, 2, 0, 2, 0, 0])
  assert.match(out, /refusals and disagreements no entry covers: 0/)
  const written = JSON.parse(readFileSync(baseline, 'utf8'))
  assert.is(written.files, 4)
  assert.is(written.counts.all.ajv.assert.refused, 1)
})

runner('--check passes against its own baseline and fails on a count worse than it', () => {
  assert.is(run('--check').status, 0)
  const base = JSON.parse(readFileSync(baseline, 'utf8'))
  base.counts.none.schemavet.assert.agree += 1
  writeFileSync(baseline, JSON.stringify(base))
  const { status, out } = run('--check')
  assert.is(status, 1, out)
  assert.match(out, /none, formats asserted: agree 3 -> 2/)
  // --check --update leaves a baseline it fails against as it is.
  assert.is(run('--check', '--update').status, 1)
  assert.equal(JSON.parse(readFileSync(baseline, 'utf8')), base)
})

runner('--check --update tightens a passing baseline to schemavet\'s counts and keeps the peers\' figures', () => {
  const base = JSON.parse(readFileSync(baseline, 'utf8'))
  // Looser than the run: fewer agreeing labels, more refusals.
  base.counts.none.schemavet.assert.agree = 1
  base.counts.all.schemavet.assert.refused = 2
  base.counts.all.ajv.assert.refused = 99
  writeFileSync(baseline, JSON.stringify(base))
  const { status, out } = run('--check', '--update')
  assert.is(status, 0, out)
  const tightened = JSON.parse(readFileSync(baseline, 'utf8'))
  assert.is(tightened.counts.none.schemavet.assert.agree, 2)
  assert.is(tightened.counts.all.schemavet.assert.refused, 1)
  assert.is(tightened.counts.all.ajv.assert.refused, 99, 'the peers are not run by --check; their recorded figures stay')
})

runner('an entry ajv and hyperjump do not back fails the run, and what no entry covers is listed', () => {
  const wrong = { file: 'agree.json', tests: [0], keyword: 'type', reason: 'says so', ajv: 'x', hyperjump: 'y' }
  writeFileSync(disputed, JSON.stringify({ entries: [wrong, brokenEntry] }))
  const { status, out } = run('--no-sections')
  assert.is(status, 1, out)
  assert.match(out, /agree\.json test 0 \(labelled valid\): ajv valid; hyperjump valid/)
  assert.match(out, /no entry covers: 1\n {2}email\.json \[none\] test 0 labelled valid, schemavet says invalid/)
})

runner('without the corpus folder it prints one line saying it skipped and why, and succeeds', () => {
  const absent = join(dir, 'absent')
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/corpus/main.ts', '--corpus', absent, '--check'], { cwd: ROOT, encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stderr, '')
  assert.equal(r.stdout.trimEnd().split('\n'), [
    `corpus: SKIPPED, nothing checked: no corpus at ${absent} (the real-world corpus sits beside the project in ../shared/corpus and is not part of the repository)`,
  ])
})

runner.run()
