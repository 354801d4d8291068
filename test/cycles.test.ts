/**
 * Reference cycles that consume no input (DESIGN.md "Cycles"): `validate` returns a
 * `ValidationError` whose first issue is the cycle, `applyDefaults` throws that same error, both
 * promptly; constructors accept such schemas and the kernel's `cycle` hook reports them.
 * Recursion that consumes input, branches that merely fail and a `$ref` reached twice by
 * different routes are not cycles.
 *
 * The cases are tables: the cycle shapes (`SHAPES`, each run through validate, applyDefaults,
 * the constructors and the `cycle` hook) and, per concern, rows of `{ description, schema, data,
 * expected, defaults? }` (what validate gives: the cycle, null or an ordinary failure; what
 * applyDefaults gives).
 *
 * Every test runs in a guarded child process (test/support/guard.ts): a hang or a crash fails
 * that test after 10 s instead of stalling the run.
 */
import { readFileSync } from 'node:fs'
import * as assert from 'uvu/assert'
import { ValidationError, applyDefaults, createKernel, newJSONSchema, newSimpleJSONSchema } from '../index.ts'
import type { Schema } from '../index.ts'
import { guardedSuite, thrown } from './support/guard.ts'

interface Shape {
  /** Completes "the ... cycle". */
  name: string
  schema: Record<string, unknown>
  data: unknown
  /** Locations the reported cycle passes through. */
  through: string[]
  /** Keyword of the reference that closes the cycle; `$ref` when omitted. */
  keyword?: string
}

const A = '#/$defs/A'
const B = '#/$defs/B'
const C = '#/$defs/C'

/** Every cycle shape of the issue, each reached by the data given. */
const SHAPES: Shape[] = [
  { name: 'allOf', schema: { $defs: { A: { allOf: [{ type: 'number' }, { $ref: A }] } }, $ref: A }, data: 5, through: [A] },
  { name: 'anyOf', schema: { $defs: { A: { anyOf: [{ $ref: A }, { type: 'string' }] } }, $ref: A }, data: 5, through: [A] },
  { name: 'oneOf', schema: { $defs: { A: { oneOf: [{ type: 'string' }, { $ref: A }] } }, $ref: A }, data: 5, through: [A] },
  { name: 'not', schema: { $defs: { A: { not: { $ref: A } } }, $ref: A }, data: 5, through: [A] },
  { name: 'if', schema: { $defs: { A: { if: { $ref: A }, then: true } }, $ref: A }, data: 5, through: [A] },
  { name: 'if/then', schema: { $defs: { A: { if: { type: 'number' }, then: { $ref: A } } }, $ref: A }, data: 5, through: [A] },
  { name: 'if/else', schema: { $defs: { A: { if: { type: 'string' }, else: { $ref: A } } }, $ref: A }, data: 5, through: [A] },
  {
    name: 'dependentSchemas',
    schema: { $defs: { A: { dependentSchemas: { k: { $ref: A } } } }, $ref: A },
    data: { k: 1 },
    through: [A],
  },
  {
    name: 'mutual A-B (through anyOf and allOf)',
    schema: { $defs: { A: { anyOf: [{ $ref: B }] }, B: { allOf: [{ $ref: A }] } }, $ref: A },
    data: 5,
    through: [A, B],
  },
  {
    name: 'bare $ref chain A -> B -> A',
    schema: { $defs: { A: { $ref: B }, B: { $ref: A } }, $ref: A },
    data: 5,
    through: [A, B],
  },
  {
    name: 'three-schema ring A -> B -> C -> A (through $ref, oneOf and not)',
    schema: { $defs: { A: { $ref: B }, B: { oneOf: [{ $ref: C }] }, C: { not: { $ref: A } } }, $ref: A },
    data: 5,
    through: [A, B, C],
  },
  { name: 'root # ($ref to the root)', schema: { $ref: '#' }, data: 5, through: ['#'] },
  { name: 'root # through allOf', schema: { allOf: [{ $ref: '#' }] }, data: 'x', through: ['#'] },
  {
    name: 'later anyOf branch after a matching one',
    schema: { anyOf: [{ type: 'number' }, { $ref: '#/$defs/L' }], $defs: { L: { $ref: '#/$defs/L' } } },
    data: 5,
    through: ['#/$defs/L'],
  },
  { name: 'anyOf [number, $ref #] on a number', schema: { anyOf: [{ type: 'number' }, { $ref: '#' }] }, data: 5, through: ['#'] },
  { name: 'anyOf [number, $ref #] on a string', schema: { anyOf: [{ type: 'number' }, { $ref: '#' }] }, data: 'x', through: ['#'] },
  { name: 'allOf [string, $ref #] on 5', schema: { allOf: [{ type: 'string' }, { $ref: '#' }] }, data: 5, through: ['#'] },
  {
    name: '$dynamicRef',
    schema: { $dynamicAnchor: 'node', anyOf: [{ $dynamicRef: '#node' }] },
    data: 5,
    through: ['#'],
    keyword: '$dynamicRef',
  },
]

