import { article, defineKeyword, js } from '../../core/index.ts'
import { typeError, typeExpectation, typeParams } from './_errors.ts'

export { typeExpectation }

const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']

type Check = (x: unknown) => boolean

const CHECKS: Record<string, Check> = {
  null: (x) => x === null,
  boolean: (x) => typeof x === 'boolean',
  object: (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
  array: (x) => Array.isArray(x),
  number: (x) => typeof x === 'number',
  string: (x) => typeof x === 'string',
  integer: (x) => Number.isInteger(x),
}

/** An object or an array (`type: ['object', 'array', ...]`): no `Array.isArray` asked. */
const isContainer: Check = (x) => typeof x === 'object' && x !== null

interface Type {
  readonly names: readonly string[]
  readonly check: Check
}

/** One type name's compiled form, shared (a `Map`: no own-property test of a record per `type`). */
const SINGLE = new Map<unknown, Type>(TYPES.map((name) => [name, Object.freeze({ names: Object.freeze([name]), check: CHECKS[name]! })]))

/**
 * Compiled forms of type lists already met (`["string", "null"]`), by the names joined: a
 * configuration schema repeats a handful of them hundreds of times. Bounded (the lists are
 * permutations of seven names, but a process need not keep them all).
 */
const LISTS = new Map<string, Type>()
const LISTS_KEPT = 256

/**
 * `type`: the value's JSON type must be one of those listed (`integer`: a number with no
 * fractional part, `1.0` included). Non-JSON values fail before any keyword runs.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.1
 */
export const typeKeyword = defineKeyword<unknown, Type>({
  keyword: 'type',
  vocabulary: 'validation',
  compile(value, ctx) {
    // One type name (the usual case): a shared, immutable compiled form.
    const single = SINGLE.get(value)
    if (single !== undefined) return single
    const names = Array.isArray(value) ? value : [value]
    if (names.length === 0 && Array.isArray(value)) ctx.fail('type must not be an empty array')
    for (let i = 0; i < names.length; i++) {
      const n: unknown = names[i]
      if (typeof n !== 'string' || !TYPES.includes(n)) ctx.fail(`unknown type ${JSON.stringify(n)}`)
    }
    // Every name is one of seven, so the joined text names the list exactly.
    const key = names.join(',')
    const known = LISTS.get(key)
    if (known !== undefined) return known
    if (new Set(names).size !== names.length) ctx.fail('type must not repeat a type')
    // Objects and arrays both listed: any non-null object passes without telling which it is
    // (`Array.isArray` throws for a revoked Proxy; generated code asks it only where the answer
    // depends on it, and both tiers must read the value alike).
    const both = names.includes('object') && names.includes('array')
    const checks = (names as string[]).filter((n) => !both || (n !== 'object' && n !== 'array')).map((n) => CHECKS[n]!)
    if (both) checks.unshift(isContainer)
    const check: Check = checks.length === 1 ? checks[0]! : (x) => checks.some((c) => c(x))
    const type: Type = Object.freeze({ names: Object.freeze((names as string[]).slice()), check })
    if (LISTS.size >= LISTS_KEPT) LISTS.clear()
    LISTS.set(key, type)
    return type
  },
  validate: (t, x) => t.check(x),
  // The generated code runs per instance type: the answer is usually known without a test.
  emit(t, g) {
    if (t.names.includes(g.type)) return js`true`
    if (g.type === 'number' && t.names.includes('integer')) return js`Number.isInteger(x)`
    return js`false`
  },
  error: typeError,
  // A value's JSON type is known from its first character; whether a number is an integer, at its end.
  early: {
    begin(t, type) {
      if (t.names.includes(type) || (type === 'number' && t.names.includes('integer'))) return undefined
      return { params: typeParams(t), message: `${typeExpectation(t.names)} (got ${article(type)})` }
    },
    end: true,
  },
})
