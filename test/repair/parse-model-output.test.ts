import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { REPAIR_KINDS, SchemaError, ValidationError, newJSONSchema, parseModelOutput } from '../../index.ts'
import type { RepairKind, RepairRecord } from '../../index.ts'
import { repairMeter } from '../../repair/meter.ts'

const weather = {
  type: 'object',
  properties: {
    city: { enum: ['Oslo', 'Bergen', 'Trondheim'] },
    days: { type: 'integer' },
    metric: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: ['string', 'null'] },
    units: { type: 'string', default: 'C' },
  },
  required: ['city', 'days', 'note'],
  additionalProperties: false,
} as const

const kinds = (repairs: RepairRecord[]): RepairKind[] => [...new Set(repairs.map((r) => r.kind))].sort()

const basics = suite('parseModelOutput')

basics('clean JSON comes back defaulted, with only the default recorded', () => {
  const r = parseModelOutput('{"city":"Oslo","days":3,"note":null}', weather)
  assert.ok(r.success)
  assert.equal(r.value, { city: 'Oslo', days: 3, note: null, units: 'C' })
  assert.equal(r.repairs, [{ kind: 'default', instancePath: '/units', from: undefined, to: 'C' }])
})

basics('clean JSON that does not match fails with the ValidationError and no repairs', () => {
  const r = parseModelOutput('{"city":"Paris","days":3,"note":null}', weather)
  if (r.success) return assert.unreachable('a city outside the enum was accepted')
  assert.ok(ValidationError.isInstance(r.error))
  assert.match(r.error.message, /city/)
  assert.equal(kinds(r.repairs), ['default'])
})

