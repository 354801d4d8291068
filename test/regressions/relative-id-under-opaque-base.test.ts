/**
 * Regression: a nested relative `$id` under a root `$id` it cannot resolve against (`"a:"` is an
 * opaque URI) threw a plain `Error` out of the constructor instead of a `SchemaError`. Found by
 * the fuzz suite (a junk `$id` in a generated schema).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, newJSONSchema } from '../../index.ts'

const test = suite('a nested $id that cannot be resolved is a SchemaError')

test('the constructor throws SchemaError naming the URI it could not resolve', () => {
  try {
    newJSONSchema({ $id: 'a:', $defs: { item: { $id: 'item.json' } } })
    assert.unreachable('expected a SchemaError')
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), `not a SchemaError: ${String(e)}`)
    assert.match(e.message, /cannot resolve "item.json" against base URI "a:"/)
  }
})

test.run()
