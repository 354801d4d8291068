/**
 * The early-stop checks of `streamObject`: a stop as soon as the streamed value can no
 * longer become valid, and never a stop for text whose final value (after defaults) is valid.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { ValidationError, applyDefaults, newJSONSchema } from '../../api.ts'
import type { ValidationIssue } from '../../api.ts'
import { EarlyStopChecker } from '../../integrations/early-stop.ts'
import { IncrementalJsonParser } from '../../integrations/index.ts'

/** Feeds `text` one character at a time; the issue and the number of characters read at the stop, or undefined. */
function stopAt(schema: unknown, text: string): { issue: ValidationIssue; read: number } | undefined {
  const checker = new EarlyStopChecker(schema)
  const parser = new IncrementalJsonParser(checker)
  for (let i = 0; i < text.length; i++) {
    try {
      parser.feed(text[i]!)
    } catch (e) {
      if (!ValidationError.isInstance(e)) throw e
      assert.is(e.errors.length, 1)
      return { issue: e.errors[0]!, read: i + 1 }
    }
  }
  parser.finish()
  return undefined
}

function expectStop(schema: unknown, text: string, at: string, issue: Partial<ValidationIssue>): void {
  const stop = stopAt(schema, text)
  assert.ok(stop, `no stop for ${text}`)
  assert.is(text.slice(0, stop!.read), at, 'stops right there')
  for (const [k, v] of Object.entries(issue)) assert.equal((stop!.issue as unknown as Record<string, unknown>)[k], v, k)
}

const D7 = 'http://json-schema.org/draft-07/schema#'

const stops = suite('the checker stops as soon as the value can no longer become valid')

stops('stops when a value of the wrong type begins', () => {
  const schema = { type: 'object', properties: { days: { type: 'integer' } } }
  expectStop(schema, '{"days":"3"}', '{"days":"', { keyword: 'type', instancePath: '/days', schemaPath: '#/properties/days/type', params: { type: 'integer' } })
  expectStop(schema, '["x"]', '[', { keyword: 'type', instancePath: '' })
})

stops('stops when a number completes that is not an integer or out of bounds', () => {
  expectStop({ items: { type: 'integer' } }, '[1,2.5,3]', '[1,2.5,', { keyword: 'type', instancePath: '/1' })
  expectStop({ items: { minimum: 0, exclusiveMaximum: 10 } }, '[1,10]', '[1,10]', { keyword: 'exclusiveMaximum', params: { comparison: '<', limit: 10 } })
})

stops('stops at the key of a property additionalProperties: false forbids, before its value', () => {
  const schema = { properties: { a: {} }, patternProperties: { '^x-': {} }, additionalProperties: false }
  expectStop(schema, '{"a":1,"x-1":2,"b":3}', '{"a":1,"x-1":2,"b"', { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'b' } })
})

stops('stops at the first character of a string no enum member starts with', () => {
  const schema = { properties: { unit: { enum: ['celsius', 'fahrenheit', 3] } } }
  expectStop(schema, '{"unit":"cel","x":1}', '{"unit":"cel"', { keyword: 'enum', instancePath: '/unit' })
  expectStop(schema, '{"unit":"kelvin"}', '{"unit":"k', { keyword: 'enum', params: { allowedValues: ['celsius', 'fahrenheit', 3] } })
  expectStop({ const: 'yes' }, '"no"', '"n', { keyword: 'const' })
})

stops('stops when an array gets more items than maxItems', () => {
  expectStop({ properties: { tags: { maxItems: 2 } } }, '{"tags":["a","b","c"]}', '{"tags":["a","b","', { keyword: 'maxItems', instancePath: '/tags', params: { limit: 2 } })
  expectStop({ prefixItems: [{}], items: false }, '[1,2]', '[1,2', { keyword: 'false schema', instancePath: '/1' })
  expectStop({ minItems: 2 }, '[1]', '[1]', { keyword: 'minItems' })
})

stops('stops when a string is already longer than maxLength, or ends shorter than minLength', () => {
  expectStop({ maxLength: 3 }, '"abcdef"', '"abcd', { keyword: 'maxLength' })
  expectStop({ minLength: 3 }, '"ab"', '"ab"', { keyword: 'minLength' })
})

stops('stops when an object gets more keys than maxProperties', () => {
  expectStop({ maxProperties: 1 }, '{"a":1,"b":2}', '{"a":1,"b"', { keyword: 'maxProperties' })
})

stops('follows local $ref, $anchor and allOf to the schemas that must hold', () => {
  const schema = {
    $defs: { Day: { type: 'object', properties: { n: { $ref: '#count' } } }, Count: { $anchor: 'count', type: 'integer' } },
    type: 'array',
    items: { allOf: [{ $ref: '#/$defs/Day' }, { properties: { note: { type: 'string' } } }] },
  }
  expectStop(schema, '[{"n":1},{"n":"2"}]', '[{"n":1},{"n":"', { keyword: 'type', instancePath: '/1/n', schemaPath: '#/$defs/Count/type' })
  expectStop(schema, '[{"note":5}]', '[{"note":5', { keyword: 'type', instancePath: '/0/note' })
})

const holds = suite('the checker does not stop where the value may still become valid')

holds('does not judge anyOf, oneOf, not or if branches', () => {
  assert.is(stopAt({ anyOf: [{ type: 'string' }, { type: 'number' }] }, '"x"'), undefined)
  assert.is(stopAt({ oneOf: [{ enum: ['a'] }, { maxLength: 1 }] }, '"b"'), undefined)
  assert.is(stopAt({ if: { type: 'string' }, then: { maxLength: 1 }, else: { type: 'array' } }, '5'), undefined)
})

