/**
 * Reference cycles that consume no input (issue 3, DESIGN.md "Cycles"): `validate` returns a
 * `ValidationError` whose first issue is the cycle, `applyDefaults` throws that same error, both
 * promptly; constructors accept such schemas and the kernel's `cycle` hook reports them.
 * Recursion that consumes input, branches that merely fail and a `$ref` reached twice by
 * different routes are not cycles.
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

validates('reports $recursiveRef as the keyword of a draft 2019-09 recursive cycle', () => {
  const schema = { $schema: 'https://json-schema.org/draft/2019-09/schema', $recursiveAnchor: true, anyOf: [{ $recursiveRef: '#' }] }
  assertCycle(newJSONSchema(schema).validate(5), ['#'], '$recursiveRef')
})

validates('gives the instance location where the cycle was entered', () => {
  const schema = { properties: { a: { properties: { b: { $ref: '#/$defs/L' } } } }, $defs: { L: { anyOf: [{ $ref: '#/$defs/L' }] } } }
  const error = newJSONSchema(schema).validate({ a: { b: 1 } })
  assertCycle(error, ['#/$defs/L'])
  assert.is(error!.errors[0]!.instancePath, '/a/b')
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

defaults('throws for a cycle even when the schema also has defaults to fill', () => {
  const schema = newJSONSchema({ properties: { a: { default: 1 } }, anyOf: [{ $ref: '#' }] })
  assertCycle(
    thrown(() => applyDefaults({}, schema)),
    ['#'],
  )
})

defaults('throws for a cycle behind a $ref with a default', () => {
  const schema = newJSONSchema({ properties: { a: { $ref: '#/$defs/L' } }, $defs: { L: { default: 1, allOf: [{ $ref: '#/$defs/L' }] } } })
  assertCycle(
    thrown(() => applyDefaults({}, schema)),
    ['#/$defs/L'],
  )
})

defaults('throws with the same instance location validate gives', () => {
  const schema = newJSONSchema({ properties: { a: { $ref: '#/$defs/L' } }, $defs: { L: { anyOf: [{ $ref: '#/$defs/L' }] } } })
  const error = thrown(() => applyDefaults({ a: 1 }, schema))
  assertCycle(error, ['#/$defs/L'])
  assert.equal((error as ValidationError).errors[0], schema.validate({ a: 1 })!.errors[0])
  assert.is((error as ValidationError).errors[0]!.instancePath, '/a')
})

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

const aborts = guardedSuite(import.meta.url, 'a cycle aborts the whole call')

aborts('a matching earlier anyOf branch does not hide it', () => {
  assertCycle(newJSONSchema({ anyOf: [{ type: 'number' }, { $ref: '#' }] }).validate(5), ['#'])
})

aborts('a matching later anyOf branch does not hide it', () => {
  assertCycle(newJSONSchema({ anyOf: [{ $ref: '#' }, { type: 'number' }] }).validate(5), ['#'])
})

aborts('a matching oneOf branch, earlier or later, does not hide it', () => {
  assertCycle(newJSONSchema({ oneOf: [{ type: 'number' }, { $ref: '#' }] }).validate(5), ['#'])
  assertCycle(newJSONSchema({ oneOf: [{ $ref: '#' }, { type: 'number' }] }).validate(5), ['#'])
})

aborts('not does not turn it into a pass', () => {
  assertCycle(newJSONSchema({ not: { $ref: '#' } }).validate(5), ['#'])
  assertCycle(newJSONSchema({ not: { not: { $ref: '#' } } }).validate('x'), ['#'])
})

aborts('an earlier failing allOf branch does not hide it: the cycle is the first issue', () => {
  const error = newJSONSchema({ allOf: [{ type: 'string' }, { $ref: '#' }] }).validate(5)
  assertCycle(error, ['#'])
})

aborts('the cycle stays the first issue when every problem is collected', () => {
  const error = newJSONSchema({ allOf: [{ type: 'string' }, { $ref: '#' }] }, { allErrors: true }).validate(5)
  assertCycle(error, ['#'])
})

aborts('a sibling property that fails first does not hide it', () => {
  const schema = { properties: { a: { type: 'string' }, b: { $ref: '#/$defs/L' } }, $defs: { L: { not: { $ref: '#/$defs/L' } } } }
  const error = newJSONSchema(schema).validate({ a: 1, b: 2 })
  assertCycle(error, ['#/$defs/L'])
  assert.is(error!.errors[0]!.instancePath, '/b')
})

aborts('applyDefaults is not rescued by a matching branch either', () => {
  assertCycle(
    thrown(() => applyDefaults(5, newJSONSchema({ anyOf: [{ type: 'number' }, { $ref: '#' }] }))),
    ['#'],
  )
  assertCycle(
    thrown(() => applyDefaults(5, newJSONSchema({ not: { $ref: '#' } }))),
    ['#'],
  )
})

aborts.run()

// ---------------------------------------------------------------------------------------------

const conditional = guardedSuite(import.meta.url, 'the data decides whether a conditional cycle is reached')

conditional('if/then with a $ref to the root is an error for a string', () => {
  assertCycle(newJSONSchema({ if: { type: 'string' }, then: { $ref: '#' } }).validate('x'), ['#'])
})

conditional('if/then with a $ref to the root is valid for a number', () => {
  assert.is(newJSONSchema({ if: { type: 'string' }, then: { $ref: '#' } }).validate(5), null)
})

conditional('if/else with a $ref to the root is an error for a number and valid for a string', () => {
  const schema = newJSONSchema({ if: { type: 'string' }, else: { $ref: '#' } })
  assertCycle(schema.validate(5), ['#'])
  assert.is(schema.validate('x'), null)
})

conditional('dependentSchemas with a $ref to the root is an error only when the key is present', () => {
  const schema = newJSONSchema({ dependentSchemas: { k: { $ref: '#' } } })
  assertCycle(schema.validate({ k: 1 }), ['#'])
  assert.is(schema.validate({ j: 1 }), null)
  assert.is(schema.validate(5), null)
})

conditional('a cycle under a property is an error only for data that has the property', () => {
  const schema = newJSONSchema({ properties: { a: { $ref: '#/$defs/L' } }, $defs: { L: { anyOf: [{ $ref: '#/$defs/L' }] } } })
  assertCycle(schema.validate({ a: 1 }), ['#/$defs/L'])
  assert.is(schema.validate({}), null)
  assert.is(schema.validate(5), null)
})

conditional('applyDefaults follows the same selection', () => {
  const ifThen = newJSONSchema({ if: { type: 'string' }, then: { $ref: '#' } })
  assert.is(applyDefaults(5, ifThen), 5)
  assertCycle(
    thrown(() => applyDefaults('x', ifThen)),
    ['#'],
  )
  const dependent = newJSONSchema({ dependentSchemas: { k: { $ref: '#' } }, properties: { d: { default: 1 } } })
  assert.equal(applyDefaults({ j: 1 }, dependent), { j: 1, d: 1 })
  assertCycle(
    thrown(() => applyDefaults({ k: 1 }, dependent)),
    ['#'],
  )
})

conditional.run()

// ---------------------------------------------------------------------------------------------

const notCycles = guardedSuite(import.meta.url, 'what is not a cycle is validated normally')

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

notCycles('a not branch that merely fails', () => {
  const schema = newJSONSchema({ $defs: { S: { type: 'string' } }, not: { $ref: '#/$defs/S' } })
  assert.is(schema.validate(5), null)
  assertOrdinaryFailure(schema.validate('x'), 'not')
})

notCycles('anyOf branches that merely fail', () => {
  const schema = newJSONSchema({ $defs: { S: { type: 'string' } }, anyOf: [{ $ref: '#/$defs/S' }, { type: 'null' }] })
  assert.is(schema.validate('x'), null)
  assertOrdinaryFailure(schema.validate(5), 'anyOf')
})

notCycles('oneOf branches that all fail, or that both match', () => {
  const schema = newJSONSchema({ $defs: { N: { type: 'number' } }, oneOf: [{ $ref: '#/$defs/N' }, { type: 'string', minimum: 0 }] })
  assert.is(schema.validate(-1), null)
  assertOrdinaryFailure(schema.validate(null), 'oneOf')
  const both = newJSONSchema({ $defs: { N: { type: 'number' } }, oneOf: [{ $ref: '#/$defs/N' }, { minimum: 0 }] })
  assert.is(both.validate(-1), null)
  assertOrdinaryFailure(both.validate(5), 'oneOf')
})

notCycles('the same $ref used by two allOf siblings', () => {
  const schema = newJSONSchema({ $defs: { S: { type: 'string', minLength: 1 } }, allOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] })
  assert.is(schema.validate('x'), null)
  assertOrdinaryFailure(schema.validate(''), 'minLength')
})

notCycles('the same $ref used by two anyOf arms', () => {
  const schema = newJSONSchema({ $defs: { S: { type: 'string' } }, anyOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/S' }] })
  assert.is(schema.validate('x'), null)
  assertOrdinaryFailure(schema.validate(5), 'anyOf')
})

notCycles('the same $ref used by a $ref and its sibling allOf', () => {
  const schema = newJSONSchema({ $defs: { S: { type: 'string' } }, $ref: '#/$defs/S', allOf: [{ $ref: '#/$defs/S' }] })
  assert.is(schema.validate('x'), null)
  assertOrdinaryFailure(schema.validate(5), 'type')
})

notCycles('a chain of $refs reaching one schema by two routes', () => {
  const schema = newJSONSchema({
    $defs: { S: { allOf: [{ $ref: '#/$defs/T' }] }, T: { type: 'string' } },
    anyOf: [{ $ref: '#/$defs/S' }, { allOf: [{ $ref: '#/$defs/S' }, { $ref: '#/$defs/T' }] }],
  })
  assert.is(schema.validate('x'), null)
  assertOrdinaryFailure(schema.validate(5))
})

notCycles('recursion through properties', () => {
  const schema = newJSONSchema({ type: 'object', properties: { next: { $ref: '#' }, v: { type: 'number' } } })
  assert.is(schema.validate({ next: { next: { v: 1 } } }), null)
  assertOrdinaryFailure(schema.validate({ next: { next: { v: 'x' } } }), 'type', '/next/next/v')
})

notCycles('recursion through items', () => {
  const schema = newJSONSchema({ type: ['array', 'number'], items: { $ref: '#' } })
  assert.is(schema.validate([[1, [2]], 3]), null)
  assertOrdinaryFailure(schema.validate([[1, ['x']]]), 'type', '/0/1/0')
})

notCycles('recursion through prefixItems', () => {
  const schema = newJSONSchema({ type: 'array', prefixItems: [{ type: 'number' }, { $ref: '#' }] })
  assert.is(schema.validate([1, [2, [3]]]), null)
  assertOrdinaryFailure(schema.validate([1, [2, ['x']]]), 'type', '/1/1/0')
})

notCycles('recursion through additionalProperties', () => {
  const schema = newJSONSchema({ type: 'object', additionalProperties: { $ref: '#' } })
  assert.is(schema.validate({ a: { b: {} } }), null)
  assertOrdinaryFailure(schema.validate({ a: { b: 1 } }), 'type', '/a/b')
})

notCycles('recursion through patternProperties', () => {
  const schema = newJSONSchema({ type: 'object', patternProperties: { '^n': { $ref: '#' } } })
  assert.is(schema.validate({ n1: { n2: {} }, x: 1 }), null)
  assertOrdinaryFailure(schema.validate({ n1: { n2: 1 } }), 'type', '/n1/n2')
})

notCycles('recursion through an anyOf of types whose arms descend into items and additionalProperties', () => {
  const V = '#/$defs/V'
  const schema = newJSONSchema({
    $defs: { V: { anyOf: [{ type: 'number' }, { type: 'array', items: { $ref: V } }, { type: 'object', additionalProperties: { $ref: V } }] } },
    $ref: V,
  })
  assert.is(schema.validate({ a: [1, { b: [2] }] }), null)
  assertOrdinaryFailure(schema.validate({ a: [1, { b: 'x' }] }), 'anyOf', '/a/1/b')
})

notCycles('applyDefaults walks a recursive schema without a cycle error', () => {
  const schema = newJSONSchema({ type: 'object', properties: { next: { $ref: '#' }, v: { default: 0 } } })
  assert.equal(applyDefaults({ next: { next: {} } }, schema), { next: { next: { v: 0 }, v: 0 }, v: 0 })
})

const LOOP_FILE = new URL('./json-schema-test-suite/tests/draft2020-12/infinite-loop-detection.json', import.meta.url)
interface SuiteGroup {
  description: string
  schema: unknown
  tests: { description: string; data: unknown; valid: boolean }[]
}

notCycles("the official suite's infinite-loop-detection.json", () => {
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

notCycles.run()

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