/** Asserts `error` is the cycle error: first issue `keyword` (the closing reference) with `params.cycle` and the path in its message. */
function assertCycle(error: unknown, through: string[], keyword = '$ref'): string[] {
  assert.instance(error, ValidationError, 'expected a ValidationError')
  const first = (error as ValidationError).errors[0]
  assert.ok(first !== undefined, 'the error has no issues')
  assert.is(first.keyword, keyword, 'the keyword of the reference that closed the cycle')
  const cycle = first.params.cycle as string[]
  assert.ok(Array.isArray(cycle), 'params.cycle is an array')
  assert.ok(cycle.length >= 2, 'params.cycle has at least two entries')
  for (const location of cycle) assert.type(location, 'string')
  assert.is(cycle[0], cycle[cycle.length - 1], 'the cycle starts and ends at the same location')
  for (const location of through) assert.ok(cycle.includes(location), `the cycle ${cycle.join(' -> ')} passes through ${location}`)
  assert.match(first.message, 'circular reference')
  assert.match(first.message, cycle.join(' -> '))
  assert.match((error as ValidationError).message, 'circular reference')
  return cycle
}


// ---------------------------------------------------------------------------------------------

const validates = guardedSuite(import.meta.url, 'validate reports every reference cycle that consumes no input')

for (const shape of SHAPES) {
  validates(`returns the cycle error for the ${shape.name} cycle`, () => {
    assertCycle(newJSONSchema(shape.schema).validate(shape.data), shape.through, shape.keyword)
  })
  validates(`returns the cycle error for the ${shape.name} cycle built by newSimpleJSONSchema`, () => {
    assertCycle(newSimpleJSONSchema(shape.schema).validate(shape.data), shape.through, shape.keyword)
  })
}

validates('prints the mutual A-B ring exactly, from the first reference re-entered back to it', () => {
  for (const shape of SHAPES.filter((s) => s.through.length === 2)) {
    const cycle = assertCycle(newJSONSchema(shape.schema).validate(shape.data), shape.through)
    assert.is(cycle.length, 3, `${shape.name}: ${cycle.join(' -> ')}`)
    const text = cycle.join(' -> ')
    assert.ok(text === `${A} -> ${B} -> ${A}` || text === `${B} -> ${A} -> ${B}`, text)
  }
})

validates('prints the three-schema ring in reference order', () => {
  const shape = SHAPES.find((s) => s.through.length === 3)!
  const cycle = assertCycle(newJSONSchema(shape.schema).validate(shape.data), shape.through)
  assert.is(cycle.length, 4)
  // A -> B -> C -> A, starting wherever the ring was re-entered.
  const ring = [A, B, C]
  const start = ring.indexOf(cycle[0]!)
  assert.equal(cycle, [0, 1, 2, 3].map((i) => ring[(start + i) % 3]))
})

