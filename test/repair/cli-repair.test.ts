/** `schemavet validate --repair`: model output read, repaired, each repair printed, then validated. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'schemavet-repair-'))

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'cli/main.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function file(name: string, text: string): string {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}

const schema = file('s.json', JSON.stringify({ type: 'object', properties: { n: { type: 'integer' }, city: { enum: ['Oslo'] }, u: { default: 'C' } }, required: ['n'] }))
const cli = suite('schemavet validate --repair')

cli('prints each repair, then the report of the repaired value', () => {
  const data = file('answer.txt', 'Sure:\n```json\n{n: "5", "city": "oslo",}\n```')
  const r = run('validate', schema, data, '--repair')
  assert.is(r.code, 0, r.stderr)
  const lines = r.stdout.trim().split('\n')
  assert.equal(lines.slice(-1), [`${data}: valid`])
  assert.ok(lines.includes(`${data}: repaired number-from-string at /n: "5" -> 5`), r.stdout)
  assert.ok(lines.includes(`${data}: repaired enum-match at /city: "oslo" -> "Oslo"`), r.stdout)
  for (const kind of ['fence', 'extract', 'unquoted-key', 'trailing-comma']) assert.ok(lines.some((l) => l.includes(`repaired ${kind} at`)), kind)
  // Without --repair the same file is not JSON.
  assert.is(run('validate', schema, data).code, 1)
})

cli('with --defaults the defaulted data goes to stdout and the repairs to stderr', () => {
  const data = file('answer2.txt', "{'n': 1}")
  const r = run('validate', schema, data, '--repair', '--defaults')
  assert.is(r.code, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), { n: 1, u: 'C' })
  assert.match(r.stderr, 'repaired quote at')
  assert.match(r.stderr, 'repaired default at /u')
})

cli('what repair cannot fix is reported as usual', () => {
  const bad = run('validate', schema, file('bad.txt', '{"n": "five"}'), '--repair')
  assert.is(bad.code, 1)
  assert.match(bad.stdout + bad.stderr, '/n')
  const none = run('validate', schema, file('none.txt', 'no json at all'), '--repair')
  assert.is(none.code, 1)
  assert.match(none.stdout + none.stderr, 'invalid JSON')
  assert.is(run('validate', schema, file('x.jsonl', '{}'), '--repair', '--jsonl').code, 2)
})

cli.run()
