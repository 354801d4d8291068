import type { Code, CompileContext, EarlyIssue, EmitContext } from '../../core/index.ts'
// Not the core barrel: this module is part of the runtime entry compiled modules import (see
// runtime.ts), whose bundle must not reach the kernel.
import { count, excerpt, got, nonFinite } from '../../core/contract/words.ts'
import { hasOwn, jsonEqual } from '../../core/documents/json.ts'
import { js, literal } from '../../core/contract/code.ts'

/** Reads a non-negative integer keyword value (`minLength`, `maxItems`, ...); 2.0 counts as 2. */
export function compileCount(value: unknown, ctx: CompileContext): number {
  failNonFinite(value, ctx, ctx.keyword)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) ctx.fail(`${ctx.keyword} must be a non-negative integer`)
  return value
}

/** Fails when `value` is a number but not a finite one, saying it is out of range (a literal such as 1e400 parses to Infinity). */
export function failNonFinite(value: unknown, ctx: CompileContext, keyword: string): void {
  const why = nonFinite(value)
  if (why !== undefined) ctx.fail(`${keyword} must be a finite number (got ${why})`)
}

/** Reads a finite number keyword value (`minimum`, ...). */
export function compileNumber(value: unknown, ctx: CompileContext): number {
  failNonFinite(value, ctx, ctx.keyword)
  if (typeof value !== 'number') ctx.fail(`${ctx.keyword} must be a number`)
  return value
}

/** Reads an array of unique strings (`required`, `dependentRequired` values). */
export function compileStringArray(value: unknown, ctx: CompileContext, ...segments: (string | number)[]): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) ctx.fail(`${ctx.keyword} must be an array of strings`, ...segments)
  return value as string[]
}

/**
 * A test for JSON equality with one value of a schema (`const`, an `enum` member), built for that
 * value: its keys and item count are read once here, and each check compares only as far as the
 * value reaches, allocating nothing (`jsonEqual` keeps work arrays and reads both sides' keys).
 * Past `EQUAL_DEPTH` levels the rest of the value is compared by `jsonEqual`, so building this
 * stays shallow for any value.
 */
export function equalTo(value: unknown, depth = 0): (x: unknown) => boolean {
  // `===` equates 0 and -0, as JSON equality does; a JSON value holds no NaN.
  if (typeof value !== 'object' || value === null) return (x) => x === value
  if (depth >= EQUAL_DEPTH) return (x) => jsonEqual(value, x)
  if (Array.isArray(value)) {
    const items = value.map((v) => equalTo(v, depth + 1))
    const n = items.length
    return (x) => {
      if (!Array.isArray(x) || x.length !== n) return false
      for (let i = 0; i < n; i++) if (!items[i]!(x[i])) return false
      return true
    }
  }
  const keys = Object.keys(value)
  const tests = keys.map((k) => equalTo((value as Record<string, unknown>)[k], depth + 1))
  const n = keys.length
  return (x) => {
    if (typeof x !== 'object' || x === null || Array.isArray(x) || Object.keys(x).length !== n) return false
    for (let i = 0; i < n; i++) {
      const k = keys[i]!
      if (!hasOwn(x, k) || !tests[i]!((x as Record<string, unknown>)[k])) return false
    }
    return true
  }
}

const EQUAL_DEPTH = 32

/**
 * The most work an equality test with `value` does (`equalTo`), in work units: one per value it
 * holds (keys and items), strings one more per 64 characters. Counted once, at compile time, for
 * a budgeted run to charge per test. Iterative: any depth.
 */
export function equalityWork(value: unknown): number {
  let work = 0
  const stack = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    work++
    if (typeof v === 'string') work += v.length >> 6
    else if (Array.isArray(v)) for (const item of v) stack.push(item)
    else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k])
  }
  return work
}

/** A high-surrogate code unit (no `u` flag: the class matches code units, paired or not). */
const HIGH_SURROGATE = /[\uD800-\uDBFF]/

/** Number of Unicode code points in a string (a surrogate pair counts once). */
export function codePointLength(s: string): number {
  // A pair starts with a high surrogate; most strings have none, and the regex engine's scan for
  // one is many times faster than the loop below.
  if (!HIGH_SURROGATE.test(s)) return s.length
  let n = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

/** The bound in words, so a reader need not decode `<=`. */
const BOUND_WORDS: Record<string, string> = { '<=': 'at most', '<': 'less than', '>=': 'at least', '>': 'greater than' }

/** The message of a failed numeric bound (`maximum`, draft-04's boolean `exclusiveMaximum`, ...): `must be at most 10 (got 11)`. */
export function boundText(comparison: unknown, limit: unknown, received: unknown): string {
  return `${boundExpectation(comparison, limit)}${got(received)}`
}

/**
 * The early check of a string against allowed values (`enum`, `const`): fails once no allowed
 * string starts with the text so far (at once when none is a string). Keeps the candidates left,
 * so each piece is compared once.
 */
export function startsOneOf(values: readonly unknown[], fail: (start: string) => EarlyIssue): (piece: string, start: string) => EarlyIssue | undefined {
  let left = values.filter((v): v is string => typeof v === 'string')
  let at = 0
  return (piece, start) => {
    if (piece !== '') left = left.filter((v) => v.startsWith(piece, at))
    at += piece.length
    return left.length > 0 ? undefined : fail(start)
  }
}

/** What was received of a string still arriving: ` (got a string starting "cel")`. */
export function gotStart(start: string): string {
  return ` (got a string starting ${excerpt(start)})`
}

/** What a numeric bound expects, in words (`must be at most 10`). */
export function boundExpectation(comparison: unknown, limit: unknown): string {
  return `must be ${BOUND_WORDS[String(comparison)] ?? String(comparison)} ${String(limit)}`
}

/** What `maxLength` / `minLength` expect, in words (`must be at most 3 characters long`). */
export function lengthExpectation(bound: 'at most' | 'at least', limit: number): string {
  return `must be ${bound} ${count(limit, 'character')} long`
}

/** The message of a missing required property. */
export function missingText(name: string, object: unknown): string {
  return `must have required property ${excerpt(name, 200)}${got(object)}`
}

/** The message of a property missing beside the one that requires it (`dependentRequired`, `dependencies`). */
export function dependentText(missing: string, because: string, object: unknown): string {
  return `must have property ${excerpt(missing, 200)} because property ${excerpt(because, 200)} is present${got(object)}`
}

/** Own property present with a value other than `undefined`. */
export function present(o: Record<string, unknown>, name: string): boolean {
  return o[name] !== undefined && hasOwn(o, name)
}

/**
 * `present(x, name)` in generated code, for a test that may not evaluate it (a disjunction): the
 * code `true` where an earlier step ensured it.
 */
export function presentCode(name: string, g: EmitContext): Code {
  if (g.known(name)) return js`true`
  const own = g.own(name)
  return own === 'true' ? js`(x[${literal(name)}] !== undefined)` : js`(x[${literal(name)}] !== undefined && ${own})`
}
