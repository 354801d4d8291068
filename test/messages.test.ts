/**
 * One wording everywhere. test/messages.json holds a case per keyword and
 * dialect: a schema, data that fails it, where the issue sits, the words that state what the
 * schema expected in its own terms, and the text that shows what was received. Each case runs on
 * both tiers; then the same message must reach the Standard Schema issues, the MCP SDK client
 * (through schemavet's validator provider) and the command line's text output, unchanged.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, newJSONSchema } from '../index.ts'
import type { ValidationIssue } from '../index.ts'
import { formatForModel } from '../integrations/index.ts'
import { lowLevelPair, rejection } from './ecosystem/mcp-fixture.ts'
import { countingEven } from './support/keywords.ts'

interface Case {
  keyword: string
  label?: string
  dialects: string[]
  schema: Record<string, unknown>
  data: unknown
  /** instancePath of the issue. */
  at: string
  /** Words that state the expectation in the schema's terms. */
  expected: string[]
  /** Text that shows what was received. */
  received: string
}

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CASES = JSON.parse(readFileSync(new URL('./messages.json', import.meta.url), 'utf8')) as Case[]

const META: Record<string, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-04': 'http://json-schema.org/draft-04/schema#',
}

const name = (c: Case, dialect: string) => `${c.label ?? c.keyword} (${dialect})`
const inDialect = (c: Case, dialect: string) => ({ $schema: META[dialect], ...c.schema })

/** The case's issue: its keyword at its path. */
function issueOf(c: Case, issues: readonly ValidationIssue[]): ValidationIssue {
  const found = issues.find((i) => i.keyword === c.keyword && i.instancePath === c.at)
  assert.ok(found !== undefined, `no ${c.keyword} issue at "${c.at}" in:\n${issues.map((i) => `${i.keyword} ${i.instancePath}: ${i.message}`).join('\n')}`)
  return found!
}

const table = suite('each keyword says what the schema expected and what was received')

table('the table covers every validating keyword named below, and each dialect', () => {
  const keywords = new Set(CASES.flatMap((c) => [c.keyword, c.label ?? '']))
  for (const k of [
    'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
    'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'contains', 'maxProperties', 'minProperties',
    'required', 'dependentRequired', 'dependencies', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems',
    'items false', 'additionalItems false', 'propertyNames', 'format', 'oneOf matching none', 'oneOf matching several', 'anyOf',
    'not', 'if/then', 'if/else', 'false schema', '$ref-through',
  ]) assert.ok(keywords.has(k), `no case for ${k}`)
  const formats = new Set(CASES.filter((c) => c.keyword === 'format').map((c) => c.label))
  for (const f of ['date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template', 'uuid', 'json-pointer', 'relative-json-pointer', 'regex']) {
    assert.ok(formats.has(f), `no case for format ${f}`)
  }
  const dialects = new Set(CASES.flatMap((c) => c.dialects))
  for (const d of Object.keys(META)) assert.ok(dialects.has(d), `no case in ${d}`)
})

for (const c of CASES) {
  for (const dialect of c.dialects) {
    table(name(c, dialect), () => {
      const messages: string[][] = []
      for (const options of [{ codegen: false }, { codegenThreshold: 0 }]) {
        const error = newJSONSchema(inDialect(c, dialect), { allErrors: true, ...options }).validate(c.data)
        assert.ok(error !== null, 'the data must fail the schema for the case to mean anything')
        const issue = issueOf(c, error!.errors)
        for (const words of c.expected) assert.ok(issue.message.includes(words), `expected ${JSON.stringify(words)} in ${JSON.stringify(issue.message)}`)
        assert.ok(issue.message.includes(c.received), `expected the received ${JSON.stringify(c.received)} in ${JSON.stringify(issue.message)}`)
        // ValidationError.message and formatForModel carry the issue's words as they are.
        assert.ok(error!.message.includes(issue.message), error!.message)
        assert.ok(formatForModel(error!, { value: c.data }).includes(`: ${issue.message}`))
        messages.push(error!.errors.map((i) => i.message))
      }
      assert.equal(messages[1], messages[0], 'both tiers say the same')
    })
  }
}

table.run()

const bounded = suite('the received value is cut, whatever its size or shape')

