import { copyJson, defineKeyword, js, jsonTypeOf, literal } from '../../core/index.ts'
import { SINCE_06 } from '../dialects.ts'
import { equalTo, equalityWork, gotStart, startsOneOf } from './_shared.ts'
import { constError, constExpectation } from './_errors.ts'

export { constExpectation }


/** `const` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Const {
  constructor(
    readonly value: unknown,
    /** Equality with `value`, built for it. */
    readonly equal: (x: unknown) => boolean,
    /** The most work of one test (`equalityWork`), charged to a budgeted run. */
    readonly work: number,
  ) {}
}

/**
 * `const`: the value must be JSON-equal to the given value.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.3
 */
export const constKeyword = defineKeyword<unknown, Const>({
  keyword: 'const',
  dialects: SINCE_06,
  vocabulary: 'validation',
  compile(value) {
    const copy = copyJson(value).copy
    return new Const(copy, equalTo(copy), equalityWork(copy))
  },
  validate(c, x, ctx) {
    if (ctx.budgeted) ctx.charge(c.work)
    return c.equal(x)
  },
  emit(c, g) {
    if (jsonTypeOf(c.value) !== g.type) return js`false`
    // An object or array: a deep equality that stops at the first difference.
    if (typeof c.value === 'object' && c.value !== null) return js`${g.constant(c.equal)}(x)`
    return js`x === ${literal(c.value as string | number | boolean | null)}`
  },
  error: constError,
  // A string fails once the value does not start with what has arrived.
  early: {
    text: (c) => startsOneOf([c.value], (start) => ({ params: { allowedValue: c.value }, message: `${constExpectation(c.value)}${gotStart(start)}` })),
    end: true,
  },
})
