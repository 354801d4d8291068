/**
 * `formatForModel`: one line per problem, the JSON path and the keyword's own message (what is
 * expected in the schema's terms and what was received), pinned by golden strings for every
 * built-in keyword.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword, newJSONSchema } from '../../api.ts'
import { formatForModel, jsonPath } from '../../integrations/index.ts'

const D7 = 'http://json-schema.org/draft-07/schema#'
const D19 = 'https://json-schema.org/draft/2019-09/schema'

interface Golden {
  keyword: string
  schema: unknown
  data: unknown
  /** The line(s), with or without `{ value: data }`: the received value is in the keyword's message. */
  expected: string
}

const GOLDEN: Golden[] = [
  { keyword: 'type', schema: { properties: { days: { type: 'integer' } } }, data: { days: '3' }, expected: '$.days: must be an integer (got "3")' },
  { keyword: 'type (several)', schema: { type: ['string', 'null'] }, data: 1, expected: '$: must be a string or null (got 1)' },
  { keyword: 'type (not a JSON value)', schema: { properties: { n: { type: 'number' } } }, data: { n: NaN }, expected: '$.n: must be a JSON value (got NaN)' },
  { keyword: 'enum', schema: { properties: { unit: { enum: ['celsius', 'fahrenheit'] } } }, data: { unit: 'kelvin' }, expected: '$.unit: must be one of: "celsius", "fahrenheit" (got "kelvin")' },
  { keyword: 'const', schema: { const: { kind: 'event' } }, data: { kind: 'task' }, expected: '$: must be exactly {"kind":"event"} (got {"kind":"task"})' },
  { keyword: 'multipleOf', schema: { multipleOf: 0.5 }, data: 0.3, expected: '$: must be a multiple of 0.5 (got 0.3)' },
  { keyword: 'maximum', schema: { maximum: 10 }, data: 11, expected: '$: must be at most 10 (got 11)' },
  { keyword: 'exclusiveMaximum', schema: { exclusiveMaximum: 10 }, data: 10, expected: '$: must be less than 10 (got 10)' },
  { keyword: 'minimum', schema: { minimum: 1 }, data: 0, expected: '$: must be at least 1 (got 0)' },
  { keyword: 'exclusiveMinimum', schema: { exclusiveMinimum: 0 }, data: 0, expected: '$: must be greater than 0 (got 0)' },
  { keyword: 'maxLength', schema: { maxLength: 3 }, data: 'abcd', expected: '$: must be at most 3 characters long (got "abcd")' },
  { keyword: 'minLength', schema: { minLength: 1 }, data: '', expected: '$: must be at least 1 character long (got "")' },
  { keyword: 'pattern', schema: { pattern: '^[A-Z]{3}$' }, data: 'usd', expected: '$: must match the regular expression /^[A-Z]{3}$/ (got "usd")' },
  {
    keyword: 'format',
    schema: { properties: { at: { format: 'date-time' } } },
    data: { at: 'tomorrow' },
    expected: '$.at: must be a string in "date-time" format (RFC 3339 date-time, e.g. 2024-01-31T09:30:00Z) (got "tomorrow")',
  },
  { keyword: 'format (without a hint)', schema: { format: 'iri' }, data: 'a b', expected: '$: must be a string in "iri" format (an absolute IRI with a scheme, e.g. https://example.com/ä) (got "a b")' },
  { keyword: 'maxItems', schema: { maxItems: 2 }, data: [1, 2, 3], expected: '$: must have at most 2 items (got 3 items)' },
  { keyword: 'minItems', schema: { minItems: 1 }, data: [], expected: '$: must have at least 1 item (got 0 items)' },
  { keyword: 'uniqueItems', schema: { uniqueItems: true }, data: [1, 2, 1], expected: '$: must not contain duplicate items (items 0 and 2 are both 1)' },
  { keyword: 'contains', schema: { contains: { type: 'string' } }, data: [1], expected: '$: must contain at least 1 item matching the "contains" schema (got 0 of 1 item)' },
  { keyword: 'minContains', schema: { contains: { type: 'string' }, minContains: 2 }, data: ['a', 1], expected: '$: must contain at least 2 items matching the "contains" schema (got 1 of 2 items)' },
  { keyword: 'maxContains', schema: { contains: { type: 'string' }, maxContains: 1 }, data: ['a', 'b'], expected: '$: must contain at most 1 item matching the "contains" schema (got 2 of 2 items)' },
  { keyword: 'maxProperties', schema: { maxProperties: 1 }, data: { a: 1, b: 2 }, expected: '$: must have at most 1 property (got 2 properties)' },
  { keyword: 'minProperties', schema: { minProperties: 1 }, data: {}, expected: '$: must have at least 1 property (got 0 properties)' },
  { keyword: 'required', schema: { properties: { address: { required: ['city', 'zip'] } } }, data: { address: { zip: '0150' } }, expected: '$.address: must have required property "city" (got {"zip":"0150"})' },
  { keyword: 'dependentRequired', schema: { dependentRequired: { card: ['cvc'] } }, data: { card: '4111' }, expected: '$: must have property "cvc" because property "card" is present (got {"card":"4111"})' },
  { keyword: 'dependencies (draft-07)', schema: { $schema: D7, dependencies: { card: ['cvc'] } }, data: { card: '4111' }, expected: '$: must have property "cvc" because property "card" is present (got {"card":"4111"})' },
  {
    keyword: 'additionalProperties',
    schema: { properties: { a: {} }, additionalProperties: false },
    data: { a: 1, extra: 2, 'e-mail': 3 },
    expected: '$: must not have property "extra" (no additional properties are allowed; remove it)\n$: must not have property "e-mail" (no additional properties are allowed; remove it)',
  },
  { keyword: 'additionalItems (draft-07)', schema: { $schema: D7, items: [{}], additionalItems: false }, data: [1, 2], expected: '$: must have at most 1 item (no items after the first 1 are allowed; got 2 items)' },
  { keyword: 'unevaluatedProperties', schema: { properties: { a: {} }, unevaluatedProperties: false }, data: { a: 1, b: 2 }, expected: '$: must not have property "b" (it is not defined by the schema; remove it)' },
  { keyword: 'unevaluatedItems', schema: { prefixItems: [{}], unevaluatedItems: false }, data: [1, 2], expected: '$: must not have an item at index 1 (no further items are allowed; got 2)' },
  {
    keyword: 'propertyNames',
    schema: { propertyNames: { pattern: '^[a-z]+$' } },
    data: { Bad: 1 },
    expected: '$.Bad: property name "Bad" is not allowed: must match the regular expression /^[a-z]+$/ (got "Bad")',
  },
  { keyword: 'items false', schema: { prefixItems: [{}], items: false }, data: [1, 2], expected: '$: must have at most 1 item (no items after the first 1 are allowed; got 2 items)' },
  { keyword: 'false schema', schema: { properties: { a: false } }, data: { a: 1 }, expected: '$.a: no value is allowed here (the schema is false; got 1)' },
  {
    keyword: 'anyOf',
    schema: { properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } },
    data: { id: 1.5 },
    expected: '$.id: must be a string (got 1.5) (in "anyOf" alternative 0)\n$.id: must be an integer (got 1.5) (in "anyOf" alternative 1)\n$.id: must match at least one of the "anyOf" alternatives, but matches none (alternative 0: must be a string (got 1.5); alternative 1: must be an integer (got 1.5))',
  },
  {
    keyword: 'oneOf (matching none)',
    schema: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    data: null,
    expected: '$: must be a string (got null) (in "oneOf" alternative 0)\n$: must be an integer (got null) (in "oneOf" alternative 1)\n$: must match exactly one of the "oneOf" alternatives, but matches none (alternative 0: must be a string (got null); alternative 1: must be an integer (got null))',
  },
  { keyword: 'oneOf (matching two)', schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] }, data: 1, expected: '$: must match exactly one of the "oneOf" alternatives, but matches alternatives 0 and 1 (got 1)' },
  { keyword: 'not', schema: { not: { type: 'string' } }, data: 'x', expected: '$: must not match the "not" schema (got "x")' },
  {
    keyword: 'if / then',
    schema: { if: { properties: { kind: { const: 'a' } } }, then: { required: ['x'] } },
    data: { kind: 'a' },
    expected: '$: must have required property "x" (got {"kind":"a"})\n$: must match the "then" schema because it matches the "if" schema (got {"kind":"a"})',
  },
  {
    keyword: 'if / else',
    schema: { if: { properties: { kind: { const: 'a' } } }, else: { required: ['y'] } },
    data: { kind: 'b' },
    expected: '$: must have required property "y" (got {"kind":"b"})\n$: must match the "else" schema because it does not match the "if" schema (got {"kind":"b"})',
  },
  {
    keyword: '$ref cycle',
    schema: { $defs: { A: { anyOf: [{ $ref: '#/$defs/B' }] }, B: { allOf: [{ $ref: '#/$defs/A' }] } }, $ref: '#/$defs/A' },
    data: 5,
    expected: "$: circular reference: the schema's $ref cycle #/$defs/B -> #/$defs/A -> #/$defs/B never consumes input, so no value can be checked (a schema error, not fixable in the value)",
  },
  {
    keyword: '$dynamicRef cycle',
    schema: { $dynamicAnchor: 'n', anyOf: [{ $dynamicRef: '#n' }] },
    data: 5,
    expected: "$: circular reference: the schema's $dynamicRef cycle # -> # never consumes input, so no value can be checked (a schema error, not fixable in the value)",
  },
  {
    keyword: '$recursiveRef cycle',
    schema: { $schema: D19, $recursiveAnchor: true, anyOf: [{ $recursiveRef: '#' }] },
    data: 5,
    expected: "$: circular reference: the schema's $recursiveRef cycle # -> # never consumes input, so no value can be checked (a schema error, not fixable in the value)",
  },
  { keyword: 'contentEncoding (draft-07)', schema: { $schema: D7, contentEncoding: 'base64' }, data: '%%%', expected: '$: must be base64-encoded (RFC 4648 alphabet, e.g. aGVsbG8=) (got "%%%")' },
  { keyword: 'contentMediaType (draft-07)', schema: { $schema: D7, contentMediaType: 'application/json' }, data: '{x', expected: '$: must be a JSON document (contentMediaType application/json, e.g. {"a":1}) (got "{x")' },
  { keyword: 'a missing root value', schema: {}, data: undefined, expected: '$: a value is required (got undefined)' },
]

