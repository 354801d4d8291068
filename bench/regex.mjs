// Hostile patterns in untrusted mode: validate() time on 1 KB and 10 KB hostile strings (the
// goal: under 50 ms each at 10 KB), against the backtracking ECMAScript engine on a few dozen
// characters for contrast.
//
//   npm run build && node bench/regex.mjs
//
// Each figure is the median of 21 timed calls after a warm-up call; "first call" is that warm-up
// on a fresh validator, including the one-time compile of the automaton. An invalid string makes validate()
// evaluate twice (the fast pass, then the pass that collects the issue), so it tests twice.
import { newJSONSchema } from '../dist/index.js'
// The whole library, as before the optional parts had entries of their own.
import '../dist/idn.js'
import '../dist/linear-regex.js'

const HOSTILE = [
  ['^(a+)+$', (n) => 'a'.repeat(n - 1) + '!'],
  // `!y` keeps the `y` a literal prefilter would look for, so the automaton itself has to run.
  ['(x+x+)+y', (n) => 'x'.repeat(n - 2) + '!y'],
  ['^(\\w+\\s?)*$', (n) => 'a'.repeat(n - 1) + '!'],
]

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

function time(fn, runs = 21) {
  const t0 = performance.now()
  fn()
  const first = performance.now() - t0
  const times = []
  for (let i = 0; i < runs; i++) {
    const s = performance.now()
    fn()
    times.push(performance.now() - s)
  }
  return { first, median: median(times) }
}

const ms = (x) => `${x < 1 ? x.toFixed(3) : x.toFixed(1)} ms`
const rows = []
for (const [pattern, input] of HOSTILE) {
  const v = newJSONSchema({ type: 'string', pattern }, { untrusted: true })
  const small = input(1024)
  const large = input(10_240)
  // Large first, on a fresh validator: its first call includes compiling the automaton.
  const b = time(() => v.validate(large))
  const a = time(() => v.validate(small))
  if (v.validate(large) === null) throw new Error(`${pattern} accepted its hostile input`)
  rows.push(`| \`${pattern}\` | ${ms(a.median)} | ${ms(b.median)} | ${ms(b.first)} | ${(b.median / a.median).toFixed(1)}x | ${b.median < 50 && b.first < 50 ? 'yes' : 'NO'} |`)
}

console.log(`# Hostile patterns (node ${process.version}, ${process.platform} ${process.arch})\n`)
console.log('untrusted mode (`regex: \'linear\'`), validate() on an invalid hostile string:\n')
console.log('| pattern | 1 KB | 10 KB | 10 KB, first call | 10 KB / 1 KB | under 50 ms |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) console.log(r)

// The backtracking engine: doubling per character, so only a few dozen characters, stopping
// before a run would take more than a second.
console.log('\nfor contrast, `regex: \'ecmascript\'` (backtracking), validate() on short hostile strings:\n')
console.log('| pattern | length | time |')
console.log('|---|---|---|')
for (const [pattern, input] of HOSTILE) {
  const v = newJSONSchema({ type: 'string', pattern }, { regex: 'ecmascript' })
  for (let n = 16; n <= 28; n += 4) {
    const t = performance.now()
    v.validate(input(n))
    const elapsed = performance.now() - t
    console.log(`| \`${pattern}\` | ${n} | ${ms(elapsed)} |`)
    if (elapsed > 250) break
  }
}