holds('does not check required, nor objects that defaults may still complete', () => {
  const schema = { properties: { unit: { default: 'c' } }, required: ['unit', 'city'], const: { unit: 'c' } }
  assert.is(stopAt(schema, '{}'), undefined)
})

holds('ignores keywords beside $ref before 2019-09', () => {
  const schema = { $schema: D7, definitions: { S: { type: 'string' } }, properties: { a: { $ref: '#/definitions/S', type: 'number' }, b: {} } }
  assert.is(stopAt(schema, '{"a":"x","b":1}'), undefined)
  expectStop(schema, '{"a":1}', '{"a":1', { keyword: 'type', schemaPath: '#/definitions/S/type' })
})

stops('reads a compiled schema with its own registry: a reference to another document is followed', () => {
  const schema = newJSONSchema({ properties: { a: { $ref: 'urn:t' } } }, { schemas: { 'urn:t': { type: 'string' } } })
  expectStop(schema, '{"a":1}', '{"a":1', { keyword: 'type', instancePath: '/a' })
})

holds('checks nothing early in a schema that does not compile (a reference it cannot resolve)', () => {
  const schema = { properties: { a: { type: 'string' }, b: { $ref: 'other.json#/x' } } }
  assert.is(stopAt(schema, '{"a":1,"b":1}'), undefined)
})

holds('uses draft-07 tuples: items as an array, then additionalItems', () => {
  const schema = { $schema: D7, items: [{ type: 'string' }], additionalItems: { type: 'number' } }
  assert.is(stopAt(schema, '["a",1,2]'), undefined)
  expectStop(schema, '["a",1,"b"]', '["a",1,"', { keyword: 'type', instancePath: '/2' })
})

const rich = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 6 },
    unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    tags: { type: 'array', items: { type: 'string', enum: ['sun', 'rain', 'snow'] }, maxItems: 3 },
    where: { anyOf: [{ type: 'string' }, { type: 'object', required: ['lat'] }] },
  },
  required: ['name', 'unit'],
  additionalProperties: false,
}

holds('never stops on text whose final value is valid (and each stop is a real failure)', () => {
  const validator = newJSONSchema(rich)
  // Each field is mostly valid, so that both valid and invalid values are common.
  const mostly = <T,>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 })
  const value = fc.record(
    {
      name: mostly(fc.constantFrom('Oslo', 'Rome'), fc.oneof(fc.constantFrom('', 'Bergen!!'), fc.integer())),
      unit: mostly(fc.constantFrom('celsius', 'fahrenheit'), fc.constantFrom('cel', 'kelvin')),
      days: mostly(fc.integer({ min: 1, max: 7 }), fc.oneof(fc.integer({ min: -1, max: 9 }), fc.double({ min: 0, max: 8, noNaN: true }))),
      tags: mostly(fc.array(fc.constantFrom('sun', 'rain', 'snow'), { maxLength: 3 }), fc.array(fc.constantFrom('sun', 'su', 'fog'), { maxLength: 5 })),
      where: mostly(fc.oneof(fc.string({ maxLength: 3 }), fc.record({ lat: fc.integer() })), fc.record({ lon: fc.integer() })),
    },
    { requiredKeys: ['name'] },
  )
  // A property additionalProperties forbids, now and then.
  const withExtra = fc.tuple(value, fc.nat(9)).map(([v, n]) => (n === 0 ? { ...v, extra: true } : v))
  let valid = 0
  let stopped = 0
  fc.assert(
    fc.property(withExtra, (v) => {
      const ok = validator.validate(applyDefaults(v, validator)) === null
      const stop = stopAt(rich, JSON.stringify(v))
      if (ok) {
        valid++
        assert.is(stop, undefined, `stopped on a valid value: ${JSON.stringify(v)}`)
      } else if (stop !== undefined) stopped++
    }),
    { seed: 11, numRuns: 400 },
  )
  assert.ok(valid > 40, `enough valid samples (${valid})`)
  assert.ok(stopped > 40, `enough stops (${stopped})`)
})

stops('says what the schema expects in the keyword\'s own words, and what it has seen', () => {
  // The expectation is the keyword's (the same words validate gives); the received part says how
  // much of the value had arrived when the stream was cut.
  const words = (schema: unknown, text: string) => stopAt(schema, text)!.issue.message
  const full = (schema: unknown, data: unknown) => newJSONSchema(schema as object).validate(data)!.errors[0]!.message
  assert.is(words({ properties: { n: { type: 'integer' } } }, '{"n":2.5}'), full({ properties: { n: { type: 'integer' } } }, { n: 2.5 }))
  assert.is(words({ maximum: 3 }, '5 '), full({ maximum: 3 }, 5))
  assert.is(words({ enum: ['Oslo', 'Bergen'] }, '"Paris"'), 'must be one of: "Oslo", "Bergen" (got a string starting "P")')
  assert.is(words({ maxItems: 2 }, '[1,2,3]'), 'must have at most 2 items (got 3 items so far)')
  assert.is(words({ maxLength: 2 }, '"abc"'), 'must be at most 2 characters long (got 3 characters so far)')
  assert.is(words({ properties: { d: { type: 'integer' } } }, '{"d":"x"}'), 'must be an integer (got a string)')
  assert.is(words({ properties: { a: {} }, additionalProperties: false }, '{"b":1}'), full({ properties: { a: {} }, additionalProperties: false }, { b: 1 }))
})

stops.run()
holds.run()
