/**
 * The super-linear pattern check (regex/analyze.ts) on its own: the shapes it flags, the common
 * patterns it lets through, and its bounded cost. (security/redos.test.ts covers how the kernel
 * reports what it finds.)
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { superLinearReason } from '../../regex/index.ts'

const flags = suite('the super-linear check flags the shapes behind ReDoS')

flags('nested quantifiers that can share characters, at any depth and inside lookarounds', () => {
  for (const p of ['^(a+)+$', '(x+x+)+y', '^(\\w+\\s?)*$', '(a*)*', '((a+)b?)+', '(a|b+)*', '(?:\\s*\\w+\\s*)*', '(\\d+\\.?)*', '^(?=(a+)+$)', '(a+){2,5}']) {
    assert.match(superLinearReason(p) ?? '', /^nested quantifiers: /, p)
  }
  assert.match(superLinearReason('(x+x+)+y')!, /"x\+" inside "\(x\+x\+\)\+"/, 'names the inner and the outer repetition')
})

flags('alternatives that can start alike under an unbounded repetition', () => {
  for (const p of ['(a|a)*', '(\\r\\n|\\r|\\n)+', '(?:\\w|\\d)+', '(a|ab)*c', '(?:[a-c]|b)+$']) assert.match(superLinearReason(p) ?? '', /^overlapping alternatives: /, p)
})

flags('adjacent unbounded repetitions over shared characters, optional parts between', () => {
  for (const p of ['\\d+\\d+', '.*.*=', 'a*b?a*', '^\\w+\\s*\\w+$', '(?:a+)(?:a+)']) assert.match(superLinearReason(p) ?? '', /^adjacent quantifiers: /, p)
})

flags('nested counted quantifiers of variable width, where count and width allow many divisions (issue 37)', () => {
  for (const p of ['^([a-z0-9]{1,63}\\.?){1,10}$', '^(?:[a-z]{1,10}-?){1,30}$', '^(\\w{1,20}\\s?){1,20}$', '(a{1,2})+', '^(?:\\d{1,5},?)*$', '((.{1,63}\\.){1,127})']) {
    assert.match(superLinearReason(p) ?? '', /^nested quantifiers: /, p)
  }
  assert.match(superLinearReason('^([a-z0-9]{1,63}\\.?){1,10}$')!, /"\[a-z0-9\]\{1,63\}" inside .* about 10\^\d+ ways/)
  assert.match(superLinearReason('(a{1,2})+')!, /exponentially many ways/)
})

flags('three or more unbounded quantifiers chained by separators the one before can match', () => {
  for (const p of ['^[\\s\\S]*?x[\\s\\S]*?y[\\s\\S]*?z$', '^.+@.+\\..+$', '.*,.*,.*', '^[0-9]+.[0-9]+.[0-9]+$', '^a+b?a+a+$']) {
    assert.match(superLinearReason(p) ?? '', /^(chained|adjacent) quantifiers: /, p)
  }
  assert.match(superLinearReason('^[\\s\\S]*?x[\\s\\S]*?y[\\s\\S]*?z$')!, /^chained quantifiers: .*degree 3/)
})

flags('long sources are shortened in the message', () => {
  const reason = superLinearReason(`(${'a'.repeat(100)}+)+`)!
  assert.ok(reason.includes('...'), reason)
  assert.ok(reason.length < 300)
})

flags.run()

const passes = suite('the super-linear check lets ordinary patterns through')

passes('common validation patterns are not flagged', () => {
  for (const p of [
    '^[a-z]+(-[a-z]+)*$', '^(\\d{1,3}\\.){3}\\d{1,3}$', '^(?:[^"\\\\]|\\\\.)*$', '^\\S+@\\S+$', '^[A-Z]{2}$', '(ab+)*', '^\\w+(\\.\\w+)*@',
    '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', '^\\p{Lu}\\p{Ll}+$', '^https?://[^\\s/$.?#].[^\\s]*$', '(a+b+)+', '^(?:a|b)$', '[^,]*,[^,]*',
    '(a|)*', '(?:x{0})*', '^$', '(?!a)b', '\\1?(a)', '[^]*x',
    // counted repetitions that divide few ways, and two chained quantifiers (quadratic at most)
    '^(\\d{1,3}\\.?){4}$', '^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$', '((c1d3g3).{4,8}){6}', '^(?:[01]?\\d|2[0-3]):[0-5]\\d$',
    '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$', '^.+@.+$', '^[^,]+ -> [^,]+(,[^,]+ -> [^,]+)*$',
    '^\\w+([-.]\\w+)*@\\w+([-.]\\w+)*\\.\\w+([-.]\\w+)*$',
  ]) {
    assert.is(superLinearReason(p), undefined, p)
  }
})

passes.run()

const cost = suite('the check takes steps in proportion to the pattern, and says when it gives up')

/** The answer for `source` and the steps the analysis took. */
function analyzed(source: string): { reason: string | undefined; steps: number } {
  const stats = { steps: 0 }
  const reason = superLinearReason(source, stats)
  return { reason, steps: stats.steps }
}

cost('a pattern too deeply nested to parse, or too complex to finish, is reported as such', () => {
  assert.match(superLinearReason('('.repeat(600) + ')'.repeat(600)) ?? '', /could not be analyzed \(groups nest more than 500 levels deep\)/)
  // Many distinct optional repetitions side by side: every pair is a candidate, so the work cap ends it.
  const crafted = Array.from({ length: 3000 }, (_, i) => `${String.fromCodePoint(0x4e00 + i)}*`).join('')
  const { reason, steps } = analyzed(crafted)
  assert.is(reason, 'the pattern is too complex to analyze for super-linear matching')
  // The cap: 10,000 comparisons plus 50 per character (6,000 here); a comparison of two small
  // sets is a few steps. Without the cap, the 4.5 million pairs would take tens of millions.
  assert.ok(steps <= 8 * (10_000 + 50 * 6_000), `${steps} steps`)
})

cost('large ordinary patterns are analyzed in steps linear in their length', () => {
  const ordinary = (n: number) => '(?:a|b)'.repeat(n) + '(?:' + 'c?'.repeat(1.5 * n) + ')'
  const nested = (n: number) => '(?:'.repeat(n) + 'a*' + ')*'.repeat(n)
  const [small, large] = [analyzed(ordinary(500)), analyzed(ordinary(2000))]
  assert.is(large.reason, undefined)
  assert.ok(large.steps <= 4.4 * small.steps, `4x the pattern took ${(large.steps / small.steps).toFixed(2)}x the steps`)
  const separated = (n: number) => 'a+b'.repeat(n) + 'c*d'.repeat(n)
  const [p, q] = [analyzed(separated(500)), analyzed(separated(2000))]
  assert.is(q.reason, undefined)
  assert.ok(q.steps <= 4.4 * p.steps, `4x the separated quantifiers took ${(q.steps / p.steps).toFixed(2)}x the steps`)
  const [a, b] = [analyzed(nested(100)), analyzed(nested(400))]
  assert.match(b.reason ?? '', /nested quantifiers/)
  assert.ok(b.steps <= 4.4 * a.steps, `4x the nesting took ${(b.steps / a.steps).toFixed(2)}x the steps`)
})

cost.run()