const golden = suite('formatForModel writes one golden line per problem for every built-in keyword')

for (const g of GOLDEN) {
  golden(`renders ${g.keyword}`, () => {
    const error = newJSONSchema(g.schema, { allErrors: true }).validate(g.data)
    assert.ok(error !== null, 'the data must be invalid for the case to mean anything')
    assert.is(formatForModel(error!, { value: g.data }), g.expected)
    assert.is(formatForModel(error!), g.expected)
    // One wording: each line is the path and the issue's own message, nothing restated.
    assert.ok(error!.errors.every((i) => g.expected.includes(i.message)), 'every issue message appears verbatim')
  })
}

golden('renders data that contains itself', () => {
  const data: Record<string, unknown> = {}
  data.self = data
  const error = newJSONSchema({ additionalProperties: { $ref: '#' } }).validate(data)
  assert.is(formatForModel(error!), '$: data contains itself (a cyclic reference), which JSON cannot represent')
})

golden("falls back to a custom keyword's own message", () => {
  const even = defineKeyword({
    keyword: 'even',
    vocabulary: 'example',
    instanceTypes: ['number'],
    compile: (v: boolean) => (v ? true : undefined),
    validate: (_c, x) => (x as number) % 2 === 0,
    error: { message: () => 'must be even' },
  })
  const error = createKernel({ plugins: [even] }).newJSONSchema({ properties: { n: { even: true } } }).validate({ n: 3 })
  assert.is(formatForModel(error!), '$.n: must be even')
})