validates.run()

// ---------------------------------------------------------------------------------------------

const defaults = guardedSuite(import.meta.url, 'applyDefaults throws the cycle error that validate returns')

for (const shape of SHAPES) {
  defaults(`throws for the ${shape.name} cycle`, () => {
    const schema = newJSONSchema(shape.schema)
    const error = thrown(() => applyDefaults(shape.data, schema))
    assertCycle(error, shape.through, shape.keyword)
    assert.equal((error as ValidationError).errors[0], schema.validate(shape.data)!.errors[0])
  })
}

defaults('throws for a cyclic schema built by newSimpleJSONSchema and by a kernel', () => {
  const kernel = createKernel()
  const shape = SHAPES[0]!
  const schemas: Schema[] = [newSimpleJSONSchema(shape.schema), kernel.newJSONSchema(shape.schema), kernel.newSimpleJSONSchema(shape.schema)]
  for (const schema of schemas) assertCycle(thrown(() => applyDefaults(shape.data, schema)), shape.through)
  assertCycle(
    thrown(() => kernel.applyDefaults(shape.data, kernel.newJSONSchema(shape.schema))),
    shape.through,
  )
})

defaults.run()

// ---------------------------------------------------------------------------------------------

/** What `validate(data)` gives: the cycle error through these locations, `null`, or an ordinary failure. */
type Outcome =
  | { cycle: string[]; keyword?: string; at?: string }
  | { valid: true }
  /** An ordinary failure: no cycle issue, and one issue with this keyword (any when null) at this path. */
  | { fails: string | null; at?: string }

/** One case: `validate(data)` under `schema` (and `options`) gives `expected`; `defaults` is what `applyDefaults` gives. */
interface Row {
  description: string
  schema: unknown
  data: unknown
  options?: { allErrors?: boolean }
  expected: Outcome
  /**
   * What applyDefaults gives: `cycle`, the cycle error validate gives; `{ cycle }`, a cycle error
   * through these locations (validate, on the data without defaults, may not reach it); else the value.
   */
  defaults?: 'cycle' | { cycle: string[] } | { value: unknown }
}

