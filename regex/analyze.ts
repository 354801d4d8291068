/**
 * A compile-time check for patterns a backtracking engine (ECMAScript's) may match in
 * super-linear time: the shapes behind most ReDoS reports. It is a heuristic over the parsed
 * pattern, conservative in the direction of flagging: it may flag a pattern that is in fact safe
 * (`(a|ab)*`), and it does not prove the patterns it passes linear (an unanchored pattern is
 * retried at every position, for one). The linear engine needs none of this; it is the guarantee.
 *
 * Shapes flagged:
 * - nested quantifiers: a repetition whose body holds an unbounded quantifier that can both
 *   start and end an iteration (`(a+)+`, `(x+x+)+y`, `^(\w+\s?)*$`): exponential; or a counted
 *   quantifier of variable width (`{1,63}`) that can, where the outer repetition's count and the
 *   inner width allow more than about a million ways to divide a run of characters among the
 *   iterations (`^([a-z0-9]{1,63}\.?){1,10}$`, `(a{1,2})+`): polynomial of the outer count's
 *   degree, exponential under an unbounded one;
 * - overlapping alternatives under an unbounded repetition (`(a|a)*`, `(\r\n|\r|\n)+`): exponential;
 * - adjacent unbounded quantifiers over overlapping characters with only optional parts between
 *   them (`\d+\d+`, `.*.*=`): polynomial;
 * - three or more unbounded quantifiers over overlapping characters in one sequence, separated by
 *   parts the quantifier before can also match (`^[\s\S]*?x[\s\S]*?y[\s\S]*?z$`, `^.+@.+\..+$`):
 *   each separator can be matched at any of its occurrences, so a failing match takes time of the
 *   degree of their number (two, as in `^\S+@\S+$`, are quadratic and not flagged).
 */
import type { PatternSyntax } from '../core/index.ts'
import { ANY, complement, intersects, normalize } from './charset.ts'
import type { RegexNode } from './parse.ts'
import { parseRegex } from './parse.ts'

interface Info {
  nullable: boolean
  /** Characters that can start a non-empty match. */
  first: number[]
  /** Characters that can end a non-empty match. */
  last: number[]
  /** Every character the node can consume. */
  chars: number[]
}

/**
 * Steps the analysis may take before it gives up (and flags the pattern as too complex): in
 * proportion to the pattern's length, so the check of a whole schema costs time in proportion
 * to the schema's size however its patterns are crafted.
 */
const workLimit = (length: number) => Math.min(1_000_000, 10_000 + 50 * length)

const EMPTY: number[] = []
/** Union of many sets, normalized once (so long sequences stay near-linear). */
const unionAll = (sets: readonly (readonly number[])[]) => normalize(sets.flat())

class TooComplex extends Error {}

class Analysis {
  private readonly info = new Map<RegexNode, Info>()
  /** Capped steps: pairs of sets compared and nodes walked (the cap is on these). */
  private work = 0
  /**
   * All work done, uncapped, for `superLinearReason`'s `stats`: nodes visited, plus the entries
   * of every character set united or compared (what the time is spent on).
   */
  steps = 0
  private readonly limit: number
  constructor(private readonly chars: string[]) {
    this.limit = workLimit(chars.length)
  }

  text(node: { start: number; end: number }): string {
    const t = this.chars.slice(node.start, node.end).join('')
    return t.length > 60 ? `${t.slice(0, 57)}...` : t
  }

  private meets(a: readonly number[], b: readonly number[]): boolean {
    if (++this.work > this.limit) throw new TooComplex()
    this.steps += 1 + a.length + b.length
    return intersects(a, b)
  }

  private union(sets: readonly (readonly number[])[]): number[] {
    for (const set of sets) this.steps += set.length
    return unionAll(sets)
  }

