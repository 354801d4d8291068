/**
 * A format or keyword that calls `validate` from inside a validate call (of the same validator,
 * or of others calling back): the nesting is bounded, so a checker that validates its own value
 * with its own schema ends at once with an `exception` issue, after a number of calls that does
 * not grow with retries (each level used to retry its task on the stack overflow, a few times
 * per level: exponential).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword, newJSONSchema } from '../../index.ts'
import type { JSONSchemaValidator } from '../../index.ts'

const loops = suite('validate called on itself ends with an exception issue')

for (const codegen of [false, true]) {
  for (const entry of ['validate', 'validateAll', 'isValid'] as const) {
    loops(`a format calling ${entry} on itself (${codegen ? 'generated code' : 'interpreter'})`, () => {
      let calls = 0
      let v: JSONSchemaValidator = null as never
      v = newJSONSchema(
        { type: 'string', format: 'loop' },
        {
          codegenThreshold: codegen ? 0 : Infinity,
          customFormats: {
            loop: (s) => {
              calls++
              return entry === 'isValid' ? v.isValid(s) : v[entry](s) === null
            },
          },
        },
      )
      const result = v.validate('x')
      assert.ok(result !== null)
      assert.is(result.errors.length, 1)
      assert.is(result.errors[0]!.keyword, 'exception')
      assert.match(result.errors[0]!.message, /validate called within validate more than 64 levels deep/)
      assert.ok(calls <= 64 * 8, `${calls} format calls`)
      assert.is(v.isValid('x'), false)
      // The validator is not left in a broken state: a call without the loop answers as before.
      const plain = newJSONSchema({ type: 'string' })
      assert.is(plain.validate('x'), null)
    })
  }
}

loops('two validators calling each other from a keyword end too, and nesting below the bound is untouched', () => {
  let calls = 0
  let other: JSONSchemaValidator = null as never
  const kernel = createKernel({
    plugins: [
      defineKeyword({
        keyword: 'callOther',
        vocabulary: 'example',
        compile: (value: unknown) => (value === true ? true : undefined),
        validate: (_c, x) => {
          calls++
          return other.validate(x) === null
        },
      }),
    ],
  })
  const a = kernel.newJSONSchema({ callOther: true })
  other = kernel.newJSONSchema({ callOther: true })
  const result = a.validate(1)
  assert.is(result?.errors[0]?.keyword, 'exception')
  assert.ok(calls <= 64 * 8, `${calls} keyword calls`)
  // Ten levels of legitimate nesting (a checker validating a part with another schema) still work.
  let depth = 0
  const inner = newJSONSchema({ type: 'integer' })
  const outer = newJSONSchema({ format: 'n' }, { customFormats: { n: (s) => (++depth, inner.validate(s.length) === null) } })
  assert.is(outer.validate('abc'), null)
  assert.is(depth, 1)
})

loops.run()