const L = '#/$defs/L'
const LOOP_UNDER_A = { properties: { a: { $ref: L } }, $defs: { L: { anyOf: [{ $ref: L }] } } }
const IF_THEN_ROOT = { if: { type: 'string' }, then: { $ref: '#' } }
const IF_ELSE_ROOT = { if: { type: 'string' }, else: { $ref: '#' } }
const DEPENDENT_ROOT = { dependentSchemas: { k: { $ref: '#' } } }
const DEPENDENT_ROOT_D = { dependentSchemas: { k: { $ref: '#' } }, properties: { d: { default: 1 } } }
const NUMBER_OR_ROOT = { anyOf: [{ type: 'number' }, { $ref: '#' }] }
const S_STRING = { S: { type: 'string' } }
const ONE_OF_N = { $defs: { N: { type: 'number' } }, oneOf: [{ $ref: '#/$defs/N' }, { type: 'string', minimum: 0 }] }
const ONE_OF_BOTH = { $defs: { N: { type: 'number' } }, oneOf: [{ $ref: '#/$defs/N' }, { minimum: 0 }] }
const TWO_ROUTES = {
  $defs: { S: { allOf: [{ $ref: '#/$defs/T' }] }, T: { type: 'string' } },
  anyOf: [{ $ref: '#/$defs/S' }, { allOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/T' }] }],
}
const V = '#/$defs/V'
const ANY_OF_ARMS = { $defs: { V: { anyOf: [{ type: 'number' }, { type: 'array', items: { $ref: V } }, { type: 'object', additionalProperties: { $ref: V } }] } }, $ref: V }

/** Data-shaped cases by concern. */
const TABLES: { concern: string; rows: Row[] }[] = [
  {
    concern: 'where and how a cycle is reported',
    rows: [
      {
        description: 'reports $recursiveRef as the keyword of a draft 2019-09 recursive cycle',
        schema: { $schema: 'https://json-schema.org/draft/2019-09/schema', $recursiveAnchor: true, anyOf: [{ $recursiveRef: '#' }] },
        data: 5,
        expected: { cycle: ['#'], keyword: '$recursiveRef' },
      },
      {
        description: 'gives the instance location where the cycle was entered',
        schema: { properties: { a: { properties: { b: { $ref: L } } } }, $defs: { L: { anyOf: [{ $ref: L }] } } },
        data: { a: { b: 1 } },
        expected: { cycle: [L], at: '/a/b' },
        defaults: 'cycle',
      },
      { description: 'applyDefaults throws with the same instance location validate gives', schema: LOOP_UNDER_A, data: { a: 1 }, expected: { cycle: [L], at: '/a' }, defaults: 'cycle' },
      {
        description: 'applyDefaults throws for a cycle even when the schema also has defaults to fill',
        schema: { properties: { a: { default: 1 } }, anyOf: [{ $ref: '#' }] },
        data: {},
        expected: { cycle: ['#'] },
        defaults: 'cycle',
      },
      {
        description: 'applyDefaults throws for a cycle its own default leads into (validate passes the data without it)',
        schema: { properties: { a: { $ref: L } }, $defs: { L: { default: 1, allOf: [{ $ref: L }] } } },
        data: {},
        expected: { valid: true },
        defaults: { cycle: [L] },
      },
    ],
  },
  {
    concern: 'a cycle aborts the whole call',
    rows: [
      { description: 'a matching earlier anyOf branch does not hide it', schema: NUMBER_OR_ROOT, data: 5, expected: { cycle: ['#'] }, defaults: 'cycle' },
      { description: 'a matching later anyOf branch does not hide it', schema: { anyOf: [{ $ref: '#' }, { type: 'number' }] }, data: 5, expected: { cycle: ['#'] } },
      { description: 'a matching earlier oneOf branch does not hide it', schema: { oneOf: [{ type: 'number' }, { $ref: '#' }] }, data: 5, expected: { cycle: ['#'] } },
      { description: 'a matching later oneOf branch does not hide it', schema: { oneOf: [{ $ref: '#' }, { type: 'number' }] }, data: 5, expected: { cycle: ['#'] } },
      { description: 'not does not turn it into a pass', schema: { not: { $ref: '#' } }, data: 5, expected: { cycle: ['#'] }, defaults: 'cycle' },
      { description: 'not of not does not turn it into a pass', schema: { not: { not: { $ref: '#' } } }, data: 'x', expected: { cycle: ['#'] } },
      {
        description: 'an earlier failing allOf branch does not hide it: the cycle is the first issue',
        schema: { allOf: [{ type: 'string' }, { $ref: '#' }] },
        data: 5,
        expected: { cycle: ['#'] },
      },
      {
        description: 'the cycle stays the first issue when every problem is collected',
        schema: { allOf: [{ type: 'string' }, { $ref: '#' }] },
        data: 5,
        options: { allErrors: true },
        expected: { cycle: ['#'] },
      },
      {
        description: 'a sibling property that fails first does not hide it',
        schema: { properties: { a: { type: 'string' }, b: { $ref: L } }, $defs: { L: { not: { $ref: L } } } },
        data: { a: 1, b: 2 },
        expected: { cycle: [L], at: '/b' },
      },
    ],
  },
  {
    concern: 'the data decides whether a conditional cycle is reached',
    rows: [
      { description: 'if/then with a $ref to the root is an error for a string', schema: IF_THEN_ROOT, data: 'x', expected: { cycle: ['#'] }, defaults: 'cycle' },
      { description: 'if/then with a $ref to the root is valid for a number', schema: IF_THEN_ROOT, data: 5, expected: { valid: true }, defaults: { value: 5 } },
      { description: 'if/else with a $ref to the root is an error for a number', schema: IF_ELSE_ROOT, data: 5, expected: { cycle: ['#'] } },
      { description: 'if/else with a $ref to the root is valid for a string', schema: IF_ELSE_ROOT, data: 'x', expected: { valid: true } },
      { description: 'dependentSchemas with a $ref to the root is an error when the key is present', schema: DEPENDENT_ROOT, data: { k: 1 }, expected: { cycle: ['#'] } },
      { description: 'dependentSchemas with a $ref to the root is valid when the key is missing', schema: DEPENDENT_ROOT, data: { j: 1 }, expected: { valid: true } },
      { description: 'dependentSchemas with a $ref to the root is valid for a number', schema: DEPENDENT_ROOT, data: 5, expected: { valid: true } },
      { description: 'applyDefaults fills beside a dependentSchemas cycle the data does not select', schema: DEPENDENT_ROOT_D, data: { j: 1 }, expected: { valid: true }, defaults: { value: { j: 1, d: 1 } } },
      { description: 'applyDefaults throws for a dependentSchemas cycle the data selects', schema: DEPENDENT_ROOT_D, data: { k: 1 }, expected: { cycle: ['#'] }, defaults: 'cycle' },
      { description: 'a cycle under a property is an error for data that has the property', schema: LOOP_UNDER_A, data: { a: 1 }, expected: { cycle: [L] } },
      { description: 'a cycle under a property is valid for an object without it', schema: LOOP_UNDER_A, data: {}, expected: { valid: true } },
      { description: 'a cycle under a property is valid for a number', schema: LOOP_UNDER_A, data: 5, expected: { valid: true } },
    ],
  },
  {
    concern: 'what is not a cycle is validated normally',
    rows: [
      { description: 'a not branch that merely fails: valid', schema: { $defs: S_STRING, not: { $ref: '#/$defs/S' } }, data: 5, expected: { valid: true } },
      { description: 'a not branch that merely fails: fails not', schema: { $defs: S_STRING, not: { $ref: '#/$defs/S' } }, data: 'x', expected: { fails: 'not' } },
      { description: 'anyOf branches that merely fail: valid', schema: { $defs: S_STRING, anyOf: [{ $ref: '#/$defs/S' }, { type: 'null' }] }, data: 'x', expected: { valid: true } },
      { description: 'anyOf branches that merely fail: fails anyOf', schema: { $defs: S_STRING, anyOf: [{ $ref: '#/$defs/S' }, { type: 'null' }] }, data: 5, expected: { fails: 'anyOf' } },
      { description: 'oneOf with one matching branch: valid', schema: ONE_OF_N, data: -1, expected: { valid: true } },
      { description: 'oneOf branches that all fail: fails oneOf', schema: ONE_OF_N, data: null, expected: { fails: 'oneOf' } },
      { description: 'oneOf with one branch matching -1: valid', schema: ONE_OF_BOTH, data: -1, expected: { valid: true } },
      { description: 'oneOf branches that both match: fails oneOf', schema: ONE_OF_BOTH, data: 5, expected: { fails: 'oneOf' } },
      {
        description: 'the same $ref used by two allOf siblings: valid',
        schema: { $defs: { S: { type: 'string', minLength: 1 } }, allOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] },
        data: 'x',
        expected: { valid: true },
      },
      {
        description: 'the same $ref used by two allOf siblings: fails minLength',
        schema: { $defs: { S: { type: 'string', minLength: 1 } }, allOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] },
        data: '',
        expected: { fails: 'minLength' },
      },
      { description: 'the same $ref used by two anyOf arms: valid', schema: { $defs: S_STRING, anyOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] }, data: 'x', expected: { valid: true } },
      { description: 'the same $ref used by two anyOf arms: fails anyOf', schema: { $defs: S_STRING, anyOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] }, data: 5, expected: { fails: 'anyOf' } },
      { description: 'the same $ref used by a $ref and its sibling allOf: valid', schema: { $defs: S_STRING, $ref: '#/$defs/S', allOf: [{ $ref: '#/$defs/S' }] }, data: 'x', expected: { valid: true } },
      { description: 'the same $ref used by a $ref and its sibling allOf: fails type', schema: { $defs: S_STRING, $ref: '#/$defs/S', allOf: [{ $ref: '#/$defs/S' }] }, data: 5, expected: { fails: 'type' } },
      { description: 'a chain of $refs reaching one schema by two routes: valid', schema: TWO_ROUTES, data: 'x', expected: { valid: true } },
      { description: 'a chain of $refs reaching one schema by two routes: fails', schema: TWO_ROUTES, data: 5, expected: { fails: null } },
      {
        description: 'recursion through properties: valid',
        schema: { type: 'object', properties: { next: { $ref: '#' }, v: { type: 'number' } } },
        data: { next: { next: { v: 1 } } },
        expected: { valid: true },
      },
      {
        description: 'recursion through properties: fails where the value is',
        schema: { type: 'object', properties: { next: { $ref: '#' }, v: { type: 'number' } } },
        data: { next: { next: { v: 'x' } } },
        expected: { fails: 'type', at: '/next/next/v' },
      },
      { description: 'recursion through items: valid', schema: { type: ['array', 'number'], items: { $ref: '#' } }, data: [[1, [2]], 3], expected: { valid: true } },
      { description: 'recursion through items: fails where the value is', schema: { type: ['array', 'number'], items: { $ref: '#' } }, data: [[1, ['x']]], expected: { fails: 'type', at: '/0/1/0' } },
      {
        description: 'recursion through prefixItems: valid',
        schema: { type: 'array', prefixItems: [{ type: 'number' }, { $ref: '#' }] },
        data: [1, [2, [3]]],
        expected: { valid: true },
      },
      {
        description: 'recursion through prefixItems: fails where the value is',
        schema: { type: 'array', prefixItems: [{ type: 'number' }, { $ref: '#' }] },
        data: [1, [2, ['x']]],
        expected: { fails: 'type', at: '/1/1/0' },
      },
      { description: 'recursion through additionalProperties: valid', schema: { type: 'object', additionalProperties: { $ref: '#' } }, data: { a: { b: {} } }, expected: { valid: true } },
      {
        description: 'recursion through additionalProperties: fails where the value is',
        schema: { type: 'object', additionalProperties: { $ref: '#' } },
        data: { a: { b: 1 } },
        expected: { fails: 'type', at: '/a/b' },
      },
      {
        description: 'recursion through patternProperties: valid',
        schema: { type: 'object', patternProperties: { '^n': { $ref: '#' } } },
        data: { n1: { n2: {} }, x: 1 },
        expected: { valid: true },
      },
      {
        description: 'recursion through patternProperties: fails where the value is',
        schema: { type: 'object', patternProperties: { '^n': { $ref: '#' } } },
        data: { n1: { n2: 1 } },
        expected: { fails: 'type', at: '/n1/n2' },
      },
      { description: 'recursion through an anyOf whose arms descend into items and additionalProperties: valid', schema: ANY_OF_ARMS, data: { a: [1, { b: [2] }] }, expected: { valid: true } },
      {
        description: 'recursion through an anyOf whose arms descend into items and additionalProperties: fails where the value is',
        schema: ANY_OF_ARMS,
        data: { a: [1, { b: 'x' }] },
        expected: { fails: 'anyOf', at: '/a/1/b' },
      },
      {
        description: 'applyDefaults walks a recursive schema without a cycle error',
        schema: { type: 'object', properties: { next: { $ref: '#' }, v: { default: 0 } } },
        data: { next: { next: {} } },
        expected: { valid: true },
        defaults: { value: { next: { next: { v: 0 }, v: 0 }, v: 0 } },
      },
    ],
  },
]

