/**
 * RFC 3339 section 5.6 `full-date`, `full-time` and `date-time`.
 *
 * Each checker scans the string once with `charCodeAt` (shape, then numeric ranges): no regular
 * expression, no allocation per call.
 * As RFC 3339 notes, `T` and `Z` are case-insensitive. A leap second (`:60`) is accepted only when
 * the time, shifted to UTC by its offset, is 23:59 (RFC 3339 section 5.7). Year 0000 is allowed
 * and is a leap year (proleptic Gregorian calendar).
 */

/** An ASCII digit (NaN, read past the end, is not). */
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

/** Two ASCII digits at `i`. */
function twoAt(s: string, i: number): boolean {
  return isDigit(s.charCodeAt(i)) && isDigit(s.charCodeAt(i + 1))
}

/** `YYYY-MM-DD` at index 0, shape only. */
function dateShape(s: string): boolean {
  return twoAt(s, 0) && twoAt(s, 2) && s.charCodeAt(4) === 0x2d && twoAt(s, 5) && s.charCodeAt(7) === 0x2d && twoAt(s, 8)
}

/** `HH:MM:SS[.digits](Z|z|±HH:MM)` from `i` to the end of `s`, shape only. */
function timeShape(s: string, i: number): boolean {
  const n = s.length
  if (!(twoAt(s, i) && s.charCodeAt(i + 2) === 0x3a && twoAt(s, i + 3) && s.charCodeAt(i + 5) === 0x3a && twoAt(s, i + 6))) return false
  let j = i + 8
  if (s.charCodeAt(j) === 0x2e) {
    const first = ++j
    while (j < n && isDigit(s.charCodeAt(j))) j++
    if (j === first) return false
  }
  const c = s.charCodeAt(j)
  if (c === 0x5a || c === 0x7a) return j === n - 1
  if (c !== 0x2b && c !== 0x2d) return false
  return j + 6 === n && twoAt(s, j + 1) && s.charCodeAt(j + 3) === 0x3a && twoAt(s, j + 4)
}

/** Two ASCII digits at `i` as a number (the caller has checked the shape). */
function twoDigits(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48)
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

/** Range checks on `YYYY-MM-DD` at index 0 (the shape is already matched). */
function dateInRange(s: string): boolean {
  const year = twoDigits(s, 0) * 100 + twoDigits(s, 2)
  const month = twoDigits(s, 5)
  const day = twoDigits(s, 8)
  if (month < 1 || month > 12 || day < 1) return false
  if (month === 2) return day <= (isLeapYear(year) ? 29 : 28)
  return day <= (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31)
}

/**
 * Range checks on `HH:MM:SS[.frac](Z|±HH:MM)` starting at `start` and running to the end of `s`
 * (the shape is already matched).
 */
function timeInRange(s: string, start: number): boolean {
  const hour = twoDigits(s, start)
  const minute = twoDigits(s, start + 3)
  const second = twoDigits(s, start + 6)
  if (hour > 23 || minute > 59 || second > 60) return false
  const last = s.charCodeAt(s.length - 1)
  let offset = 0
  if (last !== 0x5a && last !== 0x7a) {
    const offsetHour = twoDigits(s, s.length - 5)
    const offsetMinute = twoDigits(s, s.length - 2)
    if (offsetHour > 23 || offsetMinute > 59) return false
    offset = (offsetHour * 60 + offsetMinute) * (s.charCodeAt(s.length - 6) === 0x2d ? -1 : 1)
  }
  if (second < 60) return true
  // Leap second: local time minus offset must be 23:59 UTC.
  const utc = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440
  return utc === 23 * 60 + 59
}

/**
 * `date`: RFC 3339 `full-date` (`YYYY-MM-DD`), with the day checked against the month and leap
 * years. Accepts nothing else: no surrounding whitespace, no sign or extended year, ASCII digits
 * only. Does not allocate.
 */
export function isDate(value: string): boolean {
  return value.length === 10 && dateShape(value) && dateInRange(value)
}

/**
 * `time`: RFC 3339 `full-time` (`HH:MM:SS[.frac]` then `Z` or `±HH:MM`); the offset is required.
 * `Z` may be lower case; `-00:00` (unknown local offset) is accepted. Does not allocate.
 */
export function isTime(value: string): boolean {
  return timeShape(value, 0) && timeInRange(value, 0)
}

/**
 * `date-time`: RFC 3339 `date-time` (`full-date` `T` `full-time`), `T` and `Z` case-insensitive,
 * the separator must be `T`/`t` (not a space). Does not allocate.
 */
export function isDateTime(value: string): boolean {
  const t = value.charCodeAt(10)
  return dateShape(value) && (t === 0x54 || t === 0x74) && timeShape(value, 11) && dateInRange(value) && timeInRange(value, 11)
}
