// Types of bench/compare-core.mjs, for its unit test (the bench scripts are plain JavaScript).

export interface CompareOptions {
  /** The git ref to build, or undefined with `beforeDir`. */
  before: string | undefined
  /** A directory holding a build (dist/) to use as the before build. */
  beforeDir: string | undefined
  rounds: number
  sliceMs: number
  only: string[] | undefined
  quick: boolean
  keep: boolean
  build: boolean
  /** Keep V8's compilation cache on in the timed processes (default off). */
  sharedCodeCache: boolean
  /** How many more times a row worse than the A/A spread runs (its rounds pooled); default 2. */
  confirm: number
  /** Whether the run writes bench/RESULTS.compare.md: a git ref, every row, at least 11 rounds, not quick. */
  write: boolean
}

/** Reads compare.mjs's command line; throws an Error (reason, then usage) on a bad one. */
export function parseArgs(argv: readonly string[]): CompareOptions

export function median(xs: readonly number[]): number

export interface RowRounds {
  id: string
  name: string
  before: readonly number[]
  after: readonly number[]
  twin: readonly number[]
}

export interface RowSummary {
  id: string
  name: string
  before: number
  after: number
  twin: number
  /** Median over rounds of after/before. */
  ratio: number
  /** Median over rounds of twin/before (the after build's second copy against before). */
  twinRatio: number
  /** Median over rounds of twin/after (the A/A ratio). */
  aa: number
  aaMin: number
  aaMax: number
  verdict: 'worse' | 'same' | 'better'
}

export function summarize(rows: readonly RowRounds[]): {
  /** The largest |ln(A/A)| over the rows: the verdict's threshold. */
  spread: number
  /** The median |ln(A/A)| over the rows. */
  typical: number
  rows: RowSummary[]
  worse: string[]
  /** Rows within the spread but slower than the typical A/A gap in both after and twin. */
  slower: string[]
}

export function rotation(n: number, r: number): number[]