/** Runs one row: what validate gives, then what applyDefaults gives. */
function check(row: Row): void {
  const schema = newJSONSchema(row.schema, row.options)
  const error = schema.validate(row.data)
  const expected = row.expected
  if ('cycle' in expected) {
    assertCycle(error, expected.cycle, expected.keyword)
    if (expected.at !== undefined) assert.is(error!.errors[0]!.instancePath, expected.at)
  } else if ('valid' in expected) {
    assert.is(error, null)
  } else {
    assertOrdinaryFailure(error, expected.fails ?? undefined, expected.at)
  }
  if (row.defaults === undefined) return
  if (row.defaults === 'cycle') {
    assert.ok('cycle' in expected, 'a row whose applyDefaults repeats the cycle of validate')
    const thrownError = thrown(() => applyDefaults(row.data, schema))
    assertCycle(thrownError, expected.cycle, expected.keyword)
    assert.equal((thrownError as ValidationError).errors[0], error!.errors[0], "validate's issue")
  } else if ('cycle' in row.defaults) {
    assertCycle(
      thrown(() => applyDefaults(row.data, schema)),
      row.defaults.cycle,
    )
  } else {
    assert.equal(applyDefaults(row.data, schema), row.defaults.value)
  }
}

/** Asserts `error` is an ordinary failure: no reference keyword, no cycle. */
function assertOrdinaryFailure(error: ValidationError | null, keyword?: string, instancePath?: string): void {
  assert.instance(error, ValidationError, 'expected a ValidationError')
  for (const issue of error!.errors) {
    assert.not.ok('cycle' in issue.params, `unexpected cycle issue: ${issue.message}`)
    assert.not.match(issue.message, 'circular reference')
  }
  if (keyword !== undefined) assert.ok(error!.errors.some((i) => i.keyword === keyword), `an issue with keyword ${keyword}`)
  if (instancePath !== undefined) {
    assert.ok(
      error!.errors.some((i) => i.instancePath === instancePath),
      `an issue at ${instancePath}: ${error!.errors.map((i) => i.instancePath).join(', ')}`,
    )
  }
}

