/** Reference resolution in a compile: the same reference text from different bases, and repeats. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'

const refs = suite('compile: references')

refs('one reference text means what its base makes it, however often it repeats', () => {
  const schema = {
    $defs: {
      t: { type: 'number' },
      inner: {
        $id: 'https://example.com/inner',
        $defs: { t: { type: 'string' } },
        properties: { p: { $ref: '#/$defs/t' }, p2: { $ref: '#/$defs/t' } },
      },
    },
    properties: { q: { $ref: '#/$defs/t' }, q2: { $ref: '#/$defs/t' }, i: { $ref: '#/$defs/inner' } },
  }
  const v = newJSONSchema(schema)
  assert.ok(v.isValid({ q: 1, q2: 2, i: { p: 'a', p2: 'b' } }))
  assert.not.ok(v.isValid({ q: 'a' }))
  assert.not.ok(v.isValid({ q2: 'a' }))
  assert.not.ok(v.isValid({ i: { p: 1 } }))
  assert.not.ok(v.isValid({ i: { p2: 1 } }))
})

refs('a repeated reference to a missing target fails at its first place, naming it', () => {
  const schema = { properties: { a: { $ref: '#/$defs/none' }, b: { $ref: '#/$defs/none' } } }
  try {
    newJSONSchema(schema)
    assert.unreachable('compiled')
  } catch (e) {
    const errors = (e as { errors: { schemaPath: string; message: string }[] }).errors
    assert.equal(errors.map((x) => x.schemaPath), ['#/properties/a/$ref'])
    assert.match(errors[0]!.message, 'cannot resolve reference "#/$defs/none"')
  }
})

refs.run()