golden('says a check could not be made when a format checker throws', () => {
  const schema = newJSONSchema({ format: 'boom' }, { customFormats: { boom: () => { throw new Error('checker broke') } } })
  assert.is(formatForModel(schema.validate('x')!), '$: evaluating the data threw: checker broke')
})

golden('drops exact duplicate lines and accepts a bare issue list', () => {
  const issue = { keyword: 'type', instancePath: '/a', schemaPath: '#/properties/a/type', params: { type: 'string' }, message: 'must be a string (got 1)' }
  assert.is(formatForModel({ errors: [issue, { ...issue }] }), '$.a: must be a string (got 1)')
})

golden('lists at most 20 enum values', () => {
  const values = Array.from({ length: 25 }, (_, i) => `v${i}`)
  const line = formatForModel(newJSONSchema({ enum: values }).validate('x')!)
  assert.ok(line.startsWith('$: must be one of: "v0", "v1"'))
  assert.ok(line.endsWith('"v19" (and 5 more) (got "x")'), line)
})

golden('shortens long values it quotes', () => {
  const line = formatForModel(newJSONSchema({ maxLength: 3 }).validate('x'.repeat(200))!, { value: 'x'.repeat(200) })
  assert.ok(line.endsWith('...)'))
  assert.ok(line.length < 120)
})

const paths = suite('jsonPath turns JSON Pointers into paths a model reads')

paths('writes identifiers with dots, indexes in brackets and other names quoted', () => {
  assert.is(jsonPath(''), '$')
  assert.is(jsonPath('/attendees/1/email'), '$.attendees[1].email')
  assert.is(jsonPath('/e-mail/a~1b/c~0d'), '$["e-mail"]["a/b"]["c~d"]')
})

paths('tells a numeric property name from an index when the value is known', () => {
  const value = { '0': { list: ['a'] } }
  assert.is(jsonPath('/0/list/0', { value }), '$["0"].list[0]')
  assert.is(jsonPath('/0/list/0'), '$[0].list[0]')
})

golden.run()
paths.run()
