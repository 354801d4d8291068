/**
 * The built command line on hostile files: deep documents, a reader that goes away (`| head`),
 * bare CRs and byte order marks, and `defaults --jsonl` keeping one line out per line in. Plus
 * the JSON Lines splitter on its own.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { jsonLines } from '../cli/jsonl.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'dist/cli/main.js')
const dir = mkdtempSync(join(tmpdir(), 'schemavet-cli-hostile-'))

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 28 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}
function file(name: string, content: unknown): string {
  writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content))
  return name
}

file('trip.schema.json', { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, default: 3 } }, required: ['city'] })
file('tree.schema.json', { $defs: { t: { type: 'array', items: { $ref: '#/$defs/t' } } }, $ref: '#/$defs/t' })
file('any.schema.json', {})

const deep = suite('cli: deep documents')

deep('defaults and validate --defaults print a 3,000-level and a 100,000-level document instead of an internal error', () => {
  for (const n of [3_000, 100_000]) {
    const name = file(`deep${n}.json`, '['.repeat(n) + ']'.repeat(n))
    for (const schema of ['tree.schema.json', 'any.schema.json']) {
      for (const args of [['defaults', schema, name], ['validate', schema, name, '--defaults']]) {
        const r = run(args)
        assert.is(r.stderr, '', `${args.join(' ')}: ${r.stderr.slice(0, 200)}`)
        assert.is(r.code, 0, args.join(' '))
        // the printed document is the document (indented at 3,000 levels; on one line where indenting would not fit)
        const back = r.stdout.replace(/\s/g, '')
        assert.is(back, '['.repeat(n) + ']'.repeat(n), args.join(' '))
      }
    }
  }
})

deep.run()

const pipe = suite('cli: a reader that goes away')

/** Runs the command line with stdout read until `lines` lines came, then closed; resolves with its exit and stderr. */
function readThenClose(args: string[], lines: number): Promise<{ code: number | null; stderr: string; read: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } })
    let seen = ''
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    child.stdout.on('data', (d) => {
      seen += d
      if (seen.split('\n').length > lines) child.stdout.destroy()
    })
    child.on('close', (code) => resolve({ code, stderr, read: seen.split('\n').length - 1 }))
  })
}

const many = Array.from({ length: 200_000 }, (_, i) => JSON.stringify({ city: `c${i}` })).join('\n') + '\n'
file('many.jsonl', many)
file('ok.json', { city: 'Oslo' })

pipe('| head: defaults --jsonl, validate and validate --defaults stop quietly, with the status of what they reported', async () => {
  const cases: [string[], number][] = [
    [['defaults', 'trip.schema.json', 'many.jsonl', '--jsonl'], 0],
    [['validate', 'trip.schema.json', 'many.jsonl', '--jsonl', '--defaults'], 0],
    [['validate', 'trip.schema.json', ...Array.from({ length: 3_000 }, () => 'ok.json')], 0],
    [['validate', 'trip.schema.json', 'many.jsonl', '--jsonl', '--defaults', '--jobs', '2'], 0],
    [['validate', 'any.schema.json', 'ok.json', 'trip.schema.json', ...Array.from({ length: 3_000 }, () => 'ok.json'), '-o', 'json'], 0],
  ]
  for (const [args, status] of cases) {
    const r = await readThenClose(args, 2)
    assert.not.match(r.stderr, /internal error|EPIPE/, `${args.slice(0, 4).join(' ')}: ${r.stderr.slice(0, 300)}`)
    assert.is(r.code, status, args.slice(0, 4).join(' '))
    // it stopped: the summary of a whole file never came
    assert.not.match(r.stderr, /200000 lines/, args.slice(0, 4).join(' '))
  }
  // an invalid document reported before the reader went: exit 1
  file('days0.json', { city: 'x', days: 0 })
  const r = await readThenClose(['validate', 'trip.schema.json', 'days0.json', ...Array.from({ length: 3_000 }, () => 'ok.json')], 2)
  assert.not.match(r.stderr, /internal error|EPIPE/)
  assert.is(r.code, 1)
})

pipe.run()

const lines = suite('cli: JSON Lines records, CRs and byte order marks')

