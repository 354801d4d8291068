/**
 * Member counts and negations the grammar writes, judged by both engines: `minProperties` and
 * `maxProperties` over extra keys, a minimum of one member beside declared properties, names a
 * `not: {required}` forbids (also in an `anyOf`, as oneOf branches are told apart), kinds a
 * `not: {type}` takes away, extra keys sorted into the regions `patternProperties` make. Each valid value, as `serialize` writes it, is accepted; each invalid
 * one, as its own JSON text, is not (compact and indented); no `lost` entry but that extra keys
 * may repeat.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import { toGrammar } from '../../grammar/index.ts'
import { engines } from './judge.mjs'

const cases: { name: string; schema: Record<string, unknown>; values: unknown[] }[] = [
  { name: 'one to two extra members', schema: { type: 'object', additionalProperties: { type: 'integer' }, minProperties: 1, maxProperties: 2 }, values: [{}, { a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, { a: 'x' }] },
  { name: 'at least three extra members', schema: { type: 'object', minProperties: 3 }, values: [{ a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, { a: 1, b: 2, c: 3, d: null }, {}] },
  { name: 'a member at all beside declared ones', schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } }, additionalProperties: false, minProperties: 1 }, values: [{}, { a: 'x' }, { b: true }, { a: 'x', b: false }, { c: 1 }] },
  { name: 'no member at all', schema: { type: 'object', properties: { a: { type: 'string' } }, maxProperties: 0 }, values: [{}, { a: 'x' }, { b: 1 }] },
  { name: 'a forbidden name', schema: { not: { required: ['b'] }, maxProperties: 1 }, values: [{}, { a: 1 }, { b: 1 }, { a: 1, c: 2 }, 'b', 3] },
  {
    name: 'oneOf told apart by a forbidden name',
    schema: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, not: { anyOf: [{ required: ['a'] }] }, additionalProperties: false }] },
    values: [{ a: 'x' }, { b: 1 }, {}, { a: 'x', b: 1 }, { b: 'y' }],
  },
  { name: 'extra keys sorted by a pattern, the others free', schema: { type: 'object', patternProperties: { '^x-': { type: 'integer' } } }, values: [{}, { 'x-a': 1 }, { 'x-a': 's' }, { y: 's' }, { y: 's', 'x-': 2 }, { 'ax-': 's' }] },
  {
    name: 'two patterns, a declared name that matches one, additionalProperties',
    schema: { type: 'object', properties: { 'x-known': { type: 'string' } }, patternProperties: { '^x-': { type: 'integer' }, 'b$': { type: 'boolean' } }, additionalProperties: { type: 'null' } },
    values: [{ 'x-known': 's' }, { 'x-b': true }, { 'x-a': 1 }, { ab: true }, { c: null }, { c: 1 }, { 'x-a': null }, { ab: true, c: null, 'x-z': 3 }],
  },
  { name: 'a pattern and no other key', schema: { type: 'object', patternProperties: { '^[a-z]+$': { type: 'string' } }, additionalProperties: false }, values: [{ ab: 'x' }, { Ab: 'x' }, { ab: 1 }, {}] },
  { name: 'a kind taken away', schema: { type: ['string', 'integer', 'null'], not: { type: ['string', 'null'] } }, values: [1, 'x', null, 1.5] },
]

const test = suite('engines: member counts and negations')

for (const format of ['gbnf', 'xgrammar'] as const) {
  const engine = engines[format]
  for (const c of cases) {
    test(`${engine.name}: ${c.name}`, async () => {
      const validator = newJSONSchema(c.schema)
      let valid = 0
      let invalid = 0
      for (const indent of [0, 2]) {
        const r = toGrammar(validator, { format, indent })
        // exact but for the repetition of extra keys (no value here repeats a key)
        assert.ok(r.lost.every((l) => /a key may repeat/.test(l.how)), JSON.stringify(r.lost))
        const g = await engine.compile(r.grammar)
        try {
          for (const value of c.values) {
            if (validator.validate(value) === null) {
              valid++
              const text = r.serialize(value)
              assert.ok(await g.accepts(text), `valid ${text} accepted (indent ${indent})`)
            } else {
              invalid++
              const text = indent ? JSON.stringify(value, null, indent) : JSON.stringify(value)
              assert.not.ok(await g.accepts(text), `invalid ${text} rejected (indent ${indent})`)
            }
          }
        } finally {
          g.dispose()
        }
      }
      assert.ok(valid > 0 && invalid > 0, `${valid} valid, ${invalid} invalid`)
    })
  }
}

test.run()
