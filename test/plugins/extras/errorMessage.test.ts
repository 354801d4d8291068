/** The errorMessage example plugin (plugins/extras/errorMessage.ts). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword, newJSONSchema } from '../../../index.ts'
import type { ValidationIssue } from '../../../index.ts'
import { COVERED_KEYWORDS, ErrorMessagePlugin, interpolate } from '../../../plugins/extras/index.ts'
import { schemaError } from '../../support/schema-error.ts'

const messages = suite('errorMessage')
const withMessages = (options?: ConstructorParameters<typeof ErrorMessagePlugin>[0]) => createKernel({ plugins: [new ErrorMessagePlugin(options)] })

messages('a string replaces every issue of its schema with one', () => {
  const v = withMessages().newJSONSchema({ type: 'string', minLength: 3, pattern: '^a', errorMessage: 'a word starting with "a"' }, { allErrors: true })
  const [issue, ...rest] = v.validate('b')!.errors
  assert.is(rest.length, 0)
  assert.equal({ ...issue, params: {} }, { keyword: 'errorMessage', instancePath: '', schemaPath: '#/errorMessage', params: {}, message: 'a word starting with "a"' })
  assert.equal((issue!.params.errors as ValidationIssue[]).map((i) => i.keyword), ['minLength', 'pattern'])
})

messages('messages by keyword replace only those keywords; "_" covers the rest', () => {
  const v = withMessages().newJSONSchema({ type: 'integer', minimum: 1, maximum: 9, errorMessage: { minimum: 'at least {limit}', _: 'a digit' } }, { allErrors: true })
  assert.equal(v.validate(0)?.errors.map((i) => i.message), ['at least 1'])
  assert.equal(v.validate(10)?.errors.map((i) => i.message), ['a digit'])
  assert.equal(withMessages().newJSONSchema({ minimum: 1, errorMessage: { maximum: 'x' } }).validate(0)?.errors.map((i) => i.message), ['must be at least 1 (got 0)'])
})

messages('messages by property cover a missing property and the issues below one', () => {
  const schema = {
    type: 'object',
    properties: { email: { type: 'string' }, age: { type: 'integer', minimum: 18 } },
    required: ['email', 'name'],
    errorMessage: { required: { email: 'we need your email' }, properties: { age: 'you must be an adult' } },
  }
  const error = withMessages().newJSONSchema(schema, { allErrors: true }).validate({ age: 3 })
  assert.equal(
    error?.errors.map((i) => [i.keyword, i.instancePath, i.message]),
    [
      ['errorMessage', '', 'we need your email'],
      ['required', '', 'must have required property "name" (got {"age":3})'],
      ['errorMessage', '/age', 'you must be an adult'],
    ],
  )
})

messages('works without allErrors and through $ref', () => {
  const schema = { $defs: { Id: { type: 'string', pattern: '^[a-z]+$' } }, properties: { id: { $ref: '#/$defs/Id', errorMessage: 'an id is lower-case letters' } } }
  const error = withMessages().newJSONSchema(schema).validate({ id: 'X1' })
  assert.equal(error?.errors.map((i) => [i.instancePath, i.schemaPath, i.message]), [['/id', '#/properties/id/errorMessage', 'an id is lower-case letters']])
})

messages('kernel-wide messages per keyword go through the errorMessage hook', () => {
  const k = withMessages({ messages: { minLength: 'needs {limit}+ characters', required: (i) => `missing ${i.params.missingProperty}` } })
  assert.equal(k.newJSONSchema({ minLength: 2 }).validate('a')?.errors[0]!.message, 'needs 2+ characters')
  assert.equal(k.newJSONSchema({ required: ['x'] }).validate({})?.errors[0]!.message, 'missing x')
})

messages('covers a custom keyword named in the options', () => {
  const even = defineKeyword<boolean, true>({ keyword: 'even', vocabulary: 'test', compile: () => true, validate: (_c, x) => (x as number) % 2 === 0, error: { message: () => 'must be even' } })
  const k = createKernel({ plugins: [even, new ErrorMessagePlugin({ keywords: ['even'] })] })
  assert.equal(k.newJSONSchema({ even: true, errorMessage: { even: 'pairs only' } }).validate(3)?.errors[0]!.message, 'pairs only')
})

messages('schemas without errorMessage validate exactly as before', () => {
  const schema = { properties: { a: { type: 'string', minLength: 2 } }, required: ['a', 'b'] }
  for (const data of [{}, { a: 'x' }, { a: 1, b: 1 }, { a: 'xy', b: 0 }]) {
    assert.equal(withMessages().newJSONSchema(schema).validate(data), newJSONSchema(schema).validate(data))
  }
  assert.ok(COVERED_KEYWORDS.includes('properties'))
})

messages('a malformed errorMessage is a SchemaError, bad options a TypeError', () => {
  assert.equal(schemaError(() => withMessages().newJSONSchema({ errorMessage: { type: 3 } })).errors, [{ schemaPath: '#/errorMessage/type', message: 'errorMessage.type must be a string or an object of strings by property' }])
  assert.throws(() => new ErrorMessagePlugin({ messages: { type: 3 as unknown as string } }), /messages.type must be a string or a function/)
})

messages('custom messages appear in the standard output formats', () => {
  const v = withMessages().newJSONSchema({ properties: { n: { type: 'integer', errorMessage: 'a whole number' } } })
  assert.equal(v.output({ n: 1.5 }, 'basic').errors, [{ valid: false, keywordLocation: '/properties/n/type', instanceLocation: '/n', error: 'a whole number' }])
})

messages('placeholders fill from params and leave unknown names alone', () => {
  assert.is(interpolate('{limit} and {missing} and {list}', { limit: 3, list: [1, 2] }), '3 and {missing} and [1,2]')
})

messages.run()
