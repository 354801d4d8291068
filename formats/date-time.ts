/**
 * RFC 3339 section 5.6 `full-date`, `full-time` and `date-time`.
 *
 * Each checker reads the string once with `charCodeAt`, digits as numbers, in one flat function
 * (the date and time parts as functions of their own were not inlined: two more calls per
 * date-time): no regular expression, no allocation per call. As RFC 3339 notes, `T` and `Z` are
 * case-insensitive. A leap second (`:60`) is accepted only when the time, shifted to UTC by its
 * offset, is 23:59 (RFC 3339 section 5.7).
 * Year 0000 is allowed and is a leap year (proleptic Gregorian calendar).
 */

/**
 * `String.prototype.charCodeAt`, taken once: the scanners call it through this reference, not
 * through each string's prototype. A program that subclasses `String` (`class S extends String`)
 * leaves `String.prototype` in dictionary mode, where every `s.charCodeAt` is a lookup (about 6x
 * slower per character); a call of the very function the reference holds is not.
 */
export const charCodeAt = String.prototype.charCodeAt

/**
 * `kind` 0: `full-date` (`YYYY-MM-DD`, the day checked against the month); 1: `full-time`
 * (`HH:MM:SS[.digits](Z|z|±HH:MM)`, with ranges and the leap-second rule); 2: `date-time` (a
 * date, `T` or `t`, a time). One function for all three: a date-time costs one call. No free
 * variables and only `return <expression>` exits: the generated tier inlines it
 * (`plugins/format/_inline.ts`).
 */
function scan(s: string, kind: number, code: (this: string, i: number) => number): boolean {
  // Characters are read in order, each group checked as soon as it is read (a failing string
  // stops early; in this order V8's code was about 10% faster than reading all digits first).
  const n = s.length
  let i = 0
  if (kind !== 1) {
    if (kind === 0 ? n !== 10 : n < 20) return false
    const y0 = code.call(s, 0) - 48
    const y1 = code.call(s, 1) - 48
    const y2 = code.call(s, 2) - 48
    const y3 = code.call(s, 3) - 48
    // `>>> 0` maps a negative difference (a character below '0') above 9 as well.
    if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || code.call(s, 4) !== 0x2d) return false
    const m0 = code.call(s, 5) - 48
    const m1 = code.call(s, 6) - 48
    if (m0 >>> 0 > 1 || m1 >>> 0 > 9 || code.call(s, 7) !== 0x2d) return false
    const d0 = code.call(s, 8) - 48
    const d1 = code.call(s, 9) - 48
    if (d0 >>> 0 > 3 || d1 >>> 0 > 9) return false
    const month = m0 * 10 + m1
    const day = d0 * 10 + d1
    if (month < 1 || month > 12 || day < 1) return false
    // Every month has 28 days: the month's own length is looked up past that only.
    if (day > 28) {
      if (month === 2) {
        const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3
        if (day > (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28)) return false
      } else if (day > (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31)) {
        return false
      }
    }
    if (kind === 0) return true
    const t = code.call(s, 10)
    if (t !== 0x54 && t !== 0x74) return false
    i = 11
  } else if (n < 9) {
    return false
  }
  const h0 = code.call(s, i) - 48
  const h1 = code.call(s, i + 1) - 48
  if (h0 >>> 0 > 2 || h1 >>> 0 > 9 || code.call(s, i + 2) !== 0x3a) return false
  const i0 = code.call(s, i + 3) - 48
  const i1 = code.call(s, i + 4) - 48
  if (i0 >>> 0 > 5 || i1 >>> 0 > 9 || code.call(s, i + 5) !== 0x3a) return false
  const s0 = code.call(s, i + 6) - 48
  const s1 = code.call(s, i + 7) - 48
  if (s0 >>> 0 > 6 || s1 >>> 0 > 9) return false
  const hour = h0 * 10 + h1
  const second = s0 * 10 + s1
  if (hour > 23 || second > 60) return false
  // `z`: the character after the seconds and their fraction (NaN past the end).
  let j = i + 8
  let z = code.call(s, j)
  if (z === 0x2e) {
    const first = ++j
    for (z = code.call(s, j); z >= 48 && z <= 57; z = code.call(s, ++j));
    if (j === first) return false
  }
  let offset = 0
  if (z === 0x5a || z === 0x7a) {
    if (j !== n - 1) return false
  } else {
    if ((z !== 0x2b && z !== 0x2d) || j + 6 !== n || code.call(s, j + 3) !== 0x3a) return false
    const o0 = code.call(s, j + 1) - 48
    const o1 = code.call(s, j + 2) - 48
    const o2 = code.call(s, j + 4) - 48
    const o3 = code.call(s, j + 5) - 48
    if (o0 >>> 0 > 2 || o1 >>> 0 > 9 || o2 >>> 0 > 5 || o3 >>> 0 > 9) return false
    const offsetHour = o0 * 10 + o1
    if (offsetHour > 23) return false
    offset = (offsetHour * 60 + o2 * 10 + o3) * (z === 0x2d ? -1 : 1)
  }
  if (second < 60) return true
  // Leap second: local time minus offset must be 23:59 UTC.
  const utc = (((hour * 60 + i0 * 10 + i1 - offset) % 1440) + 1440) % 1440
  return utc === 23 * 60 + 59
}

/**
 * `date`: RFC 3339 `full-date` (`YYYY-MM-DD`), with the day checked against the month and leap
 * years. Accepts nothing else: no surrounding whitespace, no sign or extended year, ASCII digits
 * only. Does not allocate.
 */
export function isDate(value: string): boolean {
  return scan(value, 0, charCodeAt)
}

/**
 * `time`: RFC 3339 `full-time` (`HH:MM:SS[.frac]` then `Z` or `±HH:MM`); the offset is required.
 * `Z` may be lower case; `-00:00` (unknown local offset) is accepted. Does not allocate.
 */
export function isTime(value: string): boolean {
  return scan(value, 1, charCodeAt)
}

/**
 * `date-time`: RFC 3339 `date-time` (`full-date` `T` `full-time`), `T` and `Z` case-insensitive,
 * the separator must be `T`/`t` (not a space). Does not allocate.
 */
export function isDateTime(value: string): boolean {
  return scan(value, 2, charCodeAt)
}

/** What the generated tier may inline for these checkers: the scanning function and its mode (the argument after the value). */
export const INLINE_DATE_TIME = new Map<(value: string) => boolean, { fn: typeof scan; mode: number }>([
  [isDate, { fn: scan, mode: 0 }],
  [isTime, { fn: scan, mode: 1 }],
  [isDateTime, { fn: scan, mode: 2 }],
])
