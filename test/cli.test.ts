/**
 * The built command line (`node dist/cli/main.js`, from `npm run build`) as a child process on
 * files in a temporary directory: output and exit codes.
 */
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as api from '../index.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'dist/cli/main.js')
const dir = mkdtempSync(join(tmpdir(), 'schemavet-cli-'))

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function run(args: string[], env: Record<string, string> = {}): Ran {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 1 << 28 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function file(name: string, content: unknown): string {
  writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content))
  return name
}

const tripSchema = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 } },
  required: ['city'],
  additionalProperties: false,
}
file('trip.schema.json', tripSchema)
file('ok.json', { city: 'Oslo' })
file('bad.json', { city: '', days: 0 })
file('broken.json', '{\n  "city": "Oslo",\n}\n')

const build = suite('the build')

build('dist/cli/main.js is built and newer than every cli/ source', () => {
  assert.ok(existsSync(CLI), 'run npm run build first')
  const built = statSync(CLI).mtimeMs
  for (const f of readdirSync(join(ROOT, 'cli')).filter((n) => n.endsWith('.ts'))) {
    assert.ok(statSync(join(ROOT, 'cli', f)).mtimeMs <= built + 1000, `cli/${f} changed after the build: run npm run build`)
  }
})

build.run()

const validate = suite('schemavet validate')

validate('a valid file prints valid and exits 0', () => {
  const r = run(['validate', 'trip.schema.json', 'ok.json'])
  assert.is(r.code, 0)
  assert.is(r.stdout, 'ok.json: valid\n')
})

validate('an invalid file is reported for people and exits 1', () => {
  const r = run(['validate', 'trip.schema.json', 'bad.json'])
  assert.is(r.code, 1)
  assert.is(
    r.stdout,
    ['bad.json: invalid', '  /city: must be at least 1 character long (got "")', '    found    "" (string)', '    schema   #/properties/city/minLength', ''].join('\n'),
  )
})

validate('--all-errors reports every problem', () => {
  const r = run(['validate', 'trip.schema.json', 'bad.json', '--all-errors'])
  assert.is(r.code, 1)
  assert.match(r.stdout, /\/city: must be at least 1 character long[\s\S]*\/days: must be at least 1 \(got 0\)\n {4}found {4}0 \(integer\)/)
})

validate('a malformed JSON file names its line and column, and exits 1', () => {
  const r = run(['validate', 'trip.schema.json', 'broken.json'])
  assert.is(r.code, 1)
  assert.is(r.stdout, 'broken.json:3:1: invalid JSON: Expected double-quoted property name\n  2 |   "city": "Oslo",\n> 3 | }\n    | ^\n')
})

validate('a missing data file is named and exits 2, after the other files', () => {
  const r = run(['validate', 'trip.schema.json', 'missing.json', 'ok.json'])
  assert.is(r.code, 2)
  assert.is(r.stderr, 'schemavet: cannot read missing.json: no such file\n')
  assert.is(r.stdout, 'ok.json: valid\n')
})