// Each row: text, the kinds it must record, the value it must come back as.
const rows: [string, RepairKind[], unknown][] = [
  ['```json\n{"city":"Oslo","days":3,"note":null}\n```', ['default', 'fence'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['Sure! Here it is: {"city":"Oslo","days":3,"note":null} Hope it helps.', ['default', 'extract'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['{"city":"Oslo","days":3,"note":null,}', ['default', 'trailing-comma'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['{"city":"Oslo", // the capital\n"days":3,"note":null /* none */}', ['comment', 'default'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ["{'city':'Oslo','days':3,'note':'it\\'s cold'}", ['default', 'quote'], { city: 'Oslo', days: 3, note: "it's cold", units: 'C' }],
  ['{\u201ccity\u201d:\u201cOslo\u201d,"days":3,"note":null}', ['default', 'quote'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['{city:"Oslo",days:3,note:null}', ['default', 'unquoted-key'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['{"city":"Oslo","days":3,"metric":True,"note":None}', ['default', 'python-constant'], { city: 'Oslo', days: 3, metric: true, note: null, units: 'C' }],
  ['{"city":"Oslo","days":3,"note":"two\nlines"}', ['default', 'newline-in-string'], { city: 'Oslo', days: 3, note: 'two\nlines', units: 'C' }],
  ['{"city":"Oslo","days":3,"note":null,"tags":["a","b"', ['default', 'truncation'], { city: 'Oslo', days: 3, note: null, tags: ['a', 'b'], units: 'C' }],
  ['{"city":"Oslo","days":"3","note":null}', ['default', 'number-from-string'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['{"city":"Oslo","days":3,"metric":"TRUE","note":null}', ['boolean-from-string', 'default'], { city: 'Oslo', days: 3, metric: true, note: null, units: 'C' }],
  ['{"city":"Oslo","days":3,"tags":"warm","note":null}', ['default', 'wrap-array'], { city: 'Oslo', days: 3, tags: ['warm'], note: null, units: 'C' }],
  ['{"city":"oslo ","days":3,"note":null}', ['default', 'enum-match'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
  ['{"city":"Oslo","days":3}', ['default', 'null-for-absent'], { city: 'Oslo', days: 3, note: null, units: 'C' }],
]

for (const [text, want, value] of rows) {
  basics(`repairs ${want.filter((k) => k !== 'default').join(', ')}: ${JSON.stringify(text).slice(0, 50)}`, () => {
    const r = parseModelOutput(text, weather)
    assert.ok(r.success, JSON.stringify(r))
    assert.equal(r.value, value)
    assert.equal(kinds(r.repairs), want)
    for (const rec of r.repairs) assert.ok(REPAIR_KINDS.includes(rec.kind) && typeof rec.instancePath === 'string')
  })
  basics(`with that repair turned off the same text fails: ${JSON.stringify(text).slice(0, 50)}`, () => {
    // Without `fence`, a fenced value is still found as a value inside prose: turn both off.
    const kinds = want.filter((k) => k !== 'default').flatMap((k): RepairKind[] => (k === 'fence' ? ['fence', 'extract'] : [k]))
    const off = Object.fromEntries(kinds.map((k) => [k, false]))
    const r = parseModelOutput(text, weather, { repairs: off })
    assert.not.ok(r.success)
    for (const rec of r.repairs) assert.ok(!(rec.kind in off), rec.kind)
  })
}

basics("'none' takes JSON.parse's reading only; defaults are still filled in and recorded", () => {
  assert.not.ok(parseModelOutput('{"city":"Oslo","days":3,"note":null,}', weather, { repairs: 'none' }).success)
  assert.not.ok(parseModelOutput('{"city":"Oslo","days":"3","note":null}', weather, { repairs: 'none' }).success)
  const r = parseModelOutput('{"city":"Oslo","days":3,"note":null}', weather, { repairs: 'none' })
  assert.ok(r.success)
  assert.equal(kinds(r.repairs), ['default'])
})

basics('without fence, a fenced value is found as a value inside prose, and says so', () => {
  const r = parseModelOutput('```json\n{"city":"Oslo","days":3,"note":null}\n```', weather, { repairs: { fence: false } })
  assert.ok(r.success)
  assert.equal(kinds(r.repairs), ['default', 'extract'])
})

basics('a string cut off by the end of the text is closed where the schema allows it, else its member goes', () => {
  const schema = { type: 'object', properties: { unit: { enum: ['celsius', 'fahrenheit'] }, note: { type: 'string' } } }
  const closed = parseModelOutput('{"note":"it was col', schema)
  assert.ok(closed.success)
  assert.equal(closed.value, { note: 'it was col' })
  const dropped = parseModelOutput('{"note":"x","unit":"cel', schema)
  assert.ok(dropped.success)
  assert.equal(dropped.value, { note: 'x' })
  assert.ok(dropped.repairs.every((r) => r.kind === 'truncation'))
  // Required members cannot go.
  assert.not.ok(parseModelOutput('{"unit":"cel', { ...schema, required: ['unit'] }).success)
})

basics('the instance path of a coercion points at the changed value', () => {
  const r = parseModelOutput('{"a":[{"n":"1"},{"n":"2.5"}]}', { properties: { a: { items: { properties: { n: { type: 'number' } } } } } })
  assert.ok(r.success)
  assert.equal(
    r.repairs.map((x) => [x.instancePath, x.from, x.to]).sort(),
    [
      ['/a/0/n', '1', 1],
      ['/a/1/n', '2.5', 2.5],
    ],
  )
})

basics('of several values in prose, the first that fits the schema is taken', () => {
  const r = parseModelOutput('Not {"city":"Paris"} but {"city":"Bergen","days":1,"note":"x"}.', weather)
  assert.ok(r.success)
  assert.is((r.value as { city: string }).city, 'Bergen')
})

basics('a lone scalar on a line of its own inside prose is found', () => {
  const r = parseModelOutput('The city is:\n"Bergen"\nHope that helps.', { enum: ['Oslo', 'Bergen'] })
  assert.ok(r.success)
  assert.is(r.value, 'Bergen')
  assert.equal(kinds(r.repairs), ['extract'])
  assert.not.ok(parseModelOutput('The city is Bergen.', { enum: ['Oslo', 'Bergen'] }).success)
})

basics('of several fenced blocks, the first that fits the schema is taken', () => {
  const r = parseModelOutput('```json\n{"a":1}\n```\nor\n```json\n{"city":"Bergen","days":1,"note":"x"}\n```', weather)
  assert.ok(r.success)
  assert.is((r.value as { city: string }).city, 'Bergen')
  assert.ok(kinds(r.repairs).includes('fence'))
})

basics('ambiguous coercions are not made', () => {
  // Two members match up to case.
  assert.not.ok(parseModelOutput('"oslo"', { enum: ['Oslo', 'OSLO'] }).success)
  // A string is allowed, so "5" is not a number in disguise.
  const r = parseModelOutput('"5"', { type: ['string', 'number'] })
  assert.ok(r.success)
  assert.is(r.value, '5')
  assert.equal(r.repairs, [])
  // Not an integer.
  assert.not.ok(parseModelOutput('"2.5"', { type: 'integer' }).success)
  // Not a boolean word.
  assert.not.ok(parseModelOutput('"yes"', { type: 'boolean' }).success)
})

basics('coercions follow $ref, allOf and the anyOf branch the value fits', () => {
  const schema = {
    $defs: { N: { type: 'integer' } },
    type: 'object',
    properties: {
      a: { $ref: '#/$defs/N' },
      b: { allOf: [{ type: 'boolean' }] },
      c: { anyOf: [{ type: 'null' }, { type: 'array', items: { $ref: '#/$defs/N' } }] },
    },
  }
  const r = parseModelOutput('{"a":"4","b":"false","c":["7"]}', schema)
  assert.ok(r.success, JSON.stringify(r))
  assert.equal(r.value, { a: 4, b: false, c: [7] })
})

basics('the oneOf branch is chosen by its members: the enum the value matches up to case', () => {
  const field = {
    oneOf: [
      { properties: { type: { enum: ['callback'] }, n: { type: 'string' } }, required: ['type'] },
      { properties: { type: { enum: ['field', 'value'] }, n: { type: 'integer' } }, required: ['type'] },
    ],
  }
  const r = parseModelOutput('{"type":"FIELD","n":"3"}', field)
  assert.ok(r.success, JSON.stringify(r))
  assert.equal(r.value, { type: 'field', n: 3 })
})

basics('in an enum of numbers or booleans, the string form of a member is that member', () => {
  const r = parseModelOutput('{"code":"0","on":"True"}', { properties: { code: { enum: [0, 1] }, on: { enum: [true, false] } } })
  assert.ok(r.success, JSON.stringify(r))
  assert.equal(r.value, { code: 0, on: true })
  assert.equal(kinds(r.repairs), ['boolean-from-string', 'number-from-string'])
  // Not a member: left alone.
  assert.not.ok(parseModelOutput('{"code":"2"}', { properties: { code: { enum: [0, 1] } } }).success)
})

basics('a schemavet Schema works as well as a raw document, and neither is mutated', () => {
  const doc = structuredClone(weather)
  const compiled = newJSONSchema(doc)
  const r = parseModelOutput('{"city":"oslo","days":"3"}', compiled)
  assert.ok(r.success)
  assert.equal(doc, weather)
  // What is not a schema is a SchemaError, as from the constructors.
  assert.throws(() => parseModelOutput('1', 'a string' as never), (e: unknown) => SchemaError.isInstance(e))
})

basics('text that holds no JSON fails with a SyntaxError', () => {
  for (const t of ['', '   ', 'no json here', '{"a" "b"}']) {
    const r = parseModelOutput(t, weather)
    if (r.success) return assert.unreachable(`${JSON.stringify(t)} was accepted`)
    assert.instance(r.error, SyntaxError)
  }
  assert.not.ok(parseModelOutput(undefined as unknown as string, weather).success)
})

const safety = suite('parseModelOutput: bounded and safe')

safety('never throws for any text, including cut-off and mangled JSON', () => {
  const schema = { type: 'object', properties: { a: { type: 'array', items: { type: 'integer' } }, b: { anyOf: [{ $ref: '#' }, { type: 'string' }] } } }
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.json().map((j) => j.replace(/"/g, "'")), fc.json().chain((j) => fc.nat(j.length).map((n) => j.slice(0, n)))), (text) => {
      const r = parseModelOutput(text, schema)
      assert.type(r.success, 'boolean')
      assert.ok(Array.isArray(r.repairs))
    }),
    { numRuns: 400, seed: 27 },
  )
})

safety('10,000 levels of nesting neither overflow the stack nor throw', () => {
  const r = parseModelOutput('['.repeat(10000), { type: 'array' })
  assert.ok(r.success)
  assert.ok(r.repairs.some((x) => x.kind === 'truncation'))
  const deep = parseModelOutput(`${'{"a":'.repeat(10000)}"1"${'}'.repeat(10000)} trailing`, {})
  assert.ok(deep.success)
})

safety('a value is wrapped into an array once, even where array items may be arrays again', () => {
  const schema = { $defs: { t: { oneOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/$defs/t' } }] } }, $ref: '#/$defs/t' }
  repairMeter.steps = 0
  const r = parseModelOutput('{"a":1}', schema)
  assert.not.ok(r.success)
  assert.ok(repairMeter.steps < 100, `${repairMeter.steps} steps`)
  assert.ok(r.repairs.filter((x) => x.kind === 'wrap-array').length <= 1)
})

/** Counted work for texts built by `make(k)` at k and 4k: must grow at most ~4x (linear). */
function ratio(make: (k: number) => string, k: number, schema: Record<string, unknown>): number {
  const steps = (text: string): number => {
    repairMeter.steps = 0
    parseModelOutput(text, schema)
    return repairMeter.steps
  }
  const small = steps(make(k))
  const large = steps(make(4 * k))
  assert.ok(small > 0)
  return large / small
}

safety('work is linear in the text length, for clean, broken and hostile text', () => {
  const schema = { type: 'object', properties: { xs: { type: 'array', items: { type: 'integer' } } }, additionalProperties: { type: 'string', enum: ['Yes', 'No'] } }
  const cases: [string, (k: number) => string][] = [
    ['single quotes and strings for numbers', (k) => `{'xs': [${Array.from({ length: k }, (_, i) => `'${i}'`).join(', ')}],}`],
    ['many brackets in prose', (k) => `Here: ${'{ ['.repeat(k)} and nothing else`],
    ['deeply nested and cut off', (k) => '{"a":'.repeat(k)],
    ['many fences', (k) => '```json\n{"xs":[1,\n```\n'.repeat(k)],
    ['many lines of prose and scalars', (k) => 'Well:\n"x"\n12 apples\n'.repeat(k)],
    ['many scalar lines, none of which fits', (k) => `Well:\n${'1\n'.repeat(k)}`],
    ['enum matches in many members', (k) => `{${Array.from({ length: k }, (_, i) => `"k${i}": "yes "`).join(',')}`],
    ['comments everywhere', (k) => `{"xs":[${Array.from({ length: k }, (_, i) => `${i} /* c */`).join(',')}]}`],
  ]
  for (const [name, make] of cases) {
    const r = ratio(make, 500, schema)
    assert.ok(r < 4.6, `${name}: 4x the text took ${r.toFixed(2)}x the work`)
  }
})

basics.run()
safety.run()
