/**
 * Anchored patterns of single characters and character classes (`^TCK-[0-9]{6}$`,
 * `^[a-z]+\/[a-z0-9.+-]+$`, `^[A-Z]{2}$`) as generated statements: one pass over the string's
 * code units, no regular expression run. Only patterns whose greedy reading is the only one are
 * taken (each repeat of varying length is disjoint from whatever may follow it), so the scan
 * answers exactly as `RegExp.prototype.test` with the `u` flag; anything else is left to the engine.
 */
import { joinCode, js, literal } from '../core/index.ts'
import type { Code } from '../core/index.ts'
import { MAX_CODE_POINT, intersects } from './charset.ts'
import { parseRegex } from './parse.ts'
import type { RegexNode } from './parse.ts'

/** One position of the pattern: a set of code points, repeated `min` to `max` times. */
interface Item {
  ranges: number[]
  min: number
  max: number
}

/** More items than this stay with the engine (the generated block grows with each). */
const MAX_ITEMS = 24
/** Code points that take two UTF-16 code units or are surrogates: a unit test would not be a code point test. */
const NOT_ONE_UNIT = [0xd800, 0xdfff, 0x10000, MAX_CODE_POINT]

/** The pattern as anchored items, or undefined when it is not of the simple form. */
function itemsOf(source: string): { items: Item[]; end: boolean } | undefined {
  let tree: RegexNode
  try {
    tree = parseRegex(source)
  } catch {
    return undefined
  }
  const nodes = tree.type === 'seq' ? tree.items : [tree]
  const first = nodes[0]
  if (first === undefined || first.type !== 'assert' || first.kind !== '^') return undefined
  const last = nodes[nodes.length - 1]!
  const end = nodes.length > 1 && last.type === 'assert' && last.kind === '$'
  const items: Item[] = []
  for (const node of nodes.slice(1, end ? -1 : undefined)) {
    const item = node.type === 'repeat' ? itemOf(node.body, node.min, node.max) : itemOf(node, 1, 1)
    if (item === undefined || items.length === MAX_ITEMS) return undefined
    items.push(item)
  }
  return { items, end }
}

function itemOf(node: RegexNode, min: number, max: number): Item | undefined {
  let ranges: number[]
  if (node.type === 'char') ranges = [node.cp, node.cp]
  else if (node.type === 'class' && !node.negated && node.properties.length === 0) ranges = node.ranges
  else return undefined
  if (ranges.length === 0 || intersects(ranges, NOT_ONE_UNIT)) return undefined
  return { ranges, min, max }
}

/**
 * Greedy is exact when a repeat of varying length shares no character with any item that may
 * come next: the items after it up to and including the first one that must appear.
 */
function greedyIsExact(items: readonly Item[]): boolean {
  for (let i = 0; i < items.length; i++) {
    if (items[i]!.min === items[i]!.max) continue
    for (let j = i + 1; j < items.length; j++) {
      if (intersects(items[i]!.ranges, items[j]!.ranges)) return false
      if (items[j]!.min > 0) break
    }
  }
  return true
}

/** A test of the code unit `c` against `ranges`. */
function rangeTest(ranges: readonly number[]): Code {
  const terms: Code[] = []
  for (let i = 0; i < ranges.length; i += 2) {
    const [lo, hi] = [literal(ranges[i]!), literal(ranges[i + 1]!)]
    terms.push(lo === hi ? js`c === ${lo}` : ranges[i + 1] === ranges[i]! + 1 ? js`c === ${lo} || c === ${hi}` : js`(c >= ${lo} && c <= ${hi})`)
  }
  return joinCode(terms, js` || `)
}

/**
 * For a simple anchored pattern, a writer of statements that set `answer` to whether `x` (a
 * string) matches `source` as a `u`-flag regular expression (they use the label `answer$`);
 * undefined for any other pattern.
 */
export function scanStatements(source: string): ((answer: Code) => Code) | undefined {
  const parsed = itemsOf(source)
  if (parsed === undefined || !greedyIsExact(parsed.items)) return undefined
  return (answer) => writeScan(parsed.items, parsed.end, answer)
}

function writeScan(items: readonly Item[], end: boolean, answer: Code): Code {
  const label = js`${answer}$`
  const lines = [js`${answer} = false; ${label}: { const n = x.length; let i = 0, c = 0;`]
  for (const { ranges, min, max } of items) {
    const test = rangeTest(ranges)
    if (min === 1 && max === 1) {
      lines.push(js`if (i === n || !(c = x.charCodeAt(i), ${test})) break ${label}; i++;`)
      continue
    }
    const bound = max === Infinity ? js`` : js` && i - m < ${literal(max)}`
    lines.push(js`{ const m = i; while (i < n${bound} && (c = x.charCodeAt(i), ${test})) i++; if (i - m < ${literal(min)}) break ${label}; }`)
  }
  if (end) lines.push(js`if (i !== n) break ${label};`)
  lines.push(js`${answer} = true; }`)
  return joinCode(lines, js`\n`)
}
