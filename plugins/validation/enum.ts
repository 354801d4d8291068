import { canonicalKey, copyJson, defineKeyword, got, joinCode, js, jsonTypeOf, literal, valueList } from '../../core/index.ts'
import { gotStart, startsOneOf } from './_shared.ts'

/** What `enum` expects, in words (`must be one of: "a", "b"`); the message adds what was received. */
export function enumExpectation(values: readonly unknown[]): string {
  return `must be one of: ${valueList(values)}`
}

/** `enum` compiled (a class, not an object literal: see docs/plugins.md, "Compiled values"). */
class Enum {
  constructor(
    readonly values: unknown[],
    /** Canonical keys of every allowed value, for O(1) lookups of objects and arrays. */
    readonly keys: Set<string> | null,
    /** Allowed primitives (fast path); numbers by value. */
    readonly primitives: Set<unknown>,
  ) {}
}

/**
 * `enum`: the value must be JSON-equal to one of the listed values.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.2
 */
export const enumKeyword = defineKeyword<unknown, Enum>({
  keyword: 'enum',
  vocabulary: 'validation',
  compile(value, ctx) {
    if (!Array.isArray(value)) ctx.fail('enum must be an array')
    const values = copyJson(value).copy as unknown[]
    const primitives = new Set<unknown>()
    let compound = false
    for (const v of values) {
      if (typeof v === 'object' && v !== null) compound = true
      else primitives.add(Object.is(v, -0) ? 0 : v)
    }
    return new Enum(values, compound ? new Set(values.map(canonicalKey)) : null, primitives)
  },
  validate(e, x) {
    if (typeof x !== 'object' || x === null) return e.primitives.has(Object.is(x, -0) ? 0 : x)
    return e.keys !== null && e.keys.has(canonicalKey(x))
  },
  // Per instance type: a few comparisons with the allowed values of that type (`===` equates 0 and -0).
  emit(e, g) {
    if (g.type === 'object' || g.type === 'array') return undefined
    const same = e.values.filter((v) => jsonTypeOf(v) === g.type)
    if (same.length === 0) return js`false`
    if (same.length > 8) return js`${g.constant(e.primitives)}.has(x)`
    return js`(${joinCode(same.map((v) => js`x === ${literal(v as string | number | boolean | null)}`), js` || `)})`
  },
  error: {
    params: (e) => ({ allowedValues: e.values }),
    message: (_p, e, x) => `${enumExpectation(e.values)}${got(x)}`,
  },
  // A string fails once no allowed string starts with what has arrived.
  early: {
    text: (e) => startsOneOf(e.values, (start) => ({ params: { allowedValues: e.values }, message: `${enumExpectation(e.values)}${gotStart(start)}` })),
    end: true,
  },
})
