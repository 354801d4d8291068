// The pure parts of bench/compare.mjs (argument parsing, the per-row figures and the verdict),
// kept apart from the timing so a unit test can check them without running anything timed.

const USAGE = `usage: npm run bench:compare -- --before <git-ref> [options]

  --before <ref>     the build to compare against (any git ref: a commit, a branch, HEAD~5)
  --before-dir <dir> or a build already made: a directory holding dist/ (and node_modules, or
                     beside a project that has them), used as it is; never written
  --rounds <n>       interleaved rounds per row (default 11; at least 11 for a written result)
  --slice <ms>       time slice per build per round (default 60)
  --only <ids>       run only these rows, comma-separated (e.g. 1v,4i,5); not written
  --quick            5 rounds of 15 ms slices: a smoke run, not written
  --confirm <n>      run a row that is worse than the A/A spread again, up to n times, pooling
                     its rounds (default 2; 0: never)
  --keep             keep the temporary worktree and the twin's copy (their paths are printed)
  --no-build         use the working tree's dist/ as it is (default: node scripts/build.mjs first)
  --shared-code-cache  keep V8's compilation cache on (default: off, so the builds' generated
                     code of the same text does not share type feedback; see compare.mjs)`

/**
 * Reads compare.mjs's command line. Returns the options, or throws an Error whose message says
 * what is wrong followed by the usage text.
 * @param {readonly string[]} argv the arguments after the script name
 */
export function parseArgs(argv) {
  const opts = { before: undefined, beforeDir: undefined, rounds: 11, sliceMs: 60, only: undefined, quick: false, keep: false, build: true, sharedCodeCache: false, confirm: 2 }
  const fail = (why) => {
    throw new Error(`${why}\n\n${USAGE}`)
  }
  const value = (i, name) => {
    const v = argv[i + 1]
    if (v === undefined || v.startsWith('--')) fail(`${name} needs a value`)
    return v
  }
  const count = (text, name, min) => {
    if (!/^[0-9]+$/.test(text)) fail(`${name} takes a whole number, not "${text}"`)
    const n = Number(text)
    if (n < min) fail(`${name} must be at least ${min}`)
    return n
  }
  let roundsGiven = false
  let sliceGiven = false
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const eq = a.indexOf('=')
    // --name=value is the same as --name value
    if (a.startsWith('--') && eq > 0) {
      argv = [...argv.slice(0, i), a.slice(0, eq), a.slice(eq + 1), ...argv.slice(i + 1)]
      i--
      continue
    }
    switch (a) {
      case '--before':
        opts.before = value(i++, a)
        break
      case '--before-dir':
        opts.beforeDir = value(i++, a)
        break
      case '--rounds':
        opts.rounds = count(value(i++, a), a, 1)
        roundsGiven = true
        break
      case '--slice':
        opts.sliceMs = count(value(i++, a), a, 1)
        sliceGiven = true
        break
      case '--only':
        opts.only = value(i++, a)
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0)
        if (opts.only.length === 0) fail('--only needs at least one row id')
        break
      case '--confirm':
        opts.confirm = count(value(i++, a), a, 0)
        break
      case '--quick':
        opts.quick = true
        break
      case '--keep':
        opts.keep = true
        break
      case '--no-build':
        opts.build = false
        break
      case '--shared-code-cache':
        opts.sharedCodeCache = true
        break
      case '--help':
      case '-h':
        throw new Error(USAGE)
      default:
        fail(`unknown argument "${a}"`)
    }
  }
  if ((opts.before === undefined) === (opts.beforeDir === undefined)) fail('one of --before <git-ref> and --before-dir <dir> is required')
  if (opts.quick) {
    if (!roundsGiven) opts.rounds = 5
    if (!sliceGiven) opts.sliceMs = 15
  }
  // A result file is written only for a full run: every row, at least 11 rounds.
  // (a --before-dir build has no commit to name, so it is not written either)
  opts.write = !opts.quick && opts.only === undefined && opts.rounds >= 11 && opts.beforeDir === undefined
  return opts
}

/** The median of a non-empty list of numbers (the mean of the two middle ones for an even count). */
export function median(xs) {
  if (xs.length === 0) throw new Error('median of an empty list')
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

/**
 * Per-row figures from the per-round throughputs of the three builds, and the verdict.
 *
 * A row's ratio is the median over rounds of that round's after/before (and twin/after for the
 * A/A ratio): the builds of one round ran back to back, so a ratio within a round cancels load
 * that changed between rounds. The A/A spread is the largest |ln(A/A ratio)| over all rows that
 * ran: the widest gap two identical builds showed in this run. A row is `worse` when
 * ln(after/before) < -spread, `better` when it is > spread, else `same` (within the noise).
 * `typical` is the median |ln(A/A)| over the rows; `slower` lists the rows that are `same` but
 * slower than that typical gap in both copies of the after build (after/before and twin/before):
 * candidates for a rerun, not a verdict.
 *
 * @param {readonly { id: string, name: string, before: readonly number[], after: readonly number[], twin: readonly number[] }[]} rows
 *   per row, ops/s per round for each build (the same number of rounds in each; rows whose
 *   builds could not run are left out by the caller)
 * @returns {{ spread: number, typical: number, slower: string[], rows: { id: string, name: string, before: number, after: number, twin: number, ratio: number, aa: number, aaMin: number, aaMax: number, verdict: 'worse' | 'same' | 'better' }[], worse: string[] }}
 */
export function summarize(rows) {
  const out = rows.map((r) => {
    const n = r.before.length
    if (n === 0 || r.after.length !== n || r.twin.length !== n) throw new Error(`row ${r.id}: every build needs the same, non-zero number of rounds`)
    const ratios = r.after.map((a, i) => a / r.before[i])
    const twins = r.twin.map((t, i) => t / r.before[i])
    const aas = r.twin.map((t, i) => t / r.after[i])
    return {
      id: r.id,
      name: r.name,
      before: median(r.before),
      after: median(r.after),
      twin: median(r.twin),
      ratio: median(ratios),
      twinRatio: median(twins),
      aa: median(aas),
      aaMin: Math.min(...aas),
      aaMax: Math.max(...aas),
    }
  })
  const spread = out.reduce((m, r) => Math.max(m, Math.abs(Math.log(r.aa))), 0)
  // The typical A/A gap, for context: rows slower than it but within the spread are worth a rerun.
  const typical = out.length === 0 ? 0 : median(out.map((r) => Math.abs(Math.log(r.aa))))
  for (const r of out) {
    const l = Math.log(r.ratio)
    r.verdict = l < -spread ? 'worse' : l > spread ? 'better' : 'same'
  }
  return {
    spread,
    typical,
    rows: out,
    worse: out.filter((r) => r.verdict === 'worse').map((r) => r.id),
    slower: out.filter((r) => r.verdict === 'same' && Math.log(r.ratio) < -typical && Math.log(r.twinRatio) < -typical).map((r) => r.id),
  }
}

/** Orders of the builds per round: round r starts at build r mod n, so each leads equally often. */
export function rotation(n, r) {
  const order = []
  for (let k = 0; k < n; k++) order.push((k + r) % n)
  return order
}