  /** Every node of a subtree, the root included; counts toward the work cap. */
  *descendants(root: RegexNode): Generator<RegexNode> {
    const stack = [root]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (++this.work > this.limit) throw new TooComplex()
      this.steps++
      yield node
      stack.push(...childrenOf(node))
    }
  }

  /** Computes `Info` bottom-up (the parser bounds nesting, so recursion is shallow). */
  of(node: RegexNode): Info {
    let info = this.info.get(node)
    if (info !== undefined) return info
    info = this.compute(node)
    this.info.set(node, info)
    return info
  }

  private compute(node: RegexNode): Info {
    this.steps++
    switch (node.type) {
      case 'char': {
        const set = [node.cp, node.cp]
        return { nullable: false, first: set, last: set, chars: set }
      }
      case 'class': {
        // A property escape is unknown here: count it as every character (flags more, never less).
        let set = node.properties.length > 0 ? [...ANY] : node.ranges
        if (node.negated && node.properties.length === 0) set = complement(set)
        return { nullable: false, first: set, last: set, chars: set }
      }
      case 'assert':
      case 'look':
        if (node.type === 'look') this.of(node.body)
        return { nullable: true, first: EMPTY, last: EMPTY, chars: EMPTY }
      case 'backref':
        return { nullable: true, first: [...ANY], last: [...ANY], chars: [...ANY] }
      case 'group':
        return this.of(node.body)
      case 'repeat': {
        const body = this.of(node.body)
        if (node.max === 0) return { nullable: true, first: EMPTY, last: EMPTY, chars: EMPTY }
        return { ...body, nullable: body.nullable || node.min === 0 }
      }
      case 'alt': {
        const parts = node.branches.map((b) => this.of(b))
        return {
          nullable: parts.some((p) => p.nullable),
          first: this.union(parts.map((p) => p.first)),
          last: this.union(parts.map((p) => p.last)),
          chars: this.union(parts.map((p) => p.chars)),
        }
      }
      case 'seq': {
        const parts = node.items.map((i) => this.of(i))
        const first: number[][] = []
        for (const p of parts) {
          first.push(p.first)
          if (!p.nullable) break
        }
        const last: number[][] = []
        for (let k = parts.length - 1; k >= 0; k--) {
          last.push(parts[k]!.last)
          if (!parts[k]!.nullable) break
        }
        return {
          nullable: parts.every((p) => p.nullable),
          first: this.union(first),
          last: this.union(last),
          chars: this.union(parts.map((p) => p.chars)),
        }
      }
    }
  }

  /** The first super-linear shape found in `node`, or undefined. */
  find(node: RegexNode): string | undefined {
    // Outer shapes first: `(x+x+)+` is reported as the exponential nesting it is, not as the
    // polynomial pair inside it.
    this.steps++
    let found: string | undefined
    if (node.type === 'repeat' && node.max >= 2) found = this.nested(node) ?? this.overlapping(node)
    else if (node.type === 'seq') found = this.adjacent(node.items) ?? this.chained(node.items)
    for (const child of childrenOf(node)) found ??= this.find(child)
    return found
  }

  private nested(r: Extract<RegexNode, { type: 'repeat' }>): string | undefined {
    const body = this.of(r.body)
    for (const c of this.descendants(r.body)) {
      if (c.type !== 'repeat') continue
      // a counted repetition of fixed width (`{3}`) or of at most one (`?`) divides nothing
      const counted = c.max !== Infinity
      if (counted && (c.max < 2 || c.max === c.min)) continue
      const s = this.of(c.body).chars
      if (!(this.meets(body.first, s) && this.meets(body.last, s))) continue
      if (!counted) {
        return `nested quantifiers: "${this.text(c)}" inside "${this.text(r)}" can divide the same characters among iterations in exponentially many ways`
      }
      const ways = log10Divisions(r.max, c.min, c.max)
      if (ways >= 6) {
        const many = ways === Infinity ? 'exponentially many ways' : `about 10^${Math.floor(ways)} ways`
        return `nested quantifiers: "${this.text(c)}" inside "${this.text(r)}" can divide the same characters among iterations in ${many}`
      }
    }
    return undefined
  }

  private overlapping(r: Extract<RegexNode, { type: 'repeat' }>): string | undefined {
    if (r.max !== Infinity) return undefined
    for (const a of this.descendants(r.body)) {
      if (a.type !== 'alt') continue
      const firsts = a.branches.map((b) => this.of(b).first)
      for (let i = 0; i < firsts.length; i++) {
        for (let j = i + 1; j < firsts.length; j++) {
          if (this.meets(firsts[i]!, firsts[j]!)) {
            return `overlapping alternatives: branches of "${this.text(a)}" under "${this.text(r)}" can start with the same character, so each iteration may be tried several ways`
          }
        }
      }
    }
    return undefined
  }

  /**
   * Three or more unbounded repetitions in one sequence, each over characters the one before can
   * also match, with everything between them nullable or matched by the one before: each
   * separator may be matched at any of its occurrences, so a failing match tries every choice of
   * them (time of the degree of their number). One pass over the items.
   */
  private chained(items: readonly RegexNode[]): string | undefined {
    let chain: { chars: number[]; last: number[]; length: number; first: Extract<RegexNode, { type: 'repeat' }> } | undefined
    for (const item of items) {
      const a = unwrap(item)
      if (a.type === 'repeat' && a.max === Infinity) {
        const body = this.of(a.body)
        // linked as adjacent quantifiers are: the boundary between the two can move
        if (chain !== undefined && this.meets(chain.chars, body.first) && this.meets(chain.last, body.chars)) {
          chain = { chars: body.chars, last: body.last, length: chain.length + 1, first: chain.first }
          if (chain.length >= 3) {
            return `chained quantifiers: "${this.text(chain.first)}" ... "${this.text(a)}" and the parts between them can match the same characters, so a failing match takes time of degree ${chain.length} or more`
          }
        } else chain = { chars: body.chars, last: body.last, length: 1, first: a }
        continue
      }
      if (chain === undefined) continue
      const info = this.of(item)
      if (!info.nullable && !this.meets(chain.chars, info.chars)) chain = undefined
    }
    return undefined
  }

  private adjacent(items: readonly RegexNode[]): string | undefined {
    for (let i = 0; i < items.length; i++) {
      const a = unwrap(items[i]!)
      if (a.type !== 'repeat' || a.max !== Infinity) continue
      const left = this.of(a.body)
      for (let j = i + 1; j < items.length; j++) {
        const b = unwrap(items[j]!)
        // Characters the left one can end with, the right one can start with: the boundary moves.
        if (b.type !== 'repeat' || b.max !== Infinity) {
          if (!this.of(items[j]!).nullable) break
          continue
        }
        const right = this.of(b.body)
        if (this.meets(left.chars, right.first) && this.meets(left.last, right.chars)) {
          return `adjacent quantifiers: "${this.text(a)}" and "${this.text(b)}" can trade the same characters, which takes polynomial time on a failing match`
        }
        if (!this.of(items[j]!).nullable) break
      }
    }
    return undefined
  }
}

