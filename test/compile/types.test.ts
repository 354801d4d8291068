/**
 * `schemaTypes` (compile/types.ts): the declarations it writes, type-checked under `strict` by a
 * small TypeScript program in memory. Per keyword a row of values the type must accept and values
 * it must reject; the runtime is asked first, so the table itself cannot claim a type should
 * reject a document the schema accepts (soundness) or accept one it refuses.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../api.ts'
import type { SchemaOptions } from '../../api.ts'
import { schemaTypes } from '../../compile/types.ts'
import { checkCases } from './types-support.ts'
import type { Assignment, CaseResult } from './types-support.ts'

interface Row {
  description: string
  schema: unknown
  options?: { defaultDialect?: SchemaOptions['defaultDialect']; schemas?: Record<string, unknown> }
  /** Valid documents: `Data` and `Input` accept each. */
  accept: unknown[]
  /** Invalid documents that differ in something a type can say: `Data` rejects each. */
  reject: unknown[]
  /** Input-only documents: invalid as they are, `Input` accepts them (`Data` does not). */
  inputOnly?: unknown[]
  /** Documents `Output` rejects although valid: a defaulted property missing. */
  outputRejects?: unknown[]
  /** Documents `Input` rejects. */
  inputRejects?: unknown[]
}

const D07 = 'http://json-schema.org/draft-07/schema#'
const D04 = 'http://json-schema.org/draft-04/schema#'

