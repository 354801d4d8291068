/** The pure parts of bench/compare.mjs: its command line and the verdict against the A/A spread (nothing timed). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { median, parseArgs, rotation, summarize } from '../../bench/compare-core.mjs'

const args = suite('compare: command line')

args('reads --before and keeps the full-run defaults, which write the result', () => {
  const o = parseArgs(['--before', 'd474aee'])
  assert.is(o.before, 'd474aee')
  assert.is(o.rounds, 11)
  assert.is(o.sliceMs, 60)
  assert.is(o.only, undefined)
  assert.ok(o.build)
  assert.ok(o.write)
})

args('takes --name=value as --name value', () => {
  const o = parseArgs(['--before=HEAD~5', '--rounds=21', '--slice=40'])
  assert.equal([o.before, o.rounds, o.sliceMs], ['HEAD~5', 21, 40])
  assert.ok(o.write)
})

args('a quick run, a row subset or fewer than 11 rounds is not written', () => {
  const quick = parseArgs(['--quick', '--before', 'main'])
  assert.equal([quick.rounds, quick.sliceMs, quick.write], [5, 15, false])
  assert.equal(parseArgs(['--before', 'main', '--only', '1v, 5,']).only, ['1v', '5'])
  assert.is(parseArgs(['--before', 'main', '--only', '1v']).write, false)
  assert.is(parseArgs(['--before', 'main', '--rounds', '7']).write, false)
  // --quick shortens only what was not given
  assert.equal(parseArgs(['--quick', '--rounds', '13', '--before', 'main']).rounds, 13)
})

args('--before-dir takes a build as it is, and such a run is not written', () => {
  const o = parseArgs(['--before-dir', '/tmp/build'])
  assert.equal([o.before, o.beforeDir, o.write], [undefined, '/tmp/build', false])
})

args('--keep, --no-build and --shared-code-cache', () => {
  const o = parseArgs(['--before', 'main', '--keep', '--no-build', '--shared-code-cache'])
  assert.ok(o.keep)
  assert.not.ok(o.build)
  assert.ok(o.sharedCodeCache)
  assert.not.ok(parseArgs(['--before', 'main']).sharedCodeCache)
})

args('--confirm takes 0 or more; 2 by default', () => {
  assert.is(parseArgs(['--before', 'main']).confirm, 2)
  assert.is(parseArgs(['--before', 'main', '--confirm', '0']).confirm, 0)
  assert.throws(() => parseArgs(['--before', 'main', '--confirm', '-1']), /whole number/)
})

args('refuses a missing ref, a missing value, a bad count and an unknown argument, with the usage', () => {
  for (const [argv, why] of [
    [[], /one of --before <git-ref> and --before-dir <dir> is required/],
    [['--before', 'x', '--before-dir', '/tmp/b'], /one of --before/],
    [['--before'], /--before needs a value/],
    [['--before', '--quick'], /--before needs a value/],
    [['--before', 'x', '--rounds', 'ten'], /whole number/],
    [['--before', 'x', '--rounds', '0'], /at least 1/],
    [['--before', 'x', '--only', ','], /at least one row id/],
    [['--before', 'x', '--fast'], /unknown argument "--fast"/],
  ] as const) {
    assert.throws(() => parseArgs(argv), (e: Error) => why.test(e.message) && e.message.includes('usage: npm run bench:compare'), JSON.stringify(argv))
  }
})

const verdict = suite('compare: figures and verdict')

verdict('median of odd and even counts; refuses an empty list', () => {
  assert.is(median([3, 1, 2]), 2)
  assert.is(median([4, 1, 3, 2]), 2.5)
  assert.throws(() => median([]))
})

verdict('the ratio is the median of per-round ratios, so a round slowed for every build cancels', () => {
  // Round 2 ran under load (every build at a tenth): per-round ratios stay 2.
  const { rows } = summarize([{ id: 'r', name: 'r', before: [100, 10, 100], after: [200, 20, 200], twin: [200, 20, 200] }])
  assert.is(rows[0].ratio, 2)
  assert.is(rows[0].aa, 1)
  assert.is(rows[0].before, 100)
  assert.is(rows[0].after, 200)
})

verdict('the spread is the largest |ln A/A| over the rows; a row is worse only beyond it', () => {
  const { spread, rows, worse } = summarize([
    // A/A 1.1 here, 1/1.2 in the next row: the spread is ln 1.2
    { id: 'a', name: 'a', before: [100, 100, 100], after: [100, 100, 100], twin: [110, 110, 110] },
    { id: 'b', name: 'b', before: [100, 100, 100], after: [120, 120, 120], twin: [100, 100, 100] },
    { id: 'c', name: 'c', before: [100, 100, 100], after: [85, 85, 85], twin: [85, 85, 85] },
    { id: 'd', name: 'd', before: [100, 100, 100], after: [80, 80, 80], twin: [80, 80, 80] },
  ])
  assert.ok(Math.abs(spread - Math.log(1.2)) < 1e-12)
  assert.equal(
    rows.map((r) => r.verdict),
    ['same', 'same', 'same', 'worse'],
  )
  assert.equal(worse, ['d'])
})

verdict('the typical gap is the median |ln A/A|; rows slower than it in after and twin, within the spread, are listed apart', () => {
  const { typical, slower, worse, rows } = summarize([
    { id: 'a', name: 'a', before: [100], after: [100], twin: [101] },
    { id: 'b', name: 'b', before: [100], after: [100], twin: [150] },
    { id: 'c', name: 'c', before: [100], after: [90], twin: [90 * 1.02] },
    { id: 'd', name: 'd', before: [100], after: [99.5], twin: [99.5 * 1.03] },
    // after slow, but its twin is not: one slow copy, not slower code
    { id: 'e', name: 'e', before: [100], after: [90], twin: [100] },
  ])
  // |ln A/A|: ln 1.01, ln 1.5, ln 1.02, ln 1.03, ln(100/90): the median is ln 1.03
  assert.ok(Math.abs(typical - Math.log(1.03)) < 1e-12)
  assert.equal(worse, [])
  assert.equal(slower, ['c'])
  assert.is(rows.find((r) => r.id === 'e')?.twinRatio, 1)
})

verdict('a row faster than the spread is better; with identical builds nothing is worse', () => {
  const same = summarize([{ id: 'x', name: 'x', before: [5, 6, 7], after: [5, 6, 7], twin: [5, 6, 7] }])
  assert.is(same.spread, 0)
  assert.is(same.rows[0].verdict, 'same')
  const better = summarize([{ id: 'y', name: 'y', before: [100, 100, 100], after: [150, 150, 150], twin: [160, 150, 140] }])
  assert.is(better.rows[0].verdict, 'better')
  assert.is(better.rows[0].aaMin, 140 / 150)
  assert.is(better.rows[0].aaMax, 160 / 150)
})

verdict('refuses rows whose builds ran different numbers of rounds', () => {
  assert.throws(() => summarize([{ id: 'z', name: 'z', before: [1, 2], after: [1], twin: [1, 2] }]), /same, non-zero number of rounds/)
})

verdict('rotation: every build leads in turn and each round runs every build once', () => {
  assert.equal([0, 1, 2, 3].map((r) => rotation(3, r)), [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 1, 2],
  ])
})

args.run()
verdict.run()
