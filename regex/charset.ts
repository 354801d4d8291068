/**
 * Sets of code points as flat sorted range lists (`[lo0, hi0, lo1, hi1, ...]`, inclusive,
 * disjoint, not adjacent). The translator writes them out as explicit RE2 classes, so ECMAScript's
 * meaning of `.`, `\s` and `\S` survives where RE2's own classes differ; the analyzer intersects them.
 */

/** The largest code point. */
export const MAX_CODE_POINT = 0x10ffff

/** Sorts and merges ranges into canonical form. Allocates a new list. */
export function normalize(ranges: readonly number[]): number[] {
  const pairs: [number, number][] = []
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!])
  pairs.sort((a, b) => a[0] - b[0])
  const out: number[] = []
  for (const [lo, hi] of pairs) {
    const last = out.length - 1
    // Adjacent ranges merge too, so equal sets have equal lists.
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi)
    else out.push(lo, hi)
  }
  return out
}

/** The code points not in `ranges` (canonical input), as a canonical list. */
export function complement(ranges: readonly number[]): number[] {
  const out: number[] = []
  let next = 0
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1)
    next = ranges[i + 1]! + 1
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT)
  return out
}

/** Whether two canonical lists share a code point. Linear in their lengths. */
export function intersects(a: readonly number[], b: readonly number[]): boolean {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i + 1]! < b[j]!) i += 2
    else if (b[j + 1]! < a[i]!) j += 2
    else return true
  }
  return false
}

/** `\d` (ASCII digits, as ECMAScript defines it even with the `u` flag). */
export const DIGIT: readonly number[] = [0x30, 0x39]

/** `\w` without the `i` flag: ASCII letters, digits and `_`. */
export const WORD: readonly number[] = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]

/**
 * `\s`: ECMAScript's WhiteSpace and LineTerminator (tab, LF, VT, FF, CR, space, NBSP, U+1680,
 * U+2000-U+200A, LS, PS, U+202F, U+205F, U+3000, BOM). RE2's `\s` is only `[\t\n\f\r ]`.
 */
export const SPACE: readonly number[] = normalize([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
])

/** `.` without the `s` flag: everything but the line terminators LF, CR, LS and PS. */
export const DOT: readonly number[] = complement(normalize([0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029]))

/** Every code point. */
export const ANY: readonly number[] = [0, MAX_CODE_POINT]

/** `\p{ASCII}`. */
export const ASCII: readonly number[] = [0, 0x7f]
