/**
 * `schemavet grammar` from the sources (`node --import tsx cli/main.ts`): the grammar on stdout
 * equals `toGrammar`'s, lost keywords on stderr, usage errors exit 2.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toGrammar } from '../../grammar/index.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const dir = mkdtempSync(join(tmpdir(), 'schemavet-grammar-'))
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'cli/main.ts'), 'grammar', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}
const closed = { type: 'object', properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 30 } }, required: ['city'], additionalProperties: false }
const open = { type: 'object', properties: { tags: { type: 'array', uniqueItems: true } } }
writeFileSync(join(dir, 'closed.json'), JSON.stringify(closed))
writeFileSync(join(dir, 'open.json'), JSON.stringify(open))

test('prints the grammar of toGrammar, nothing on stderr when exact', () => {
  for (const format of ['gbnf', 'xgrammar'] as const) {
    const r = run(['closed.json', '--format', format, '--indent', '2'])
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stdout, toGrammar(closed, { format, indent: 2 }).grammar)
    assert.is(r.stderr, '')
  }
})

test('lists what the grammar holds only in part on stderr, one line each with its schema path', () => {
  const r = run(['open.json', '--format', 'gbnf'])
  assert.is(r.code, 0, r.stderr)
  const lost = toGrammar(open, { format: 'gbnf' }).lost
  assert.ok(lost.length >= 2)
  for (const l of lost) assert.ok(r.stderr.includes(`${l.schemaPath} ${l.keyword}: ${l.how}`), r.stderr)
})

test('usage errors exit 2', () => {
  assert.is(run(['closed.json']).code, 2)
  assert.is(run(['closed.json', '--format', 'lark']).code, 2)
  assert.is(run(['closed.json', '--format', 'gbnf', '--indent', '-1']).code, 2)
  assert.is(run(['missing.json', '--format', 'gbnf']).code, 2)
  assert.ok(run(['--help']).stdout.includes('--format'))
})

test.run()
