/**
 * The incremental JSON parser behind `streamObject`: the same values and the same
 * rejections as `JSON.parse` whatever the chunking, deep-partial snapshots that share completed
 * values, and listener events in document order.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { IncrementalJsonParser } from '../../integrations/index.ts'
import type { JsonKind } from '../../integrations/index.ts'

const RUNS = { seed: 7, numRuns: 300 }

/** Splits `text` at the given (sorted, deduplicated) cut points. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  const chunks: string[] = []
  let at = 0
  for (const p of points) {
    chunks.push(text.slice(at, p))
    at = p
  }
  chunks.push(text.slice(at))
  return chunks
}

function parseChunks(chunks: string[]): unknown {
  const parser = new IncrementalJsonParser()
  for (const c of chunks) parser.feed(c)
  return parser.finish()
}

const equivalence = suite('the incremental parser agrees with JSON.parse whatever the chunking')

equivalence('parses every JSON text to the value JSON.parse gives', () => {
  fc.assert(
    fc.property(fc.json(), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
      assert.equal(parseChunks(split(text, cuts)), JSON.parse(text))
    }),
    RUNS,
  )
})

equivalence('parses pretty-printed and escaped text', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.array(fc.nat(), { maxLength: 20 }), (value, cuts) => {
      const text = JSON.stringify(value, null, 2)
      assert.equal(parseChunks(split(text, cuts)), JSON.parse(text))
    }),
    RUNS,
  )
  const tricky = '{"__proto__":{"a":"\\u00e9\\ud83d\\ude00\\n\\"\\\\\\/"},"e":-0.5e-3,"big":1e400,"n":null}'
  for (let i = 0; i <= tricky.length; i++) assert.equal(parseChunks([tricky.slice(0, i), tricky.slice(i)]), JSON.parse(tricky))
  assert.ok(Object.prototype.hasOwnProperty.call(parseChunks([tricky]), '__proto__'), '__proto__ stays an own property')
})

equivalence('rejects what JSON.parse rejects, as a SyntaxError', () => {
  const bad = ['', '{', '[1,]', '{"a":1,}', '{"a" 1}', "{'a':1}", '01', '1.', '-', '.5', '1e', 'tru', 'nul', '"a\nb"', '"\\x"', '"\\u12g4"', '[1 2]', '{"a":1}}', '{} x', 'NaN', '[', '{"a":}']
  for (const text of bad) {
    assert.throws(() => JSON.parse(text))
    for (const chunks of [[text], text.split('')]) {
      assert.throws(() => parseChunks(chunks), (e: unknown) => e instanceof SyntaxError, `accepted ${JSON.stringify(text)}`)
    }
  }
})

equivalence('accepts exactly what JSON.parse accepts for arbitrary text', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.json().map((j) => j.slice(0, -1)), fc.json().map((j) => j + ' 1')), (text) => {
      fc.pre(!text.includes('`'))
      let expected: unknown
      let ok = true
      try {
        expected = JSON.parse(text)
      } catch {
        ok = false
      }
      if (ok) assert.equal(parseChunks([text]), expected)
      else assert.throws(() => parseChunks(text.split('')), (e: unknown) => e instanceof SyntaxError)
    }),
    RUNS,
  )
})

equivalence('reads one markdown code fence around the value', () => {
  assert.equal(parseChunks(['```json\n{"a"', ':1}\n``', '`\n']), { a: 1 })
  assert.throws(() => parseChunks(['{"a":1} ```x']), (e: unknown) => e instanceof SyntaxError)
})

equivalence('keeps failing after the first error', () => {
  const parser = new IncrementalJsonParser()
  assert.throws(() => parser.feed('[1,,'))
  assert.throws(() => parser.feed('2]'), (e: unknown) => e instanceof SyntaxError)
  assert.throws(() => parser.finish())
})

const snapshots = suite('snapshots are deep-partial values that share what is complete')

snapshots('shows open strings, numbers and literals, and leaves out keys without a value', () => {
  const cases: [string, unknown][] = [
    ['{', {}],
    ['{"na', {}],
    ['{"name"', {}],
    ['{"name":', {}],
    ['{"name":"Os', { name: 'Os' }],
    ['{"name":"Oslo","n":-', { name: 'Oslo' }],
    ['{"name":"Oslo","n":12.', { name: 'Oslo', n: 12 }],
    ['{"name":"Oslo","n":12.5e', { name: 'Oslo', n: 12.5 }],
    ['{"ok":t', { ok: true }],
    ['{"ok":nu', { ok: null }],
    ['[1,{"b":[', [1, { b: [] }]],
    ['["a\\', ['a']],
    ['["a\\u00', ['a']],
    ['["a\\u00e9', ['aé']],
  ]
  for (const [text, expected] of cases) {
    const parser = new IncrementalJsonParser()
    parser.feed(text)
    assert.equal(parser.snapshot(), expected, text)
  }
  const empty = new IncrementalJsonParser()
  empty.feed('  ')
  assert.is(empty.snapshot(), undefined)
})

snapshots('copies only the open containers: completed values are the same objects', () => {
  const parser = new IncrementalJsonParser()
  parser.feed('{"items":[{"id":1},{"id":2}')
  const first = parser.snapshot() as { items: unknown[] }
  parser.feed(',{"id":3}')
  const second = parser.snapshot() as { items: unknown[] }
  assert.is(second.items[0], first.items[0])
  assert.is(second.items[1], first.items[1])
  assert.is.not(second.items, first.items)
  assert.equal(first.items.length, 2, 'an earlier snapshot does not change')
  // The root (no completed entry yet) and the array (three items), each plus one.
  assert.is(parser.snapshotCost(), 0 + 1 + 3 + 1)
})

snapshots('changes its version only when the snapshot would change', () => {
  const parser = new IncrementalJsonParser()
  parser.feed('{"a":1')
  const v = parser.version
  parser.feed(' , "b')
  assert.is(parser.version, v, 'a number completing and a key in progress change nothing visible')
  parser.feed('":"x')
  assert.ok(parser.version > v)
})

snapshots('keeps the snapshot while the version stays, and ends on the parsed value, whatever the chunking', () => {
  fc.assert(
    fc.property(fc.json(), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
      const parser = new IncrementalJsonParser()
      let version = parser.version
      let last = parser.snapshot()
      for (const chunk of split(text, cuts)) {
        parser.feed(chunk)
        const now = parser.snapshot()
        if (parser.version === version) assert.equal(now, last, 'an unchanged version means an unchanged snapshot')
        version = parser.version
        last = now
      }
      parser.finish()
      assert.equal(last, JSON.parse(text), 'the snapshot after the last chunk is the value')
    }),
    RUNS,
  )
})

snapshots('returns the root value once it is complete', () => {
  const parser = new IncrementalJsonParser()
  parser.feed('[1,2]')
  assert.ok(parser.done)
  assert.is(parser.snapshot(), parser.finish())
})

const events = suite('the listener hears each value begin and end in document order')

events('reports kinds, keys and indexes, key counts and completed values', () => {
  const log: string[] = []
  const parser = new IncrementalJsonParser({
    begin: (kind: JsonKind, segment) => log.push(`begin ${kind} ${String(segment)}`),
    key: (name, n) => log.push(`key ${name} ${n}`),
    end: (value) => log.push(`end ${JSON.stringify(value)}`),
  })
  for (const c of '{"a":[1,"x"],"a":null,"b":true}') parser.feed(c)
  assert.equal(log, [
    'begin object undefined',
    'key a 1',
    'begin array a',
    'begin number 0',
    'end 1',
    'begin string 1',
    'end "x"',
    'end [1,"x"]',
    'key a 1',
    'begin null a',
    'end null',
    'key b 2',
    'begin boolean b',
    'end true',
    'end {"a":null,"b":true}',
  ])
})

events('stops the parse when the listener throws', () => {
  const parser = new IncrementalJsonParser({
    begin: (kind) => {
      if (kind === 'string') throw new RangeError('no strings')
    },
    key: () => undefined,
    end: () => undefined,
  })
  assert.throws(() => parser.feed('[1,"a"]'), (e: unknown) => e instanceof RangeError)
})

equivalence.run()
snapshots.run()
events.run()