validate('a missing, malformed or invalid schema exits 2 with the reason', () => {
  const missing = run(['validate', 'nope.json', 'ok.json'])
  assert.is(missing.code, 2)
  assert.is(missing.stderr, 'schemavet: cannot read nope.json: no such file\n')
  file('truncated.schema.json', '{"type": "object"')
  const truncated = run(['validate', 'truncated.schema.json', 'ok.json'])
  assert.is(truncated.code, 2)
  assert.match(truncated.stderr, /^schemavet: truncated\.schema\.json:1:18: invalid JSON: Expected ',' or '}' after property value\n> 1 \| \{"type": "object"\n/)
  file('wrong.schema.json', { type: 'object', properties: { a: { minLength: -1 } } })
  const wrong = run(['validate', 'wrong.schema.json', 'ok.json'])
  assert.is(wrong.code, 2)
  assert.match(wrong.stderr, /^schemavet: invalid schema wrong\.schema\.json:\n {2}#\/properties\/a\/minLength: /)
})

validate('--output json prints one record per file with ajv-style issues', () => {
  const r = run(['validate', 'trip.schema.json', 'ok.json', 'bad.json', '-o', 'json'])
  assert.is(r.code, 1)
  const records = r.stdout.trim().split('\n').map((l) => JSON.parse(l))
  assert.equal(records, [
    { file: 'ok.json', valid: true },
    { file: 'bad.json', valid: false, errors: [{ keyword: 'minLength', instancePath: '/city', schemaPath: '#/properties/city/minLength', params: { limit: 1 }, message: 'must be at least 1 character long (got "")' }] },
  ])
})

validate('--output basic and detailed print the standard output formats', () => {
  const detailed = api.newJSONSchema({ $ref: 'https://json-schema.org/draft/2020-12/output/schema#/$defs/detailed' })
  for (const mode of ['basic', 'detailed']) {
    const r = run(['validate', 'trip.schema.json', 'bad.json', '--output', mode])
    assert.is(r.code, 1)
    const rec = JSON.parse(r.stdout)
    assert.equal(rec.output, api.newJSONSchema(tripSchema).output({ city: '', days: 0 }, mode as 'basic'))
    assert.is(detailed.validate(rec.output), null)
  }
})

validate('--output model renders with formatForModel', () => {
  const r = run(['validate', 'trip.schema.json', 'bad.json', '-o', 'model'])
  assert.is(r.code, 1)
  assert.match(r.stdout, /^bad\.json: invalid\n\$\.city: /)
})

validate('--defaults prints the defaulted data; reports go to stderr', () => {
  const r = run(['validate', 'trip.schema.json', 'ok.json', '--defaults'])
  assert.is(r.code, 0)
  assert.equal(JSON.parse(r.stdout), { city: 'Oslo', days: 3 })
  const bad = run(['validate', 'trip.schema.json', 'bad.json', '--defaults'])
  assert.is(bad.code, 1)
  assert.is(bad.stdout, '')
  assert.match(bad.stderr, /^bad\.json: invalid\n {2}\/city: /)
})

validate('--strict makes an unknown keyword a schema error', () => {
  file('typo.schema.json', { type: 'string', minlength: 2 })
  file('word.json', '"a"')
  assert.is(run(['validate', 'typo.schema.json', 'word.json']).code, 0)
  const strict = run(['validate', 'typo.schema.json', 'word.json', '--strict'])
  assert.is(strict.code, 2)
  assert.match(strict.stderr, /#\/minlength: unknown keyword "minlength" \(strict mode; a typo\?\)/)
})

validate('--dialect reads a schema without $schema as that draft', () => {
  file('tuple.schema.json', { items: [{ type: 'string' }] })
  file('tuple.json', ['a', 1])
  assert.is(run(['validate', 'tuple.schema.json', 'tuple.json']).code, 2)
  assert.is(run(['validate', 'tuple.schema.json', 'tuple.json', '--dialect', 'draft-07']).code, 0)
  const wrong = run(['validate', 'tuple.schema.json', 'tuple.json', '--dialect', 'draft-03'])
  assert.is(wrong.code, 2)
  assert.is(wrong.stderr, 'schemavet: --dialect must be one of 2020-12, 2019-09, draft-07, draft-06, draft-04, openapi-3.1, openapi-3.0 (got "draft-03")\n')
})

validate('--ref registers another schema by its $id', () => {
  file('address.schema.json', { $id: 'https://example.com/address', type: 'object', required: ['street'] })
  file('person.schema.json', { properties: { home: { $ref: 'https://example.com/address' } } })
  file('person.json', { home: {} })
  assert.is(run(['validate', 'person.schema.json', 'person.json']).code, 2)
  const r = run(['validate', 'person.schema.json', 'person.json', '-r', 'address.schema.json'])
  assert.is(r.code, 1)
  assert.match(r.stdout, /\/home: must have required property "street" \(got \{\}\)/)
})

validate('usage errors exit 2 and point at --help', () => {
  const none = run([])
  assert.is(none.code, 2)
  assert.match(none.stderr, /^Usage: schemavet <command>/)
  const unknown = run(['validate', 'trip.schema.json', 'ok.json', '--colour'])
  assert.is(unknown.code, 2)
  assert.match(unknown.stderr, /Unknown option '--colour'[\s\S]*Run "schemavet validate --help" for usage\./)
  assert.is(run(['validate', 'trip.schema.json']).code, 2)
  assert.is(run(['frobnicate']).code, 2)
  assert.is(run(['validate', 'trip.schema.json', 'ok.json', '--jobs', '0']).code, 2)
})

validate('--help explains each command and exits 0', () => {
  for (const command of ['validate', 'check', 'defaults']) {
    const r = run([command, '--help'])
    assert.is(r.code, 0)
    assert.ok(r.stdout.startsWith(`Usage: schemavet ${command} `), r.stdout)
    assert.match(r.stdout, /Exit codes:/)
  }
  assert.match(run(['--help']).stdout, /validate <schema> <data\.\.\.>[\s\S]*struct <file\.ts#Type>/)
})

validate('--version prints the package version and exits 0', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  for (const flag of ['--version', '-V']) {
    const r = run([flag])
    assert.equal([r.code, r.stdout, r.stderr], [0, `${version}\n`, ''], flag)
  }
  assert.match(run(['--help']).stdout, /schemavet --version/)
})

file('twice.schema.json', { oneOf: [{ type: 'number' }, { type: 'integer' }, { type: 'string' }] })
file('five.json', 5)

validate('a oneOf that several branches match names the branches that matched', () => {
  const r = run(['validate', 'twice.schema.json', 'five.json'])
  assert.is(r.code, 1)
  assert.is(
    r.stdout,
    [
      'five.json: invalid',
      '  (root): must match exactly one of the "oneOf" alternatives, but matches alternatives 0 and 1 (got 5)',
      '    found    5 (integer)',
      '    schema   #/oneOf',
      '',
    ].join('\n'),
  )
})

file('strin.schema.json', { type: 'object', properties: { a: { type: 'strin' } } })

validate('a schema error leads with the concise message check gives, not the meta-schema lines', () => {
  const r = run(['validate', 'strin.schema.json', 'ok.json'])
  assert.is(r.code, 2)
  assert.is(
    r.stderr,
    [
      'schemavet: invalid schema strin.schema.json:',
      '  #/properties/a/type: unknown type "strin"',
      '  (and 3 meta-schema problems at these paths)',
      'Run "schemavet check strin.schema.json" for every problem.',
      '',
    ].join('\n'),
  )
  // check still lists every one of them
  const check = run(['check', 'strin.schema.json'])
  assert.is(check.stdout.split('\n').filter((l) => l.includes('[meta-schema]')).length, 3)
  assert.match(check.stdout, 'error [schema] #/properties/a/type: unknown type "strin"')
})

file('meant.schema.json', {
  $defs: { Person: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  properties: { id: { type: 'integer' } },
  oneOf: [{ type: 'string' }, { $ref: '#/$defs/Person' }, { type: 'array' }],
})
file('meant.json', { id: 'x', name: 7 })

validate('--all-errors trims a failed oneOf to the branch the data was meant for, as the default mode does', () => {
  const one = run(['validate', 'meant.schema.json', 'meant.json'])
  assert.is(one.code, 1)
  const paths = (text: string) => text.split('\n').filter((l) => l.startsWith('    schema')).map((l) => l.slice('    schema   '.length))
  const all = run(['validate', 'meant.schema.json', 'meant.json', '--all-errors'])
  assert.is(all.code, 1)
  // every problem outside the oneOf, and inside it only the Person branch (reached through $ref)
  assert.equal(paths(all.stdout), ['#/properties/id/type', '#/$defs/Person/properties/name/type'])
  const json = run(['validate', 'meant.schema.json', 'meant.json', '--all-errors', '-o', 'json'])
  assert.equal(
    (JSON.parse(json.stdout) as { errors: { schemaPath: string }[] }).errors.map((e) => e.schemaPath),
    ['#/properties/id/type', '#/$defs/Person/properties/name/type'],
  )
  // where no branch is clearly meant, every branch and the oneOf's own issue stay
  file('unclear.json', { id: 1, name: 7, extra: true })
  file('unclear.schema.json', { oneOf: [{ type: 'object', required: ['a'] }, { type: 'object', required: ['b'] }] })
  const unclear = run(['validate', 'unclear.schema.json', 'unclear.json', '--all-errors'])
  assert.equal(paths(unclear.stdout), ['#/oneOf/0/required', '#/oneOf/1/required', '#/oneOf'])
})

validate.run()

const jsonl = suite('schemavet validate --jsonl')

const lines = [JSON.stringify({ city: 'A' }), '', JSON.stringify({ city: 'B', days: 0 }), '{"city": "C",', JSON.stringify({ city: 'D', extra: 1 }), JSON.stringify({ city: 'E' })]
file('small.jsonl', lines.join('\n') + '\n')

jsonl('reports invalid lines by number, skips blank lines, and sums up on stderr', () => {
  const r = run(['validate', 'trip.schema.json', 'small.jsonl', '--jsonl'])
  assert.is(r.code, 1)
  assert.match(r.stdout, /^small\.jsonl:3: invalid\n {2}\/days: must be at least 1 \(got 0\)\n/)
  assert.match(r.stdout, /\nsmall\.jsonl:4:14: invalid JSON: Expected double-quoted property name\nsmall\.jsonl:5: invalid\n {2}\(root\): must not have property "extra" \(no additional properties are allowed; remove it\)\n {4}found {4}"extra": 1 \(integer\)/)
  assert.match(r.stderr, /^small\.jsonl: 6 lines, 2 valid, 3 invalid; 0\.0 MB in [0-9.]+ s \([0-9.]+ MB\/s\)\n$/)
})

jsonl('worker threads (--jobs) print the same report in the same order', () => {
  const many = Array.from({ length: 5000 }, (_, i) => JSON.stringify(i % 7 === 0 ? { city: '', days: i } : { city: `c${i}` })).join('\n')
  file('many.jsonl', many)
  const one = run(['validate', 'trip.schema.json', 'many.jsonl', '--jsonl', '-o', 'json'])
  const three = run(['validate', 'trip.schema.json', 'many.jsonl', '--jsonl', '-o', 'json', '--jobs', '3'])
  assert.is(one.code, 1)
  assert.is(three.code, 1)
  assert.is(three.stdout, one.stdout)
  assert.is(one.stdout.trim().split('\n').length, 715)
  assert.match(three.stderr, /5000 lines, 4285 valid, 715 invalid/)
})

jsonl('--defaults prints one defaulted line per valid line', () => {
  const r = run(['validate', 'trip.schema.json', 'small.jsonl', '--jsonl', '--defaults'])
  assert.is(r.stdout, '{"city":"A","days":3}\n{"city":"E","days":3}\n')
})

jsonl('a progress bar is drawn on stderr only when it is a terminal', () => {
  const body = Array.from({ length: 40000 }, (_, i) => JSON.stringify({ city: `Town ${i}`, days: 2 })).join('\n') + '\n'
  file('medium.jsonl', body)
  assert.ok(body.length > 1 << 20)
  const piped = run(['validate', 'trip.schema.json', 'medium.jsonl', '--jsonl'])
  assert.is(piped.code, 0)
  assert.not.match(piped.stderr, /\r/)
  if (!existsSync('/usr/bin/script')) {
    // Said out loud: the piped half above is checked, the terminal half needs script(1).
    console.log('\n  NOT CHECKED: the progress bar on a terminal (/usr/bin/script, from util-linux, is not installed)')
    return
  }
  // script(1) runs the command on a pseudo-terminal, so stderr is a TTY there.
  const command = `"${process.execPath}" "${CLI}" validate trip.schema.json medium.jsonl --jsonl`
  const tty = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: dir, encoding: 'utf8' })
  assert.is(tty.status, 0)
  assert.match(tty.stdout, /\rmedium\.jsonl \[#*-*\] +\d+% [0-9.]+ MB\/s/)
  assert.match(tty.stdout, /\r {20,}\rmedium\.jsonl: 40000 lines, 40000 valid, 0 invalid/)
})

jsonl('a 100 MB file streams in constant memory', () => {
  const generate = (name: string, mb: number) => {
    const fd = openSync(join(dir, name), 'w')
    let size = 0
    let i = 0
    let invalid = 0
    while (size < mb * 1e6) {
      let chunk = ''
      for (let k = 0; k < 5000; k++, i++) {
        const bad = i % 100000 === 99
        if (bad) invalid++
        const doc = bad ? { city: '', days: 0 } : { city: `City ${i}`, days: (i % 14) + 1 }
        chunk += JSON.stringify(doc) + ' '.repeat(60) + '\n'
      }
      writeSync(fd, chunk)
      size += chunk.length
    }
    closeSync(fd)
    return { lines: i, invalid }
  }
  const measure = (name: string) => {
    const timed = existsSync('/usr/bin/time')
    const args = [CLI, 'validate', 'trip.schema.json', name, '--jsonl']
    const r = timed
      ? spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { cwd: dir, encoding: 'utf8' })
      : spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, SCHEMAVET_REPORT_RSS: '1' } })
    const kb = timed ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]) : Number(/peak RSS (\d+) MB/.exec(r.stderr)?.[1]) * 1024
    return { code: r.status, stderr: r.stderr, stdout: r.stdout, mb: kb / 1024 }
  }
  const { lines: total, invalid } = generate('big.jsonl', 100)
  generate('tenth.jsonl', 10)
  const big = measure('big.jsonl')
  const tenth = measure('tenth.jsonl')
  assert.is(big.code, 1)
  assert.is(big.stdout.split('\n').filter((l) => l.endsWith(': invalid')).length, invalid)
  const summary = /big\.jsonl: (\d+) lines, \d+ valid, (\d+) invalid; ([0-9.]+) MB in ([0-9.]+) s \(([0-9.]+) MB\/s\)/.exec(big.stderr)
  assert.ok(summary, big.stderr)
  assert.is(Number(summary![1]), total)
  console.log(`\n  JSON Lines: ${summary![3]} MB, ${total} lines in ${summary![4]} s (${summary![5]} MB/s); peak RSS ${big.mb.toFixed(0)} MB (10 MB file: ${tenth.mb.toFixed(0)} MB)`)
  // Ten times the input, about the same memory: nothing grows with the file.
  assert.ok(Number.isFinite(big.mb) && big.mb < 160, `peak RSS ${big.mb} MB`)
  assert.ok(big.mb - tenth.mb < 40, `peak RSS grew from ${tenth.mb} MB to ${big.mb} MB`)
  rmSync(join(dir, 'big.jsonl'))
})

