/**
 * Building blocks of issue messages, shared by every keyword so each can say in the same words
 * what it expected and what it got. Called only on the failure path (when an issue is recorded),
 * never while a value passes; every function is bounded in the size of what it is given.
 */

/** Longest received value shown in a message, in characters. */
export const RECEIVED_LENGTH = 60
/** Longest schema value (a `const`, one allowed value, a pattern) shown in a message. */
export const EXPECTED_LENGTH = 200
/** Allowed values spelled out before the rest are counted. */
export const LISTED_VALUES = 20

/**
 * `value` as JSON text cut to at most `max` characters (`...` marks the cut). Written iteratively
 * and only as far as shown, so data nested any depth, containing itself, megabytes long or not
 * JSON at all (getters that throw, `NaN`, `BigInt`) costs the excerpt alone.
 */
export function excerpt(value: unknown, max = RECEIVED_LENGTH): string {
  // Most failures name a scalar: no walk, no frames.
  const text = typeof value !== 'object' || value === null ? scalar(value, max + 1) : boundedJson(value, max + 1)
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 3))}...`
}

/** ` (got <excerpt>)`, the tail of a message naming the received value. */
/**
 * What a number that is not finite is, in words: a literal past the range of a double (`1e400`)
 * parses to Infinity (`JSON.parse` gives no error), so the schema or data that held it says a
 * number it never meant. Undefined for a finite number, NaN (no literal parses to it) or anything else.
 */
export function nonFinite(value: unknown): string | undefined {
  if (typeof value !== 'number' || Number.isFinite(value) || Number.isNaN(value)) return undefined
  return `${value}: the number is out of range (as 1e400 parses)`
}

export function got(value: unknown): string {
  return ` (got ${excerpt(value)})`
}

/** The message of a `false` schema; `received` is the received value's excerpt, when known. */
export function falseSchemaText(received?: string): string {
  return `no value is allowed here (the schema is false${received === undefined ? '' : `; got ${received}`})`
}

/** The `false` schema's issue (its `error`): no value is allowed, and what was received. */
export const falseSchemaError = { message: (_p: Record<string, unknown>, _c: unknown, x: unknown): string => falseSchemaText(excerpt(x)) }

/** Allowed values as a list: `"a", "b", "c"`, the first `LISTED_VALUES` spelled out, the rest counted. */
export function valueList(values: readonly unknown[]): string {
  const shown: string[] = []
  const n = Math.min(values.length, LISTED_VALUES)
  for (let i = 0; i < n; i++) shown.push(excerpt(values[i], EXPECTED_LENGTH))
  return values.length > n ? `${shown.join(', ')} (and ${values.length - n} more)` : shown.join(', ')
}

/** `3 items`, `1 item`; `plural` for irregular words (`properties`). */
export function count(n: unknown, singular: string, plural = `${singular}s`): string {
  return `${String(n)} ${n === 1 ? singular : plural}`
}

/** `a string`, `an integer`, `null`: a JSON type name as the object of "must be". */
export function article(type: string): string {
  if (type === 'null') return 'null'
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`
}

/** `a string or null`, `a number, a string or null`. */
export function typeList(types: readonly string[]): string {
  const words = types.map(article)
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

/** A character JSON.stringify writes escaped: a quote, a backslash, a control character, a surrogate. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/** One scalar as JSON (a value JSON cannot hold as `String` gives it). */
function scalar(value: unknown, max: number): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (typeof value === 'string') {
    const shown = value.length > max ? value.slice(0, max) : value
    // Quotes added by hand when nothing needs escaping: half the cost of JSON.stringify.
    return NEEDS_ESCAPE.test(shown) ? JSON.stringify(shown) : `"${shown}"`
  }
  if (typeof value === 'bigint') return `${value}n`
  if (value === undefined) return 'undefined'
  if (typeof value === 'symbol' || typeof value === 'function') return `a ${typeof value}`
  return JSON.stringify(value) ?? 'null'
}

interface Frame {
  items: unknown[] | null
  keys: string[] | null
  source: unknown
  next: number
}

function boundedJson(value: unknown, max: number): string {
  let out = ''
  const stack: Frame[] = []
  const open = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) {
      out += scalar(v, max)
      return
    }
    try {
      if (stack.some((f) => f.source === v)) {
        out += '"[cyclic]"'
        return
      }
      if (Array.isArray(v)) {
        out += '['
        stack.push({ items: v, keys: null, source: v, next: 0 })
      } else {
        out += '{'
        // Object.keys of a huge object is its own cost: read names only as far as shown.
        const keys: string[] = []
        for (const k in v) {
          if (!Object.prototype.hasOwnProperty.call(v, k)) continue
          keys.push(k)
          if (keys.length > max) break
        }
        stack.push({ items: null, keys, source: v, next: 0 })
      }
    } catch {
      out += '?'
    }
  }
  open(value)
  while (stack.length > 0 && out.length < max) {
    const top = stack[stack.length - 1]!
    const length = top.items !== null ? top.items.length : top.keys!.length
    if (top.next >= length) {
      out += top.items !== null ? ']' : '}'
      stack.pop()
      continue
    }
    const i = top.next++
    if (i > 0) out += ','
    try {
      if (top.items !== null) open(top.items[i])
      else {
        const key = top.keys![i]!
        out += scalar(key, max) + ':'
        open((top.source as Record<string, unknown>)[key])
      }
    } catch {
      out += '?'
    }
  }
  return out
}
