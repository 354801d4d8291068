/**
 * toGrammar without the engines: the grammar's structure (rules, whitespace, key order),
 * serialize's round trip and form, `exact` / `lost` per keyword, and the size bound counted on
 * schemas of two sizes. The engines judge the same grammars in test/engines/.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import { toGrammar } from '../../grammar/index.ts'
import type { GrammarFormat } from '../../grammar/index.ts'

const FORMATS: GrammarFormat[] = ['gbnf', 'xgrammar']

/** Rule names defined, and every name a rule refers to. */
function rules(grammar: string): { defined: Set<string>; used: Set<string>; count: number } {
  const defined = new Set<string>()
  const used = new Set<string>()
  let count = 0
  for (const line of grammar.split('\n')) {
    if (!line) continue
    const m = /^([A-Za-z0-9]+) ::= (.*)$/.exec(line)
    assert.ok(m, `a rule per line: ${line.slice(0, 80)}`)
    assert.not.ok(defined.has(m![1]!), `defined once: ${m![1]}`)
    defined.add(m![1]!)
    count++
    // names outside literals and classes
    const body = m![2]!.replace(/"(?:[^"\\]|\\.)*"/g, ' ').replace(/\[(?:[^\]\\]|\\.)*\]/g, ' ')
    for (const w of body.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) used.add(w)
  }
  return { defined, used, count }
}

const structure = suite('grammar structure')

structure('root first, every referenced rule defined, names of letters and digits only', () => {
  const schema = { $defs: { node: { type: 'object', properties: { v: { type: 'integer' }, next: { $ref: '#/$defs/node' } }, required: ['v'], additionalProperties: false } }, $ref: '#/$defs/node' }
  for (const format of FORMATS) for (const indent of [0, 2]) {
    const g = toGrammar(schema, { format, indent }).grammar
    assert.ok(g.startsWith('root ::= '), g.slice(0, 40))
    const r = rules(g)
    for (const u of r.used) assert.ok(r.defined.has(u), `${format}/${indent}: ${u} is defined`)
  }
})

structure('declared order, required first present, no whitespace when compact', () => {
  const r = toGrammar({ type: 'object', properties: { b: { type: 'boolean' }, a: { type: 'null' } }, required: ['a'], additionalProperties: false }, { format: 'gbnf' })
  assert.ok(r.exact, JSON.stringify(r.lost))
  assert.ok(r.grammar.includes('"\\"b\\":"'), r.grammar)
  assert.not.ok(/" "|\\n/.test(r.grammar), 'no space or newline literal in a compact grammar')
  assert.is(r.serialize({ a: null, b: true }), '{"b":true,"a":null}')
})