bounded('a megabyte string, 100,000-deep arrays, a 100,000-key object and a value containing itself', () => {
  const deep: unknown[] = []
  let at = deep
  for (let i = 0; i < 100_000; i++) {
    const next: unknown[] = []
    at.push(next)
    at = next
  }
  const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))
  const self: Record<string, unknown> = { a: 1 }
  self.self = self
  const schema = newJSONSchema({ type: 'string' })
  for (const [value, start] of [
    [{ long: 'x'.repeat(1_000_000) }, '(got {"long":"xxx'],
    [deep, '(got [[[[['],
    [wide, '(got {"k0":0,"k1":1'],
    [self, '(got {"a":1,"self":"[cyclic]"})'],
  ] as const) {
    const message = schema.validate(value)!.errors[0]!.message
    assert.ok(message.startsWith('must be a string '), message)
    assert.ok(message.includes(start), message)
    assert.ok(message.length < 100, `bounded: ${message.length} characters`)
  }
})

bounded('an enum of many long values lists the first 20, each cut', () => {
  const values = Array.from({ length: 50 }, (_, i) => `${i}-${'v'.repeat(1000)}`)
  const message = newJSONSchema({ enum: values }).validate('x')!.errors[0]!.message
  assert.ok(message.includes('(and 30 more)'), message.slice(-80))
  assert.ok(message.length < 20 * 210 + 100, `bounded: ${message.length} characters`)
})

bounded('a oneOf with many failing alternatives sums up 5 and counts the rest', () => {
  const branches = Array.from({ length: 12 }, (_, i) => ({ type: 'string', minLength: i + 2 }))
  const message = newJSONSchema({ oneOf: branches }).validate('x')!.errors.at(-1)!.message
  assert.ok(message.includes('alternative 4: must be at least 6 characters long'), message)
  assert.not.ok(message.includes('alternative 5:'), message)
  assert.ok(message.includes('7 more'), message)
})

bounded.run()

const cost = suite('messages cost nothing while data passes')

cost('a keyword message is built only when its issue is recorded', () => {
  const { definition: even, counter } = countingEven()
  const schema = createKernel({ plugins: [even] }).newJSONSchema({ type: 'array', items: { even: true } })
  for (let i = 0; i < 100; i++) assert.is(schema.validate([2, 4, 6]), null)
  assert.is(counter.built, 0, 'no message for passing data')
  assert.is(schema.validate([2, 3])!.errors[0]!.message, 'must be even (got 3)')
  assert.is(counter.built, 1)
})

cost.run()

const paths = suite('the same words reach Standard Schema, the MCP SDK client and the CLI')

paths('~standard issues carry each issue message unchanged, in order', () => {
  for (const c of CASES) {
    for (const dialect of c.dialects) {
      const v = newJSONSchema(inDialect(c, dialect), { allErrors: true })
      const error = v.validate(c.data)!
      const result = v['~standard'].validate(c.data) as { issues?: { message: string }[] }
      assert.equal(result.issues?.map((i) => i.message), error.errors.map((i) => i.message), name(c, dialect))
      assert.ok(result.issues!.some((i) => i.message === issueOf(c, error.errors).message))
    }
  }
})

// MCP tool output is an object: each case's value goes under `v` (cases without a `$ref`, whose
// pointers would move with the wrapping), checked by the SDK client through schemavet's provider.
const MCP_CASES = CASES.filter((c) => c.dialects.includes('2020-12') && !JSON.stringify(c.schema).includes('$ref'))

paths('the MCP SDK client rejects tool output with the issue message', async () => {
  assert.ok(MCP_CASES.length >= 40)
  const tools = Object.fromEntries(
    MCP_CASES.map((c, i) => [`t${i}`, { outputSchema: { type: 'object', properties: { v: c.schema }, required: ['v'] }, structuredContent: { v: c.data } }]),
  )
  const pair = await lowLevelPair(tools as never)
  try {
    await pair.client.listTools()
    for (const [i, c] of MCP_CASES.entries()) {
      const wrapped = { ...c, at: `/v${c.at}` }
      const error = newJSONSchema({ type: 'object', properties: { v: c.schema }, required: ['v'] }).validate({ v: c.data })!
      const message = issueOf(wrapped, error.errors).message
      const rejected = await rejection(() => pair.client.callTool({ name: `t${i}`, arguments: {} }))
      assert.ok(rejected.message.includes(`${wrapped.at}: ${message}`), `${name(c, '2020-12')}: ${rejected.message}`)
    }
  } finally {
    await pair.close()
  }
})

const CLI = join(ROOT, 'dist/cli/main.js')