const ROWS: Row[] = [
  { description: 'type: one name', schema: { type: 'string' }, accept: ['a', ''], reject: [1, null, {}, []] },
  { description: 'type: a list, integer as number', schema: { type: ['integer', 'null'] }, accept: [1, null], reject: ['1', true, []] },
  { description: 'type: boolean', schema: { type: 'boolean' }, accept: [true, false], reject: [0, 'true'] },
  { description: 'const: a literal', schema: { const: 'on' }, accept: ['on'], reject: ['off', 1] },
  { description: 'const: an object literal', schema: { const: { a: [1, 2] } }, accept: [{ a: [1, 2] }], reject: [{ a: [1, 3] }, { a: 1 }] },
  { description: 'enum: mixed literals', schema: { enum: ['a', 2, null, true] }, accept: ['a', 2, null, true], reject: ['b', 3, false] },
  { description: 'enum filtered by type', schema: { type: 'string', enum: ['a', 1] }, accept: ['a'], reject: [1, 'b'] },
  {
    description: 'properties and required',
    schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] },
    accept: [{ name: 'x' }, { name: 'x', age: 3 }, { name: 'x', other: [1] }],
    reject: [{ age: 3 }, { name: 1 }, { name: 'x', age: 'old' }, 'x'],
  },
  {
    description: 'properties without type admit other JSON types (object keywords constrain only objects)',
    schema: { properties: { a: { type: 'string' } } },
    accept: ['text', 3, null, [1], { a: 'x' }, {}],
    reject: [{ a: 1 }],
  },
  {
    description: 'required names not declared take the index type',
    schema: { type: 'object', required: ['id'], additionalProperties: { type: 'number' } },
    accept: [{ id: 1 }, { id: 1, b: 2 }],
    reject: [{}, { id: 'x' }],
  },
  {
    description: 'additionalProperties false: a closed object',
    schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    accept: [{}, { a: 'x' }],
    reject: [{ b: 1 }, { a: 2 }],
  },
  {
    description: 'additionalProperties as a schema: the index admits the declared properties too',
    schema: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: { type: 'number' } },
    accept: [{ name: 'x', n: 1 }, { n: 2 }],
    reject: [{ name: 3 }, { n: [1] }],
  },
  {
    description: 'patternProperties beside additionalProperties false',
    schema: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
    accept: [{ 'x-a': 'v' }, {}],
    reject: [{ 'x-a': {} }],
  },
  {
    description: 'prefixItems: a tuple, optional past minItems, closed by items: false',
    schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1, items: false },
    accept: [['a'], ['a', 1]],
    reject: [[], [1], ['a', 'b'], ['a', 1, 2]],
  },
  {
    description: 'prefixItems with items as the rest',
    schema: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' } },
    accept: [[], ['a'], ['a', true, false]],
    reject: [[1], ['a', 'b']],
  },
  {
    description: 'draft-07 items array with additionalItems',
    schema: { $schema: D07, type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'number' } },
    accept: [['a', 1, 2], []],
    reject: [['a', 'b'], [1]],
  },
  { description: 'items: every element', schema: { type: 'array', items: { type: 'integer' } }, accept: [[], [1, 2]], reject: [['1'], [1, null]] },
  {
    description: 'allOf: an intersection',
    schema: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] }] },
    accept: [{ a: 'x', b: 1 }],
    reject: [{ a: 'x' }, { b: 1 }, { a: 'x', b: 'y' }],
  },
  {
    description: 'object-level oneOf: branches that only require are objects of the parent',
    schema: { type: 'object', properties: { run: { type: 'string' }, uses: { type: 'string' } }, oneOf: [{ required: ['run'] }, { required: ['uses'] }] },
    accept: [{ run: 'x' }, { uses: 'y' }],
    reject: [{}, { run: 1 }, 'run'],
  },
  {
    description: 'anyOf of types: a union',
    schema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    accept: ['a', ['a']],
    reject: [1, [1]],
  },
  {
    description: 'oneOf of object shapes: a union of objects',
    schema: {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind', 'r'] },
        { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind', 'side'] },
      ],
    },
    accept: [{ kind: 'circle', r: 1 }, { kind: 'square', side: 2 }],
    reject: [{ kind: 'circle', r: 'x' }, { kind: 'triangle' }, { kind: 'square' }],
  },
  {
    description: 'if/then/else: (if and then) or else',
    schema: {
      type: 'object',
      properties: { kind: { type: 'string' } },
      required: ['kind'],
      if: { properties: { kind: { const: 'a' } } },
      then: { required: ['x'] },
      else: { required: ['y'] },
    },
    accept: [{ kind: 'a', x: 1 }, { kind: 'b', y: 1 }, { kind: 'a', x: 1, y: 2 }],
    reject: [{ kind: 'a' }, { kind: 'b' }, { kind: 1, y: 1 }],
  },
  {
    description: 'if/then without else narrows nothing it cannot prove',
    schema: { type: 'object', if: { properties: { kind: { const: 'a' } } }, then: { required: ['x'] } },
    accept: [{ kind: 'a', x: 1 }, { kind: 'b' }, { kind: 3, other: 1 }],
    reject: ['x'],
  },
  {
    description: 'nullable (OpenAPI 3.0)',
    schema: { type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: 'string' } } },
    options: { defaultDialect: 'openapi-3.0' },
    accept: [{ a: null }, { a: 'x', b: 'y' }],
    reject: [{ b: null }, { a: 1 }],
  },
  {
    description: '$ref to $defs and recursion as a named alias',
    schema: {
      $ref: '#/$defs/node',
      $defs: { node: { type: 'object', properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['value'] } },
    },
    accept: [{ value: 1 }, { value: 1, children: [{ value: 2, children: [] }] }],
    reject: [{ value: 1, children: [{ value: 'x' }] }, { value: 1, children: [{}] }],
  },
  {
    description: 'recursion to the root (#)',
    schema: { type: 'object', properties: { name: { type: 'string' }, next: { $ref: '#' } } },
    accept: [{ name: 'a', next: { name: 'b', next: {} } }],
    reject: [{ next: { name: 1 } }],
  },
  {
    // The runtime reports the cycle for every value: what matters here is that the declarations
    // type-check (no alias circularly referencing itself) beside a sound neighbour.
    description: 'an in-place cycle is written out, not a circular alias',
    schema: { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { $ref: '#/properties/a' }] } } },
    accept: [{}],
    reject: ['x'],
  },
  {
    description: '$ref across documents given in schemas',
    schema: { type: 'object', properties: { user: { $ref: 'https://example.com/user.json' } } },
    options: { schemas: { 'https://example.com/user.json': { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } },
    accept: [{ user: { id: 1 } }, {}],
    reject: [{ user: {} }, { user: { id: '1' } }],
  },
  {
    description: 'draft-04 definitions and $ref',
    schema: { $schema: D04, type: 'object', properties: { p: { $ref: '#/definitions/pos' } }, definitions: { pos: { type: 'integer', minimum: 0 } } },
    accept: [{ p: 1 }],
    reject: [{ p: 'x' }],
  },
  {
    description: 'draft-07: keywords beside $ref are ignored, as at run time',
    schema: { $schema: D07, $ref: '#/definitions/a', type: 'string', definitions: { a: { type: 'object' } } },
    accept: [{}, { b: 1 }],
    reject: ['x', 1],
  },
  {
    description: 'boolean schemas: false properties must be absent',
    schema: { type: 'object', properties: { a: false, b: true } },
    accept: [{}, { b: [1] }],
    reject: [{ a: 1 }],
  },
  {
    description: 'defaults: Input may omit a required defaulted property, Output has every defaulted one',
    schema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer', default: 3 }, units: { enum: ['metric', 'imperial'], default: 'metric' } },
      required: ['city', 'days'],
    },
    accept: [{ city: 'x', days: 1, units: 'metric' }],
    reject: [{ city: 'x' }, { city: 'x', days: 1, units: 'kelvin' }],
    inputOnly: [{ city: 'x' }],
    inputRejects: [{ days: 1 }],
    outputRejects: [{ city: 'x', days: 1 }],
  },
  {
    description: 'a root default: Input admits a missing document',
    schema: { type: 'object', properties: { a: { type: 'string' } }, default: {} },
    accept: [{}],
    reject: [{ a: 1 }],
    inputOnly: [undefined],
  },
]

