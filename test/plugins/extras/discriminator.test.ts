/** The discriminator example plugin (plugins/extras/discriminator.ts). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword } from '../../../index.ts'
import { DiscriminatorPlugin } from '../../../plugins/extras/index.ts'
import { schemaError } from '../../support/schema-error.ts'

const cat = { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer', maximum: 9, default: 9 } }, required: ['kind', 'lives'] }
const dog = { type: 'object', properties: { kind: { const: 'dog' }, good: { type: 'boolean' } }, required: ['kind', 'good'] }
const pet = { discriminator: { propertyName: 'kind' }, oneOf: [cat, dog] }

const discriminator = suite('discriminator')
const kernel = () => createKernel({ plugins: [new DiscriminatorPlugin()] })

discriminator('accepts an object that its tag’s branch accepts', () => {
  assert.is(kernel().newJSONSchema(pet).validate({ kind: 'dog', good: true }), null)
})

discriminator('reports only the issues of the branch the tag selects', () => {
  const error = kernel().newJSONSchema(pet).validate({ kind: 'cat', lives: 'x' })
  assert.equal(error?.errors, [{ keyword: 'type', instancePath: '/lives', schemaPath: '#/oneOf/0/properties/lives/type', params: { type: 'integer' }, message: 'must be an integer (got "x")' }])
  // Plain oneOf finds the same tag (every branch requires `kind`, with its own const) and
  // reports the same single issue; for an unknown tag it reports a problem per branch plus its own.
  assert.equal(createKernel().newJSONSchema(pet).validate({ kind: 'cat', lives: 'x' })?.errors, error?.errors)
  assert.is(createKernel().newJSONSchema(pet).validate({ kind: 'bird', lives: 1 })?.errors.length, 3)
})

discriminator('an unknown tag is one issue at the tag', () => {
  const error = kernel().newJSONSchema(pet).validate({ kind: 'bird' })
  assert.equal(error?.errors, [
    { keyword: 'oneOf', instancePath: '/kind', schemaPath: '#/oneOf', params: { discriminator: 'kind', tag: 'bird', allowed: ['cat', 'dog'] }, message: 'must be one of: "cat", "dog" (got "bird")' },
  ])
})

discriminator('a tag nested 100,000 levels deep is quoted as a bounded excerpt', () => {
  let tag: unknown = 'x'
  for (let i = 0; i < 100_000; i++) tag = [tag]
  const issue = kernel().newJSONSchema(pet).validate({ kind: tag })!.errors[0]!
  assert.is(issue.instancePath, '/kind')
  assert.ok(issue.message.startsWith('must be one of: "cat", "dog" (got [[[['), issue.message.slice(0, 80))
  assert.ok(issue.message.length < 120)
})

discriminator('a missing tag and a value that is not an object are one issue each', () => {
  const v = kernel().newJSONSchema(pet)
  assert.equal(v.validate({})?.errors.map((i) => i.message), ['must have property "kind" (one of: "cat", "dog") (got {})'])
  assert.equal(v.validate([1])?.errors.map((i) => i.message), ['must be an object with property "kind" (one of: "cat", "dog") (got [1])'])
})

discriminator('a declared tag must be an own property; a found one is read inherited too', () => {
  const inherited = Object.create({ kind: 'cat' }) as Record<string, unknown>
  inherited.lives = 3
  assert.equal(kernel().newJSONSchema(pet).validate(inherited)?.errors.map((i) => i.message), ['must have property "kind" (one of: "cat", "dog") (got {"lives":3})'])
  // The found discriminator routes to the cat branch, which then fails on required alone.
  assert.equal(createKernel().newJSONSchema(pet).validate(inherited)?.errors.map((i) => i.schemaPath), ['#/oneOf/0/required'])
})

discriminator('evaluates only the selected branch', () => {
  const calls: string[] = []
  const probe = defineKeyword<string, string>({ keyword: 'probe', vocabulary: 'test', compile: (v) => v, validate: (name) => (calls.push(name), true) })
  const k = createKernel({ plugins: [new DiscriminatorPlugin(), probe] })
  const schema = { discriminator: { propertyName: 'kind' }, oneOf: [{ ...cat, probe: 'cat' }, { ...dog, probe: 'dog' }] }
  k.newJSONSchema(schema).validate({ kind: 'dog', good: true })
  assert.equal(calls, ['dog'])
})

discriminator('$ref branches are named by mapping, or by the last segment of the reference', () => {
  const schema = {
    $defs: { Cat: cat, Dog: dog },
    discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat' } },
    oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
    required: ['kind'],
  }
  const v = kernel().newJSONSchema(schema)
  assert.is(v.validate({ kind: 'cat', lives: 1 }), null)
  // Without a mapping, the Dog branch answers to "Dog", and its own const then wants "dog".
  assert.equal(v.validate({ kind: 'dog', good: true })?.errors.map((i) => i.message), ['must be one of: "cat", "Dog" (got "dog")'])
  assert.equal(v.validate({ kind: 'Dog', good: true })?.errors.map((i) => i.schemaPath), ['#/$defs/Dog/properties/kind/const'])
})

discriminator('a malformed discriminator is a SchemaError at the offending place', () => {
  const k = kernel()
  const noTag = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' }, oneOf: [cat, { type: 'object', required: ['kind'] }] }))
  assert.equal(noTag.errors, [{ schemaPath: '#/oneOf/1', message: 'a discriminated branch needs properties.kind.const (or a string enum)' }])
  const twice = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' }, oneOf: [cat, cat] }))
  assert.match(twice.errors[0]!.message, /"cat" selects two branches/)
  const notRequired = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' }, oneOf: [{ properties: { kind: { const: 'a' } } }] }))
  assert.match(notRequired.errors[0]!.message, /must list "kind" in required/)
  const mapping = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind', mapping: { x: '#/nowhere' } }, oneOf: [cat] }))
  assert.equal(mapping.errors[0]!.schemaPath, '#/discriminator/mapping/x')
  const alone = schemaError(() => k.newJSONSchema({ discriminator: { propertyName: 'kind' } }))
  assert.equal(alone.errors, [{ schemaPath: '#/discriminator', message: 'discriminator needs a "oneOf" beside it' }])
})

discriminator('leaves oneOf without a discriminator exactly as the standard keyword', () => {
  const schema = { oneOf: [{ type: 'integer' }, { minimum: 0 }, { type: 'string' }] }
  for (const data of [1, -1, 'x', 1.5, null]) {
    assert.equal(kernel().newJSONSchema(schema).validate(data), createKernel().newJSONSchema(schema).validate(data))
  }
})

discriminator('fills the defaults of the tagged branch even while the object is incomplete', () => {
  const k = kernel()
  assert.equal(k.applyDefaults({ kind: 'cat' }, k.newJSONSchema(pet)), { kind: 'cat', lives: 9 })
  const plain = createKernel()
  assert.equal(plain.applyDefaults({ kind: 'cat' }, plain.newJSONSchema(pet)), { kind: 'cat' })
})

discriminator('still reports a reference cycle in a branch it did not select', () => {
  const schema = { $defs: { Dog: { $ref: '#' } }, discriminator: { propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } }, oneOf: [cat, { $ref: '#/$defs/Dog' }] }
  const error = kernel().newJSONSchema(schema).validate({ kind: 'cat', lives: 1 })
  assert.match(error!.errors[0]!.message, /^circular reference: /)
})

discriminator('is a known keyword in strict mode', () => {
  assert.is(createKernel({ plugins: [new DiscriminatorPlugin()], strict: true }).newJSONSchema(pet).validate({ kind: 'dog', good: false }), null)
})

discriminator.run()