for (const table of TABLES) {
  const rows = guardedSuite(import.meta.url, table.concern)
  for (const row of table.rows) rows(row.description, () => check(row))
  rows.run()
}

// ---------------------------------------------------------------------------------------------

const LOOP_FILE = new URL('./json-schema-test-suite/tests/draft2020-12/infinite-loop-detection.json', import.meta.url)
interface SuiteGroup {
  description: string
  schema: unknown
  tests: { description: string; data: unknown; valid: boolean }[]
}

const official = guardedSuite(import.meta.url, 'what is not a cycle: the official suite')

official("the official suite's infinite-loop-detection.json", () => {
  const groups = JSON.parse(readFileSync(LOOP_FILE, 'utf8')) as SuiteGroup[]
  assert.ok(groups.length > 0)
  for (const group of groups) {
    const schema = newJSONSchema(group.schema)
    for (const t of group.tests) {
      const error = schema.validate(t.data)
      if (t.valid) assert.is(error, null, `${group.description}: ${t.description}`)
      else assertOrdinaryFailure(error)
    }
  }
})

official.run()

// ---------------------------------------------------------------------------------------------

const constructors = guardedSuite(import.meta.url, 'constructors accept cyclic schemas')

constructors('newJSONSchema and newSimpleJSONSchema do not throw for any cycle shape', () => {
  for (const shape of SHAPES) {
    newJSONSchema(shape.schema)
    newSimpleJSONSchema(shape.schema)
  }
})