/** Each row's declarations and its assignments (Data, Input, Output), with the kinds kept aside. */
interface Planned {
  row: Row
  declarations: string
  assignments: Assignment[]
  expect: ('accept' | 'reject')[]
  labels: string[]
}

function plan(row: Row): Planned {
  const declarations = schemaTypes(row.schema, row.options)
  const assignments: Assignment[] = []
  const expect: ('accept' | 'reject')[] = []
  const labels: string[] = []
  const add = (type: string, value: unknown, e: 'accept' | 'reject') => {
    assignments.push({ type, value })
    expect.push(e)
    labels.push(`${type} ${e}s ${JSON.stringify(value)}`)
  }
  for (const v of row.accept) {
    add('Data', v, 'accept')
    add('Input', v, 'accept')
  }
  for (const v of row.reject) add('Data', v, 'reject')
  for (const v of row.inputOnly ?? []) {
    add('Input', v, 'accept')
    if (v !== undefined) add('Data', v, 'reject')
  }
  for (const v of row.inputRejects ?? []) add('Input', v, 'reject')
  for (const v of row.outputRejects ?? []) add('Output', v, 'reject')
  return { row, declarations, assignments, expect, labels }
}

const planned = ROWS.map(plan)
const results: CaseResult[] = checkCases(planned.map((p, i) => ({ name: String(i), declarations: p.declarations, assignments: p.assignments })))

const table = suite('schemaTypes keyword table')

table('the table agrees with the runtime: accepted rows are valid, rejected ones invalid', () => {
  let checked = 0
  for (const { row } of planned) {
    const v = newJSONSchema(row.schema, row.options)
    for (const x of row.accept) {
      assert.ok(v.isValid(x), `${row.description}: ${JSON.stringify(x)} should be valid`)
      checked++
    }
    for (const x of row.reject) {
      assert.not.ok(v.isValid(x), `${row.description}: ${JSON.stringify(x)} should be invalid`)
      checked++
    }
    // Input-only documents become valid once defaults are applied.
    for (const x of row.inputOnly ?? []) {
      if (x !== undefined) assert.not.ok(v.isValid(x), `${row.description}: ${JSON.stringify(x)} is valid as it is`)
      assert.ok(v.isValid(applyDefaults(x, v)), `${row.description}: ${JSON.stringify(x)} is not valid after applyDefaults`)
      checked++
    }
  }
  assert.ok(checked >= 100, `only ${checked} values checked`)
})

