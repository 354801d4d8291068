/**
 * `checkEmit` (schemavet/plugins): a keyword whose `emit` agrees with its `validate` passes; an
 * emit that accepts too much, rejects too much, or reports other issues is caught, and so is a
 * case that never reached generated code.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { defineKeyword, js, literal } from '../../index.ts'
import type { Code, KeywordDefinition } from '../../index.ts'
import { checkEmit, maxLengthKeyword } from '../../plugins/index.ts'
import type { EmitCase } from '../../plugins/index.ts'

const test = suite('checkEmit')

/** `divisibleBy: n`: numbers that n divides, with the given emit. */
function divisibleBy(emit: (n: Code) => Code): KeywordDefinition {
  return defineKeyword<unknown, number>({
    keyword: 'divisibleBy',
    vocabulary: 'example',
    instanceTypes: ['number'],
    compile: (value, ctx) => (typeof value === 'number' && value > 0 ? value : ctx.fail('divisibleBy must be a positive number')),
    validate: (n, x) => (x as number) % n === 0,
    emit: (n) => emit(literal(n)),
    error: { params: (n) => ({ n }), message: (p, _n, x) => `must be divisible by ${String(p.n)} (got ${String(x)})` },
  })
}

const cases: EmitCase[] = [
  { schema: { divisibleBy: 3 }, instances: [0, 3, 4, -9, 2.5, 'three', null] },
  { schema: { type: 'array', items: { divisibleBy: 2 } }, instances: [[], [2, 4], [2, 3, 4], [1]] },
  { schema: { properties: { n: { divisibleBy: 5 } } }, instances: [{ n: 10 }, { n: 11 }, {}], options: { allErrors: false } },
]

test('a correct emit agrees with validate on every instance', () => {
  assert.equal(checkEmit(divisibleBy((n) => js`x % ${n} === 0`), cases), [])
})

test('an emit that accepts too much is caught, with both answers', () => {
  const found = checkEmit(divisibleBy(() => js`true`), cases)
  const instances = found.map((d) => JSON.stringify(d.instance))
  assert.equal(instances, ['4', '2.5', '[2,3,4]', '[1]', '{"n":11}'])
  assert.ok(found.every((d) => d.problem === 'answers differ: interpreted invalid, generated valid' && d.generated === null && d.interpreted !== null))
})

test('an emit that rejects valid data is caught: the generated answer stands (no issue explains it)', () => {
  // Zero and numbers 3 does not divide pass here: 3 and -9 (valid) fail, 4 and 2.5 (invalid) pass.
  const found = checkEmit(divisibleBy((n) => js`x % ${n} !== 0 || x === 0`), [cases[0]!])
  assert.equal(
    found.map((d) => [d.instance, d.problem]),
    [
      [3, 'answers differ: interpreted valid, generated invalid'],
      [4, 'answers differ: interpreted invalid, generated valid'],
      [-9, 'answers differ: interpreted valid, generated invalid'],
      [2.5, 'answers differ: interpreted invalid, generated valid'],
    ],
  )
})

test('an emit that fails without saying where (transparent, no subschema) is explained by the interpreter', () => {
  // Marked transparent, so its failure records no place: validate must not throw, and the
  // interpreter's pass gives the issues, the same as the interpreted tier's.
  const transparent = defineKeyword<unknown, number>({
    ...divisibleBy((n) => js`x % ${n} === 0`),
    emit: (n) => ({ test: js`x % ${literal(n)} === 0`, transparent: true }),
  })
  assert.equal(checkEmit(transparent, cases), [])
})

test('a case that reaches no generated code using the keyword is reported', () => {
  const found = checkEmit(divisibleBy((n) => js`x % ${n} === 0`), [
    { schema: { type: 'string' }, instances: ['a'] },
    { schema: { divisibleBy: 2, unevaluatedProperties: false }, instances: [2] },
    { schema: { divisibleBy: 'two' }, instances: [2] },
  ])
  assert.equal(
    found.map((d) => [d.case, d.problem.split(':')[0]]),
    [
      [0, 'emit of "divisibleBy" was not called'],
      [1, 'emit of "divisibleBy" was not called'],
      [2, 'the schema does not compile'],
    ],
  )
  assert.equal(checkEmit(defineKeyword({ keyword: 'noEmit', vocabulary: 'example', compile: () => true, validate: () => true }), cases).length, 1)
})

test('a built-in keyword checked the same way: maxLength counts code points in both tiers', () => {
  const strings = ['', 'ab', 'abc', '😀😀', '😀😀😀', 'a😀', 'abcd']
  assert.equal(checkEmit(maxLengthKeyword, [{ schema: { maxLength: 2 }, instances: strings }]), [])
})

test.run()