constructors("a kernel's constructors do not throw for any cycle shape", () => {
  const kernel = createKernel()
  for (const shape of SHAPES) {
    kernel.newJSONSchema(shape.schema)
    kernel.newSimpleJSONSchema(shape.schema)
  }
})

constructors('jsonSchema() of a cyclic schema is the object given', () => {
  const shape = SHAPES[0]!
  assert.is(newJSONSchema(shape.schema).jsonSchema(), shape.schema)
})

constructors.run()

// ---------------------------------------------------------------------------------------------

const hook = guardedSuite(import.meta.url, "the kernel's cycle hook sees each cycle at compile time")

/** A fresh kernel whose `cycle` hook records every path it is given. */
function observed() {
  const kernel = createKernel()
  const seen: string[][] = []
  kernel.hooks.cycle.tap('t', (info) => {
    seen.push(info.path)
  })
  return { kernel, seen }
}

function assertRing(path: string[], through: string[]): void {
  assert.ok(path.length >= 2, `path ${path.join(' -> ')}`)
  assert.is(path[0], path[path.length - 1], 'the path starts and ends at the same location')
  for (const location of through) assert.ok(path.includes(location), `the path ${path.join(' -> ')} passes through ${location}`)
}

hook('sees the cycle of every shape, once, when the schema is constructed', () => {
  for (const shape of SHAPES) {
    const { kernel, seen } = observed()
    kernel.newJSONSchema(shape.schema)
    assert.is(seen.length, 1, `${shape.name}: ${JSON.stringify(seen)}`)
    assertRing(seen[0]!, shape.through)
  }
})