structure('with indent: a newline and that many spaces per level, ": " after a key', () => {
  const r = toGrammar({ type: 'object', properties: { a: { type: 'array', items: { type: 'integer' } } }, additionalProperties: false }, { format: 'gbnf', indent: 2 })
  assert.is(r.serialize({ a: [1, 2] }), JSON.stringify({ a: [1, 2] }, null, 2))
  assert.ok(r.grammar.includes('\\n    '), 'level 2 indentation written out')
  assert.not.ok(/ \*| \+/.test(r.grammar.replace(/"[^"]*"/g, '')), 'no open repetition of spaces before the depth cap')
})

const ser = suite('serialize')

ser('round trip and form: declared keys first, extras after in the value order', () => {
  const schema = { type: 'object', properties: { z: { type: 'string' }, y: { type: 'number' } }, additionalProperties: { type: 'integer' } }
  const r = toGrammar(schema, { format: 'gbnf' })
  const v = { q: 1, y: 2.5, p: 3, z: 'x"\n' }
  const text = r.serialize(v)
  assert.is(text, '{"z":"x\\"\\n","y":2.5,"q":1,"p":3}')
  assert.equal(JSON.parse(text), v)
  assert.equal(JSON.parse(r.serialize(v, { indent: 4 })), v)
  assert.is(r.serialize(v, { indent: 4 }).split('\n')[1], '    "z": "x\\"\\n",')
})

ser('a union writes the value in the form of the branch it fits', () => {
  const schema = { anyOf: [{ type: 'object', properties: { a: { const: 1 }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }, { type: 'object', properties: { b: { type: 'string' }, a: { const: 2 } }, required: ['a'], additionalProperties: false }] }
  const r = toGrammar(schema, { format: 'gbnf' })
  assert.is(r.serialize({ b: 'x', a: 1 }), '{"a":1,"b":"x"}')
  assert.is(r.serialize({ a: 2, b: 'x' }), '{"b":"x","a":2}')
  assert.ok(r.exact, JSON.stringify(r.lost))
})

ser('enum literals keep their own key order; a compiled schema gives the same grammar as its document', () => {
  const doc = { enum: [{ b: 1, a: [true] }, 'x'] }
  const r = toGrammar(doc, { format: 'xgrammar' })
  assert.is(r.serialize({ a: [true], b: 1 }), '{"b":1,"a":[true]}')
  assert.is(toGrammar(newJSONSchema(doc), { format: 'xgrammar' }).grammar, r.grammar)
})

const table = suite('exact and lost per keyword')

const rows: [string, Record<string, unknown>, boolean, string?][] = [
  ['type, required, additionalProperties false', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, true],
  ['integer range', { type: 'integer', minimum: -12, maximum: 340 }, true],
  ['string length', { type: 'string', minLength: 2, maxLength: 5 }, true],
  ['regular pattern with length', { type: 'string', pattern: '^[a-z]+$', maxLength: 8 }, true],
  ['unanchored pattern', { type: 'string', pattern: 'ab+c' }, true],
  ['formats date and uuid', { type: 'array', prefixItems: [{ type: 'string', format: 'date' }, { type: 'string', format: 'uuid' }], items: false }, true],
  ['prefixItems, minItems, maxItems', { type: 'array', prefixItems: [{ type: 'integer' }], items: { type: 'boolean' }, minItems: 1, maxItems: 4 }, true],
  ['const and enum', { enum: ['a', 1, null] }, true],
  ['allOf merged', { allOf: [{ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }, { properties: { a: { minimum: 0 } }, additionalProperties: false }] }, true],
  ['oneOf of disjoint types', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, true],
  ['oneOf told apart by a const', { oneOf: [{ type: 'object', properties: { kind: { const: 'a' }, x: { type: 'string' } }, required: ['kind'], additionalProperties: false }, { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'], additionalProperties: false }] }, true],
  ['oneOf told apart by a required property the other cannot have', { oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, { type: 'object', properties: { b: { type: 'string' } }, required: ['b'], additionalProperties: false }] }, true],
  ['oneOf of objects that may overlap', { oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false }] }, false, 'oneOf'],
  ['oneOf overlapping', { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] }, false, 'oneOf'],
  ['extra keys may repeat', { type: 'object', properties: { a: { type: 'string' } } }, false, 'additionalProperties'],
  ['backreference', { type: 'string', pattern: '^(a)\\1$' }, false, 'pattern'],
  ['lookahead', { type: 'string', pattern: '^(?=a)' }, false, 'pattern'],
  ['not of a pattern', { type: 'string', not: { pattern: '^a' } }, false, 'not'],
  ['not of a type', { type: ['string', 'integer'], not: { type: 'string' } }, true],
  ['not required: objects only, without that name, one member at most', { not: { required: ['b'] }, maxProperties: 1 }, true],
  ['oneOf told apart by a name the other forbids', { oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, not: { anyOf: [{ required: ['a'] }] }, additionalProperties: false }] }, true],
  ['minProperties 1 with declared properties', { type: 'object', properties: { a: { type: 'string' } }, minProperties: 1, additionalProperties: false }, true],
  ['minProperties and maxProperties of extra keys', { type: 'object', additionalProperties: { type: 'integer' }, minProperties: 1, maxProperties: 1 }, true],
  ['minProperties 2 over optional declared properties', { type: 'object', properties: { a: {}, b: {}, c: {} }, additionalProperties: false, minProperties: 2 }, false, 'minProperties'],
  ['uniqueItems', { type: 'array', uniqueItems: true }, false, 'uniqueItems'],
  ['float bound', { type: 'number', maximum: 2.5 }, false, 'maximum'],
  ['multipleOf', { type: 'integer', multipleOf: 3 }, false, 'multipleOf'],
  ['format hostname', { type: 'string', format: 'hostname' }, false, 'format'],
]
for (const [name, schema, exact, keyword] of rows) {
  table(name, () => {
    for (const format of FORMATS) {
      const r = toGrammar(schema, { format })
      assert.is(r.exact, exact, `${format}: ${JSON.stringify(r.lost)}`)
      assert.is(r.exact, r.lost.length === 0)
      if (keyword) assert.ok(r.lost.some((l) => l.keyword === keyword), `${format}: ${keyword} in ${JSON.stringify(r.lost)}`)
      for (const l of r.lost) assert.ok(l.schemaPath.startsWith('#') && l.how.length > 0)
    }
  })
}

table('every dialect: draft-04 exclusiveMaximum as a flag, items as an array', () => {
  const r = toGrammar({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'array', items: [{ type: 'integer', minimum: 0, maximum: 10, exclusiveMaximum: true }], additionalItems: false }, { format: 'gbnf' })
  assert.ok(r.exact, JSON.stringify(r.lost))
  assert.ok(r.grammar.includes('[0-9]'), r.grammar)
  assert.not.ok(/"10"/.test(r.grammar))
})

const size = suite('size bound')

/** A schema of n optional properties, each an object of its own with n/4 optional properties. */
function wide(n: number): Record<string, unknown> {
  const inner = { type: 'object', properties: Object.fromEntries(Array.from({ length: n / 4 }, (_, i) => [`q${i}`, { type: 'integer', maximum: 99 }])), additionalProperties: false }
  return { type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i % 2 ? inner : { $ref: '#/$defs/x' }])), additionalProperties: false, $defs: { x: { anyOf: [{ type: 'string', pattern: '^[a-z]{2,9}$' }, { type: 'null' }] } } }
}