/**
 * log10 of (a bound on) the ways a run of characters can be divided among up to `times`
 * iterations whose inner repetition takes `min` to `max` of them: the fewer of C(times * max - 1,
 * times - 1), the compositions of the longest run into `times` parts, and (max - min + 1) ^ times,
 * the choices of width. Infinity for an unbounded count (the ways grow exponentially).
 */
function log10Divisions(times: number, min: number, max: number): number {
  if (times === Infinity) return Infinity
  const n = times * max - 1
  const k = Math.min(times - 1, n - (times - 1))
  let compositions = 0
  // each factor is at least 1, and past a few dozen the sum is far above any threshold: 2,000 at most
  for (let i = 1; i <= Math.min(k, 2000); i++) compositions += Math.log10((n - k + i) / i)
  return Math.min(compositions, times * Math.log10(max - min + 1))
}

function unwrap(node: RegexNode): RegexNode {
  while (node.type === 'group') node = node.body
  return node
}

function childrenOf(node: RegexNode): readonly RegexNode[] {
  switch (node.type) {
    case 'seq':
      return node.items
    case 'alt':
      return node.branches
    case 'group':
    case 'look':
    case 'repeat':
      return [node.body]
    default:
      return []
  }
}

/**
 * Why `source` may take super-linear time under a backtracking engine, or undefined when none
 * of the shapes above is found. The source must be a valid ECMAScript pattern (with the `u` flag,
 * or without it for `legacy` syntax). Runs
 * at compile time; its work is capped (a pattern too complex to analyze is reported as such).
 * `stats.steps` receives the steps the analysis took (tests bound it instead of timing it).
 */
export function superLinearReason(source: string, stats?: { steps: number }, syntax: PatternSyntax = 'unicode'): string | undefined {
  let tree: RegexNode
  try {
    tree = parseRegex(source, syntax)
  } catch (e) {
    return `the pattern could not be analyzed (${(e as Error).message})`
  }
  const analysis = new Analysis(Array.from(source))
  try {
    return analysis.find(tree)
  } catch (e) {
    if (e instanceof TooComplex) return 'the pattern is too complex to analyze for super-linear matching'
    throw e
  } finally {
    if (stats !== undefined) stats.steps = analysis.steps
  }
}
