/**
 * The issues of the validation vocabulary's keywords: each keyword's `error` (params and message
 * words), in a module of their own that imports nothing but words, so a compiled module's failure
 * code can name them (`schemavet/runtime`) without the keywords' compile and run code. The
 * keyword definitions use these very objects.
 */
import { count, excerpt, got, typeList, valueList } from '../../core/contract/words.ts'
import type { KeywordDefinition } from '../../core/index.ts'
import { duplicate } from './_duplicate.ts'
import { boundText, lengthExpectation, missingText, present } from './_shared.ts'

/** A keyword's issue: its params and message from the compiled value and the failing instance. */
export type KeywordError<C = unknown> = NonNullable<KeywordDefinition<unknown, C>['error']>

/** What `type` expects, in words (`must be a string or null`); the message adds what was received. */
export function typeExpectation(names: readonly string[]): string {
  return `must be ${typeList(names)}`
}

/** `type`'s params (`{ type: 'string' }`, or the list). */
export function typeParams(t: { readonly names: readonly string[] }): Record<string, unknown> {
  return { type: t.names.length === 1 ? t.names[0] : t.names }
}

export const typeError: KeywordError<{ readonly names: readonly string[] }> = {
  params: typeParams,
  message: (_p, t, x) => `${typeExpectation(t.names)}${got(x)}`,
}

export const minLengthError: KeywordError<number> = { params: (limit) => ({ limit }), message: (p, _limit, x) => `${lengthExpectation('at least', p.limit as number)}${got(x)}` }
export const maxLengthError: KeywordError<number> = { params: (limit) => ({ limit }), message: (p, _limit, x) => `${lengthExpectation('at most', p.limit as number)}${got(x)}` }

export function boundError(comparison: string): KeywordError<number> {
  return {
    params: (limit) => ({ comparison, limit }),
    message: (p, _limit, x) => boundText(p.comparison, p.limit, x),
  }
}

// Each bound's issue its own constant (pure calls), so a module's bundle keeps only those it names.
export const minimumError = /* @__PURE__ */ boundError('>=')
export const maximumError = /* @__PURE__ */ boundError('<=')
export const exclusiveMinimumError = /* @__PURE__ */ boundError('>')
export const exclusiveMaximumError = /* @__PURE__ */ boundError('<')

export const multipleOfError: KeywordError<{ readonly divisor: number }> = {
  params: (m) => ({ multipleOf: m.divisor }),
  message: (p, _m, x) => `must be a multiple of ${String(p.multipleOf)}${got(x)}`,
}

/** What `enum` expects, in words (`must be one of: "a", "b"`); the message adds what was received. */
export function enumExpectation(values: readonly unknown[]): string {
  return `must be one of: ${valueList(values)}`
}

export const enumError: KeywordError<{ readonly values: unknown[] }> = {
  params: (e) => ({ allowedValues: e.values }),
  message: (_p, e, x) => `${enumExpectation(e.values)}${got(x)}`,
}

/** What `const` expects, in words. */
export function constExpectation(value: unknown): string {
  return `must be exactly ${excerpt(value, 200)}`
}

export const constError: KeywordError<{ readonly value: unknown }> = {
  params: (c) => ({ allowedValue: c.value }),
  message: (_p, c, x) => `${constExpectation(c.value)}${got(x)}`,
}

export const requiredError: KeywordError<string[]> = {
  params: (names, x) => ({ missingProperty: names.find((n) => !present(x as Record<string, unknown>, n)) }),
  message: (p, _names, x) => missingText(String(p.missingProperty), x),
}

const UNITS: Record<string, [bound: string, singular: string, plural: string]> = {
  maxItems: ['at most', 'item', 'items'],
  minItems: ['at least', 'item', 'items'],
  maxProperties: ['at most', 'property', 'properties'],
  minProperties: ['at least', 'property', 'properties'],
}

/** What `maxItems`, `minItems`, `maxProperties`, `minProperties` expect, in words (`must have at most 2 items`). */
export function countExpectation(keyword: string, limit: number): string {
  const [bound, singular, plural] = UNITS[keyword]!
  return `must have ${bound} ${count(limit, singular, plural)}`
}

/** The size of an array. */
export const items = (x: unknown) => (x as unknown[]).length
/** The number of own enumerable keys of an object. */
export const keys = (x: unknown) => Object.keys(x as object).length

export function countError(keyword: string, size: (x: unknown) => number, unit: [singular: string, plural: string]): KeywordError<number> {
  return {
    params: (limit) => ({ limit }),
    // The size, not the value: a too-long array or object says how long it is, not what it holds.
    message: (p, _limit, x) => `${countExpectation(keyword, p.limit as number)} (got ${count(size(x), ...unit)})`,
  }
}

export const maxItemsError = /* @__PURE__ */ countError('maxItems', items, ['item', 'items'])
export const minItemsError = /* @__PURE__ */ countError('minItems', items, ['item', 'items'])
export const maxPropertiesError = /* @__PURE__ */ countError('maxProperties', keys, ['property', 'properties'])
export const minPropertiesError = /* @__PURE__ */ countError('minProperties', keys, ['property', 'properties'])

export const uniqueItemsError: KeywordError<true> = {
  params(_c, x) {
    const [j, i] = duplicate(x as unknown[]) ?? [0, 0]
    return { i, j }
  },
  message: (p, _c, x) => `must not contain duplicate items (items ${String(p.j)} and ${String(p.i)} are both ${excerpt((x as unknown[])[p.i as number])})`,
}

export const patternError: KeywordError<{ readonly source: string }> = {
  params: (re) => ({ pattern: re.source }),
  message: (p, _re, x) => `must match the regular expression /${String(p.pattern)}/${got(x)}`,
}