lines('a bare CR inside a record stays in it: line numbers hold, and defaults --jsonl prints the record', () => {
  file('cr.jsonl', '{"city":\r"Bergen"}\n{"city": "Oslo",\r "days": 0}\r\n{"city": 1}\n')
  const v = run(['validate', 'trip.schema.json', 'cr.jsonl', '--jsonl'])
  assert.is(v.code, 1)
  assert.match(v.stdout, /^cr\.jsonl:2: invalid\n {2}\/days: must be at least 1/)
  assert.match(v.stdout, /\ncr\.jsonl:3: invalid\n {2}\/city: must be a string/)
  assert.match(v.stderr, /^cr\.jsonl: 3 lines, 1 valid, 2 invalid/)
  const d = run(['defaults', 'trip.schema.json', 'cr.jsonl', '--jsonl'])
  assert.is(d.stdout, '{"city":"Bergen","days":3}\n{"city":"Oslo","days":0}\n{"city":1,"days":3}\n')
})

lines('a UTF-8 byte order mark starts a JSON file, a schema file or a JSON Lines file without making it invalid', () => {
  const bom = '\ufeff'
  file('bom.json', bom + '{"city": "Oslo"}')
  file('bom.schema.json', bom + JSON.stringify({ type: 'object', required: ['city'] }))
  file('bom.jsonl', bom + '{"city": "Oslo"}\n{"city": 2, "days": 0}\n')
  assert.is(run(['validate', 'trip.schema.json', 'bom.json']).stdout, 'bom.json: valid\n')
  assert.is(run(['validate', 'bom.schema.json', 'bom.json']).stdout, 'bom.json: valid\n')
  const l = run(['validate', 'trip.schema.json', 'bom.jsonl', '--jsonl'])
  assert.match(l.stdout, /^bom\.jsonl:2: invalid\n/)
  assert.match(l.stderr, /^bom\.jsonl: 2 lines, 1 valid, 1 invalid/)
  assert.is(run(['defaults', 'trip.schema.json', 'bom.json']).stdout, '{\n  "city": "Oslo",\n  "days": 3\n}\n')
})

lines('defaults --jsonl prints one line per line in: a line that is not JSON, or blank, as it was', () => {
  const input = ['{"city": "Oslo"}', '{"city": "Tromsø",', '', '   ', '{"city": "A", "days": 0}', 'not json']
  file('mixed.jsonl', input.join('\n') + '\n')
  const r = run(['defaults', 'trip.schema.json', 'mixed.jsonl', '--jsonl'])
  assert.is(r.code, 1)
  const out = r.stdout.split('\n').slice(0, -1)
  assert.is(out.length, input.length)
  assert.equal(out, ['{"city":"Oslo","days":3}', '{"city": "Tromsø",', '', '   ', '{"city":"A","days":0}', 'not json'])
  assert.match(r.stderr, /mixed\.jsonl:2:\d+: invalid JSON/)
  assert.match(r.stderr, /mixed\.jsonl:6:\d+: invalid JSON/)
})

lines('the splitter gives the same lines however the text is cut into chunks, and joins a long line once', async () => {
  const text = '\ufeffa\r\nb\rc\n\n{"x":\r1}\r\nlast\r'
  const expected = ['a', 'b\rc', '', '{"x":\r1}', 'last']
  for (let seed = 1; seed <= 200; seed++) {
    const chunks: string[] = []
    let x = seed
    for (let i = 0; i < text.length; ) {
      x = (x * 1103515245 + 12345) % 2147483648
      const n = 1 + (x % 5)
      chunks.push(text.slice(i, i + n))
      i += n
    }
    const got: string[] = []
    for await (const batch of jsonLines((async function* () { yield* chunks })())) got.push(...batch)
    assert.equal(got, expected, `chunks ${JSON.stringify(chunks)}`)
  }
  // a line of 100,000 one-character chunks: each chunk is kept once and joined once (counted by the pieces held)
  let joins = 0
  const realJoin = Array.prototype.join
  Array.prototype.join = function (this: unknown[], sep?: string) {
    joins++
    return realJoin.call(this, sep)
  }
  try {
    const got: string[] = []
    for await (const batch of jsonLines((async function* () { for (let i = 0; i < 100_000; i++) yield 'x'; yield '\n' })())) got.push(...batch)
    assert.is(got.length, 1)
    assert.is(got[0]!.length, 100_000)
  } finally {
    Array.prototype.join = realJoin
  }
  assert.ok(joins <= 1, `${joins} joins`)
})

lines.run()
