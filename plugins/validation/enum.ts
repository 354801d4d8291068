import { canonicalKey, copyJson, defineKeyword, joinCode, js, jsonTypeOf, literal } from '../../core/index.ts'
import { equalTo, equalityWork, gotStart, startsOneOf } from './_shared.ts'
import { enumError, enumExpectation } from './_errors.ts'

export { enumExpectation }

/** `enum` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Enum {
  constructor(
    readonly values: unknown[],
    /** The allowed objects and arrays. */
    readonly compound: object[],
    /** A test for each of `compound` (empty when `keys` is used instead). */
    readonly equal: ((x: unknown) => boolean)[],
    /**
     * Canonical keys of the allowed objects and arrays when there are more than `COMPARE_UP_TO`:
     * one hash lookup then, where a few are compared one by one (null).
     */
    readonly keys: Set<string> | null,
    /** Allowed primitives (fast path); numbers by value. */
    readonly primitives: Set<unknown>,
    /** The most work of comparing an object or array with each of `compound` (`equalityWork`). */
    readonly compoundWork: number,
  ) {}
}

/**
 * Up to this many allowed objects and arrays, an instance is compared with each (a deep equality
 * that stops at the first difference, allocating nothing); past it, its canonical key (which
 * reads and copies the whole instance) is looked up among theirs.
 */
const COMPARE_UP_TO = 8

/**
 * `enum`: the value must be JSON-equal to one of the listed values.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.2
 */
export const enumKeyword = defineKeyword<unknown, Enum>({
  keyword: 'enum',
  vocabulary: 'validation',
  compile(value, ctx) {
    if (!Array.isArray(value)) ctx.fail('enum must be an array')
    // A list of strings, numbers, booleans and nulls (most enums) is copied by a slice.
    const list = value as unknown[]
    const values = list.every(isPrimitive) && Object.getPrototypeOf(list) === Array.prototype ? list.slice() : (copyJson(list).copy as unknown[])
    const primitives = new Set<unknown>()
    const compound: object[] = []
    for (const v of values) {
      if (typeof v === 'object' && v !== null) compound.push(v)
      else primitives.add(Object.is(v, -0) ? 0 : v)
    }
    const hashed = compound.length > COMPARE_UP_TO
    const compoundWork = hashed ? 0 : compound.reduce((sum: number, v) => sum + equalityWork(v), 0)
    return new Enum(values, compound, hashed ? [] : compound.map((v) => equalTo(v)), hashed ? new Set(compound.map(canonicalKey)) : null, primitives, compoundWork)
  },
  validate(e, x, ctx) {
    if (typeof x !== 'object' || x === null) {
      // A string is hashed whole for the lookup.
      if (ctx.budgeted && typeof x === 'string') ctx.charge(x.length >> 6)
      return e.primitives.has(Object.is(x, -0) ? 0 : x)
    }
    if (e.keys !== null) {
      const key = canonicalKey(x)
      // The key is as long as the value's JSON text: reading and copying it was that much work.
      if (ctx.budgeted) ctx.charge(key.length >> 4)
      return e.keys.has(key)
    }
    if (ctx.budgeted) ctx.charge(e.compoundWork)
    for (const equal of e.equal) if (equal(x)) return true
    return false
  },
  // Per instance type: a few comparisons with the allowed values of that type (`===` equates 0 and -0).
  emit(e, g) {
    const same = e.values.filter((v) => jsonTypeOf(v) === g.type)
    if (same.length === 0) return js`false`
    if (g.type === 'object' || g.type === 'array') {
      if (e.keys !== null) return js`${g.constant(e.keys)}.has(${g.constant(canonicalKey)}(x))`
      const tests = e.equal.filter((_, i) => jsonTypeOf(e.compound[i]) === g.type)
      return js`(${joinCode(tests.map((equal) => js`${g.constant(equal)}(x)`), js` || `)})`
    }
    if (same.length > 8) return js`${g.constant(e.primitives)}.has(x)`
    return js`(${joinCode(same.map((v) => js`x === ${literal(v as string | number | boolean | null)}`), js` || `)})`
  },
  error: enumError,
  // A string fails once no allowed string starts with what has arrived.
  early: {
    text: (e) => startsOneOf(e.values, (start) => ({ params: { allowedValues: e.values }, message: `${enumExpectation(e.values)}${gotStart(start)}` })),
    end: true,
  },
})

function isPrimitive(v: unknown): boolean {
  return typeof v !== 'object' || v === null
}