paths('schemavet validate prints the issue message for each case', () => {
  assert.ok(existsSync(CLI), 'run npm run build first')
  const dir = mkdtempSync(join(tmpdir(), 'schemavet-messages-'))
  try {
    // One schema per case: a combined schema (properties c0, c1, ...) checked in one run.
    const cases = CASES.filter((c) => !JSON.stringify(c.schema).includes('$ref') && c.dialects.includes('2020-12'))
    const schema = { properties: Object.fromEntries(cases.map((c, i) => [`c${i}`, c.schema])) }
    const data = Object.fromEntries(cases.map((c, i) => [`c${i}`, c.data]))
    writeFileSync(join(dir, 'schema.json'), JSON.stringify(schema))
    writeFileSync(join(dir, 'data.json'), JSON.stringify(data))
    const r = spawnSync(process.execPath, [CLI, 'validate', 'schema.json', 'data.json', '--all-errors'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
    assert.is(r.status, 1, r.stderr)
    const error = newJSONSchema(schema, { allErrors: true }).validate(data)!
    for (const [i, c] of cases.entries()) {
      const wrapped = { ...c, at: `/c${i}${c.at}` }
      const message = issueOf(wrapped, error.errors).message
      assert.ok(r.stdout.includes(`  ${wrapped.at}: ${message}\n`), `${name(c, '2020-12')}: ${message}\n${r.stdout.slice(0, 2000)}`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

paths.run()

const meta = suite('a SchemaError from the meta-schema names each problem once')

meta('a wrong keyword value is one problem, not one per 2020-12 vocabulary meta-schema', () => {
  let error: unknown
  try {
    newJSONSchema({ properties: { b: { items: [{}] } } })
  } catch (e) {
    error = e
  }
  assert.ok(SchemaError.isInstance(error))
  assert.is(error.errors.length, 1, error.message)
  assert.is(error.errors[0]!.schemaPath, '#/properties/b/items')
  assert.match(error.message, /must be an object or a boolean \(got \[\{\}\]\)/)
})

meta('two wrong values are two problems', () => {
  let error: unknown
  try {
    newJSONSchema({ properties: { a: { minimum: '1' }, b: { items: [{}] } } })
  } catch (e) {
    error = e
  }
  assert.ok(SchemaError.isInstance(error))
  assert.equal(error.errors.map((p) => p.schemaPath), ['#/properties/a/minimum', '#/properties/b/items'])
})

meta.run()

const once = suite('validate names each failure once')

once('alternatives reaching the same definition do not repeat its issue, on either tier', () => {
  // Two nested anyOf whose alternatives all lead to one definition: the leaf fails once per path.
  const schema = {
    $defs: { rule: { type: 'object', properties: { strip: { type: 'string' } } } },
    type: 'object',
    properties: {
      build: {
        anyOf: [
          { properties: { artifact: { anyOf: [{ $ref: '#/$defs/rule' }, { $ref: '#/$defs/rule', required: ['strip'] }] } } },
          { properties: { artifact: { anyOf: [{ $ref: '#/$defs/rule', minProperties: 1 }, { $ref: '#/$defs/rule' }] } } },
        ],
      },
    },
  }
  for (const codegenThreshold of [0, Infinity]) {
    const issues = newJSONSchema(schema, { codegenThreshold }).validate({ build: { artifact: { strip: 123 } } })!.errors
    const keys = issues.map((i) => `${i.instancePath} ${i.schemaPath} ${i.message}`)
    assert.is(new Set(keys).size, keys.length, keys.join('\n'))
    assert.is(issues.filter((i) => i.keyword === 'type').length, 1, keys.join('\n'))
    assert.is(issues.find((i) => i.keyword === 'type')!.instancePath, '/build/artifact/strip')
    // The anyOf's own message names the shared failure once for all its alternatives.
    const inner = issues.find((i) => i.keyword === 'anyOf' && i.instancePath === '/build/artifact')!
    assert.match(inner.message, 'but matches none (every alternative at /strip: must be a string (got 123))')
  }
})

once('alternatives failing alike are named together, the others one by one', () => {
  const issue = newJSONSchema({ anyOf: [{ minLength: 5 }, { pattern: '^a' }, { minLength: 5 }] }).validate('xyz')!.errors.find((i) => i.keyword === 'anyOf')!
  assert.match(issue.message, /\(alternatives 0 and 2: must be at least 5 characters long [^;]*; alternative 1: must match [^;]*\)$/)
})

once.run()