size('rules and characters grow linearly with the schema (two sizes, both formats)', () => {
  for (const format of FORMATS) for (const indent of [0, 2]) {
    const measure = (n: number) => {
      const schema = wide(n)
      const g = toGrammar(schema, { format, indent }).grammar
      return { rules: rules(g).count, chars: g.length, schema: JSON.stringify(schema).length }
    }
    const a = measure(40)
    const b = measure(160)
    // the schema grows 4x; the grammar must not grow faster (a per-subset or per-order grammar would)
    assert.ok(b.rules / a.rules <= (b.schema / a.schema) * 1.25, `${format}/${indent} rules ${a.rules} -> ${b.rules}`)
    assert.ok(b.chars / a.chars <= (b.schema / a.schema) * 1.25, `${format}/${indent} chars ${a.chars} -> ${b.chars}`)
  }
})

size('n optional properties in order are 3n rules (value, rest, first; no subsets)', () => {
  const r = (n: number) => rules(toGrammar({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'boolean' }])), additionalProperties: false }, { format: 'gbnf' }).grammar).count
  assert.ok(r(64) <= 3 * 64 + 20, String(r(64)))
  assert.ok(r(64) - r(32) <= 3 * 32, `${r(32)} -> ${r(64)}`)
})

/** The deepest nesting of parentheses in any rule (outside literals and classes). */
function deepest(grammar: string): number {
  let most = 0
  for (const line of grammar.split('\n')) {
    const body = line.replace(/"(?:[^"\\]|\\.)*"/g, ' ').replace(/\[(?:[^\]\\]|\\.)*\]/g, ' ')
    let d = 0
    for (const c of body) {
      if (c === '(') most = Math.max(most, ++d)
      else if (c === ')') d--
    }
  }
  return most
}

size('a string writes its escapes as classes, not one alternative per control character', () => {
  for (const format of FORMATS) {
    const g = toGrammar({ type: 'string' }, { format }).grammar
    assert.not.match(g, /"\\\\u00[01][0-9a-f]"/, `${format}: an escape listed alone`)
    // a quote, the raw class, the escape rule: a few hundred bytes (34 listed escapes were over 500)
    assert.ok(g.length < 320, `${format}: ${g.length} bytes\n${g}`)
  }
})

size('the same subschema at two locations is written once', () => {
  const values = Array.from({ length: 40 }, (_, i) => `value-number-${i}`)
  const inline = { type: 'object', properties: { a: { enum: values }, b: { enum: values } }, additionalProperties: false }
  for (const format of FORMATS) for (const indent of [0, 2]) {
    const g = toGrammar(inline, { format, indent }).grammar
    assert.is(g.split('"\\"value-number-39\\""').length - 1, 1, `${format}/${indent}`)
  }
})

size('the rule of the keys extra members may take is shared by every level', () => {
  // a recursive object with declared names and extra keys: the key rule (which avoids the names) once
  const schema = { $defs: { n: { type: 'object', properties: { 'a-rather-long-declared-name': { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' }
  for (const format of FORMATS) {
    const g = toGrammar(schema, { format, indent: 2 }).grammar
    const keyRules = g.split('\n').filter((l) => /::= "\\""/.test(l) && l.includes('[a]'))
    assert.is(keyRules.length, 1, `${format}: ${keyRules.map((l) => l.slice(0, 60)).join(' / ')}`)
  }
})

size('a long declared name nests no rule deeper than a few choices (XGrammar compiles deep nesting slowly)', () => {
  const name = 'x'.repeat(30) + 'y'.repeat(30)
  for (const format of FORMATS) {
    const g = toGrammar({ type: 'object', properties: { [name]: { type: 'integer' } } }, { format }).grammar
    assert.ok(deepest(g) <= 4, `${format}: ${deepest(g)}`)
  }
})

structure.run()
ser.run()
table.run()
size.run()