planned.forEach((p, i) => {
  table(`${p.row.description}`, () => {
    const r = results[i]!
    assert.equal(r.declarationErrors, [], 'the declarations type-check')
    let accepted = 0
    let rejected = 0
    p.expect.forEach((e, j) => {
      const error = r.errors[j]
      if (e === 'accept') {
        assert.is(error, undefined, `${p.labels[j]}\n${p.declarations}`)
        accepted++
      } else {
        assert.ok(error !== undefined, `${p.labels[j]}\n${p.declarations}`)
        rejected++
      }
    })
    assert.is(accepted + rejected, p.assignments.length)
  })
})

table('applyDefaults copies are accepted as Output', () => {
  const row = ROWS.find((r) => r.description.startsWith('defaults:'))!
  const v = newJSONSchema(row.schema)
  const copies = [{ city: 'x' }, { city: 'y', days: 9 }].map((x) => applyDefaults(x, v))
  const [r] = checkCases([{ name: 'out', declarations: schemaTypes(row.schema), assignments: copies.map((value) => ({ type: 'Output', value })) }])
  assert.equal(r!.errors, [undefined, undefined])
})

table.run()

const names = suite('schemaTypes names and documentation')

const documented = {
  title: 'Trip',
  description: 'A trip to plan.\nTwo lines, one with */ inside.',
  type: 'object',
  properties: { city: { type: 'string', description: 'Where to go.' }, stop: { $ref: '#/$defs/stop' } },
  $defs: {
    stop: { description: 'One stop.', type: 'object', properties: { at: { type: 'string' } } },
    'time-slot': { type: 'string' },
    Data: { type: 'number' },
    unused: { type: 'object', properties: { n: { type: 'integer', default: 1 } }, required: ['n'] },
  },
  definitions: { stop: { type: 'boolean' } },
}
const docText = schemaTypes(documented)
const [docResult] = checkCases([
  {
    name: 'docs',
    declarations: docText,
    assignments: [
      { type: 'Stop', value: { at: 'x' } },
      { type: 'Stop', value: { at: 1 } },
      { type: 'TimeSlot', value: 'noon' },
      { type: 'Data2', value: 1 },
      { type: 'Unused', value: { n: 1 } },
      { type: 'UnusedInput', value: {} },
      { type: 'Unused', value: {} },
      { type: 'Stop2', value: true },
    ],
  },
])

names('every $defs and definitions entry is an exported type, names made identifiers, clashes numbered', () => {
  assert.equal(docResult!.declarationErrors, [])
  assert.equal(docResult!.errors.map((e) => e === undefined), [true, false, true, true, true, true, false, true])
  for (const n of ['Data', 'Input', 'Output', 'Stop', 'TimeSlot', 'Data2', 'Unused', 'UnusedInput', 'UnusedOutput', 'Stop2']) {
    assert.match(docText, new RegExp(`^export type ${n} = `, 'm'), n)
  }
})

names('JSDoc from title and description, on the types and on properties', () => {
  assert.is(docResult!.docs.get('Data'), 'Trip\n\nA trip to plan.\nTwo lines, one with *\\/ inside.')
  assert.is(docResult!.docs.get('Stop'), 'One stop.')
  assert.is(docResult!.propertyDocs.get('city'), 'Where to go.')
  assert.is(docResult!.docs.has('TimeSlot'), false)
})

names('a schema the runtime refuses throws its SchemaError', () => {
  assert.throws(() => schemaTypes({ $ref: '#/$defs/missing' }), /missing/)
})

names('the schema is not changed', () => {
  const before = JSON.stringify(documented)
  schemaTypes(documented)
  assert.is(JSON.stringify(documented), before)
})

names.run()
