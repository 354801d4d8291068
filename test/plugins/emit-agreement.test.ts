/**
 * The generated code of `enum`, `const`, `multipleOf`, `maxLength`/`minLength`, `dependencies`
 * and `dependentRequired` agrees with their `validate` (answer and issues) through `checkEmit`,
 * on the instances where the generated form takes a path of its own: compound values compared
 * per value or by key, decimal divisors each side of the scaled-integer bound, strings between a
 * length limit and twice it, missing dependencies beside failing schema dependencies.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  checkEmit,
  constKeyword,
  dependenciesKeyword,
  dependentRequiredKeyword,
  enumKeyword,
  maxLengthKeyword,
  minLengthKeyword,
  multipleOfKeyword,
} from '../../plugins/index.ts'
import type { EmitCase } from '../../plugins/index.ts'

const test = suite('emit agreement')

const objects = [{}, { a: 1 }, { a: 1, b: 2 }, { b: 2, a: 1 }, { a: '1' }, { a: 1, b: undefined }, { a: [1, { c: null }] }, { a: [1, { c: 0 }] }]
const arrays = [[], [1], [1, 2], [2, 1], [[1]], [{ a: 1 }], [null]]
const scalars = [0, -0, 1, 'a', '', null, true, false, 1.5]
const all = [...objects, ...arrays, ...scalars]

test('enum: compound values compared one by one, by canonical key past eight, false for absent types', () => {
  const cases: EmitCase[] = [
    { schema: { enum: [{ a: 1 }, [1, 2], 'a'] }, instances: all },
    { schema: { enum: [{ a: [1, { c: null }] }, [[1]], 0] }, instances: all },
    { schema: { enum: ['a', 'b', 1] }, instances: all },
    { schema: { enum: [...Array.from({ length: 9 }, (_, i) => ({ a: i })), [1, 2], null] }, instances: all },
    { schema: { properties: { p: { enum: [{ a: 1 }, [null]] } } }, instances: all.map((p) => ({ p })), options: { allErrors: true } },
    { schema: { allOf: [{ enum: [{ a: 1 }, { a: true }] }, { not: { enum: [{ a: true }] } }] }, instances: [{ a: 1 }, { a: true }, { a: [1] }, ...all] },
  ]
  assert.equal(checkEmit(enumKeyword, cases), [])
})

test('const: an object or array value compared as deep as it reaches', () => {
  const cases: EmitCase[] = [
    { schema: { const: { a: 1, b: 2 } }, instances: all },
    { schema: { const: [1, { c: null }] }, instances: [...all, [1, { c: null }], [1, { c: null, d: 1 }]] },
    { schema: { const: { a: [1, { c: null }] } }, instances: all },
    { schema: { const: [] }, instances: all },
  ]
  assert.equal(checkEmit(constKeyword, cases), [])
})

test('multipleOf: decimal divisors on both sides of the scaled-integer bound', () => {
  const values = [0, -0, 0.29, 0.07, -0.29, 0.30000000000000004, -0.295, 1e-7, 1e20, 11258999068426.23, 11258999068427.125, 123456789012.34, 123456789012.345, 2 ** 53, 0.9, 1, 'x']
  const cases: EmitCase[] = [
    { schema: { multipleOf: 0.01 }, instances: values },
    { schema: { multipleOf: 0.3 }, instances: values },
    { schema: { multipleOf: 2.5e-7 }, instances: [...values, 5e-7, 7.5e-7, 1.2e-6] },
    { schema: { multipleOf: 3 }, instances: values },
  ]
  assert.equal(checkEmit(multipleOfKeyword, cases), [])
})

test('maxLength and minLength: strings between the limit and twice it, with and without surrogates', () => {
  const strings = ['abcd', 'abcde', 'abcdefgh', '💩💩💩💩', '💩💩💩💩💩', 'abc\udc00\ud83d', 'abcd\ud83d', 'ab💩', '\udc00\udc00\udc00\udc00', 'é'.repeat(6)]
  assert.equal(checkEmit(maxLengthKeyword, [{ schema: { maxLength: 4 }, instances: strings }]), [])
  assert.equal(checkEmit(minLengthKeyword, [{ schema: { minLength: 4 }, instances: strings }]), [])
})

test('dependencies and dependentRequired: missing names and failing schema dependencies', () => {
  const instances = [{}, { a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2, c: 3 }, { a: undefined }, { c: 'x' }, { c: 1 }, { a: 1, c: 'x' }, { b: 2, c: 1 }, [], 'a']
  const dependencies: EmitCase[] = [
    { schema: { $schema: 'http://json-schema.org/draft-07/schema#', dependencies: { a: ['b', 'c'], c: { properties: { c: { type: 'string' } } } } }, instances },
    { schema: { $schema: 'http://json-schema.org/draft-07/schema#', dependencies: { a: ['b', 'c'], c: { required: ['a'] } } }, instances, options: { allErrors: true } },
    { schema: { $schema: 'http://json-schema.org/draft-04/schema#', dependencies: { a: ['b'], b: { not: {} } } }, instances },
    { schema: { $schema: 'http://json-schema.org/draft-07/schema#', required: ['a'], dependencies: { a: ['b'] } }, instances },
  ]
  assert.equal(checkEmit(dependenciesKeyword, dependencies), [])
  const dependentRequired: EmitCase[] = [
    { schema: { dependentRequired: { a: ['b', 'c'], c: ['a'] } }, instances },
    { schema: { dependentRequired: { a: ['b', 'c'], c: ['a'] } }, instances, options: { allErrors: true } },
    { schema: { required: ['a'], dependentRequired: { a: ['b'], b: [] } }, instances },
  ]
  assert.equal(checkEmit(dependentRequiredKeyword, dependentRequired), [])
})

test.run()