jsonl.run()

const check = suite('schemavet check')

check('a sound schema is ok and exits 0', () => {
  const r = run(['check', 'trip.schema.json'])
  assert.is(r.code, 0)
  assert.is(r.stdout, 'trip.schema.json: ok\n')
})

const troubled = {
  type: 'object',
  properties: { a: { type: 'strin' }, b: { $ref: 'other.json' }, c: { minlength: 2 }, d: { $ref: '#/$defs/A' } },
  $defs: { A: { $ref: '#/$defs/B' }, B: { anyOf: [{ $ref: '#/$defs/A' }] } },
}
file('troubled.schema.json', troubled)

check('reports meta-schema problems, unresolvable references, cycles and unknown keywords, each with its path', () => {
  const r = run(['check', 'troubled.schema.json'])
  assert.is(r.code, 1)
  const out = r.stdout
  assert.match(out, /troubled\.schema\.json: error \[meta-schema\] #\/properties\/a\/type: must be one of: "array", "boolean", "integer", "null", "number", "object", "string" \(got "strin"\)/)
  assert.match(out, /error \[schema\] #\/properties\/a\/type: unknown type "strin"/)
  assert.match(out, /error \[reference\] #\/properties\/b\/\$ref: cannot resolve reference "other\.json"/)
  assert.match(out, /warning \[unknown-keyword\] #\/properties\/c\/minlength: unknown keyword "minlength"/)
  assert.match(out, /error \[cycle\] #\/\$defs\/A: circular reference: #\/\$defs\/A -> #\/\$defs\/B -> #\/\$defs\/B\/anyOf\/0 -> #\/\$defs\/A never consumes input/)
})

check('--strict turns unknown keywords into errors; --output json lists findings', () => {
  file('typo-only.schema.json', { type: 'string', minlength: 2 })
  assert.is(run(['check', 'typo-only.schema.json']).code, 0)
  const r = run(['check', 'typo-only.schema.json', '--strict', '-o', 'json'])
  assert.is(r.code, 1)
  assert.equal(JSON.parse(r.stdout), {
    file: 'typo-only.schema.json',
    findings: [{ severity: 'error', kind: 'unknown-keyword', schemaPath: '#/minlength', message: 'unknown keyword "minlength" (strict mode)' }],
  })
})

check('compile-time warnings (a super-linear pattern) are reported with their path, without failing', () => {
  file('redos.schema.json', { properties: { word: { pattern: '^(a+)+$' } } })
  const r = run(['check', 'redos.schema.json'])
  assert.is(r.code, 0)
  assert.match(r.stdout, /^redos\.schema\.json: warning \[warning\] #\/properties\/word\/pattern: .*super-linear/)
})

check('an unreadable schema exits 2', () => {
  assert.is(run(['check', 'broken.json']).code, 2)
  assert.is(run(['check']).code, 2)
})

check.run()

const defaults = suite('schemavet defaults and struct')

defaults('defaults prints the defaulted data, also of invalid data, and exits by validity', () => {
  const ok = run(['defaults', 'trip.schema.json', 'ok.json'])
  assert.is(ok.code, 0)
  assert.is(ok.stdout, '{\n  "city": "Oslo",\n  "days": 3\n}\n')
  file('no-city.json', { days: 2 })
  const bad = run(['defaults', 'trip.schema.json', 'no-city.json'])
  assert.is(bad.code, 1)
  assert.is(bad.stdout, '{\n  "days": 2\n}\n')
  assert.match(bad.stderr, /^no-city\.json: invalid\n {2}\(root\): must have required property "city"/)
  assert.is(run(['defaults', 'trip.schema.json', 'ok.json', '--output', 'json']).code, 2)
})

defaults('struct runs the struct command and names a missing file', () => {
  const r = run(['struct', 'nowhere.ts#Trip'])
  assert.is.not(r.code, 0)
  assert.match(r.stderr, /nowhere\.ts/)
})

defaults.run()

process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