hook('sees the mutual A-B cycle as a ring through A and B', () => {
  const { kernel, seen } = observed()
  kernel.newJSONSchema({ $defs: { A: { $ref: B }, B: { $ref: A } }, $ref: A })
  assert.is(seen.length, 1)
  assertRing(seen[0]!, [A, B])
  assert.is(seen[0]!.length, 3)
})

hook('sees two separate cycles in one schema', () => {
  const { kernel, seen } = observed()
  kernel.newJSONSchema({ $defs: { A: { $ref: A }, B: { anyOf: [{ $ref: B }] } }, allOf: [{ $ref: A }, { $ref: B }] })
  assert.is(seen.length, 2, JSON.stringify(seen))
  const rings = seen.map((p) => p.join(' -> '))
  assert.ok(seen.some((p) => p.includes(A)) && seen.some((p) => p.includes(B)), rings.join(' | '))
})

hook('sees a data-dependent cycle too (it is in the schema, whatever the data)', () => {
  const { kernel, seen } = observed()
  kernel.newJSONSchema({ if: { type: 'string' }, then: { $ref: '#' } })
  assert.is(seen.length, 1)
  assertRing(seen[0]!, ['#'])
})

hook('sees the cycle of a schema built by newSimpleJSONSchema', () => {
  const { kernel, seen } = observed()
  kernel.newSimpleJSONSchema({ not: { $ref: '#' } })
  assert.is(seen.length, 1)
  assertRing(seen[0]!, ['#'])
})

hook('is not called for recursion that consumes input', () => {
  const { kernel, seen } = observed()
  kernel.newJSONSchema({ type: 'object', properties: { next: { $ref: '#' } }, additionalProperties: { $ref: '#' } })
  kernel.newJSONSchema({ type: 'array', items: { $ref: '#' }, prefixItems: [{ $ref: '#' }] })
  kernel.newJSONSchema({ patternProperties: { '^x': { $ref: '#' } } })
  kernel.newJSONSchema({ $defs: { S: { type: 'string' } }, anyOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] })
  assert.equal(seen, [])
})

hook('is called at compile time only, not again when validating or applying defaults', () => {
  const { kernel, seen } = observed()
  const schema = kernel.newJSONSchema({ if: { type: 'string' }, then: { $ref: '#' } })
  assert.is(seen.length, 1)
  schema.validate(5)
  schema.validate('x')
  kernel.applyDefaults(5, schema)
  thrown(() => kernel.applyDefaults('x', schema))
  assert.is(seen.length, 1)
})

hook.run()
