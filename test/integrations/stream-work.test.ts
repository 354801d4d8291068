/**
 * `streamObject` does work linear in the text, whatever the chunking: per chunk it reads the new
 * characters and pays for partial copies out of credit the text brings, never re-reading the
 * accumulated value. Bounded by counting (characters read, entries copied into partials, string
 * units checked), not by the clock: the work per KB at 128 KB stays within 1.5x of that at 16 KB,
 * with 16-character deltas, for every payload shape.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { streamObject } from '../../integrations/index.ts'
import { streamLargeCopies, streamWork } from '../../integrations/stream-object.ts'
import type { StreamObjectOptions } from '../../integrations/stream-object.ts'
import { streaming } from './models.ts'

const KB = 1024
const DELTA = 16

type Shape = { name: string; options: Omit<StreamObjectOptions, 'model' | 'prompt'>; text: (bytes: number) => string }

const SHAPES: Shape[] = [
  {
    name: 'one long string (maxLength and enum-free checks on)',
    options: { schema: { type: 'object', properties: { s: { type: 'string', maxLength: 10_000_000 } } } },
    text: (n) => JSON.stringify({ s: 'abcdefghij'.repeat(n / 10) }),
  },
  {
    name: 'one long string of surrogate pairs under maxLength',
    options: { schema: { type: 'object', properties: { s: { type: 'string', maxLength: 10_000_000 } } } },
    text: (n) => JSON.stringify({ s: '\u{1F600}abc'.repeat(n / 5) }),
  },
  {
    name: 'a string with escapes at the root',
    options: { schema: { type: 'string' } },
    text: (n) => JSON.stringify('ab"c\\d\ne\u0001f'.repeat(n / 16)),
  },
  {
    name: 'objects nested as deep as the text is long',
    options: { output: 'no-schema' },
    text: (n) => '{"a":'.repeat(n / 12) + '1' + ',"b":[2]}'.repeat(n / 12),
  },
  {
    name: 'a wide array of small objects, under a schema',
    options: {
      schema: {
        type: 'object',
        properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, tag: { enum: ['alpha', 'beta'] } }, additionalProperties: false } } },
      },
    },
    text: (n) => JSON.stringify({ items: Array.from({ length: n / 26 }, (_, i) => ({ id: i, tag: i % 2 ? 'alpha' : 'beta' })) }),
  },
  {
    name: 'array mode, every element published',
    options: { output: 'array', schema: { type: 'object', properties: { n: { type: 'integer' } } } },
    text: (n) => JSON.stringify({ elements: Array.from({ length: n / 10 }, (_, i) => ({ n: i })) }),
  },
  {
    name: 'one long number',
    options: { output: 'no-schema' },
    text: (n) => '[-0.' + '7'.repeat(n - 6) + ']',
  },
]

/** Streams `text` in `DELTA`-character deltas, reading every partial; the counted work and the partials. */
async function run(shape: Shape, text: string, keep: boolean): Promise<{ work: number; partials: number; last: unknown }> {
  const { model } = streaming(text, DELTA)
  const result = streamObject({ model, prompt: 'x', ...shape.options } as StreamObjectOptions)
  const partials: unknown[] = []
  const seen: string[] = []
  let last: unknown
  let count = 0
  for await (const p of result.partialObjectStream) {
    last = p
    // Every 8th partial is kept to be checked again at the end (a deep one is slow to serialise).
    if (keep && count++ % 8 === 0) {
      partials.push(p)
      seen.push(JSON.stringify(p))
    }
  }
  await result.object
  // Nothing handed out changes afterwards (the parser shares completed values, copies open ones).
  partials.forEach((p, i) => assert.is(JSON.stringify(p), seen[i], `partial ${i} changed after it was handed out`))
  return { work: streamWork.get(result)!(), partials: count, last }
}

const linear = suite('streamObject work is linear in the text, counted')

for (const shape of SHAPES) {
  linear(`${shape.name}: work per KB at 128 KB within 1.5x of 16 KB`, async () => {
    const small = shape.text(16 * KB)
    const large = shape.text(128 * KB)
    const a = await run(shape, small, true)
    const b = await run(shape, large, false)
    const mode = (shape.options as { output?: string }).output
    if (mode !== 'array') assert.equal(a.last, JSON.parse(small), 'the last partial is the whole value')
    assert.ok(a.partials > 1, 'partials were published as the text grew')
    const perKB = (r: { work: number }, t: string) => r.work / (t.length / KB)
    const ratio = perKB(b, large) / perKB(a, small)
    assert.ok(a.work >= small.length, 'the count covers at least the characters read')
    assert.ok(ratio <= 1.5, `work per KB grew ${ratio.toFixed(2)}x from 16 KB (${a.work}) to 128 KB (${b.work})`)
  })
}

linear.run()

const large = suite('streamObject: partials of a very long open array are paid for at their cost')

large('copies of an open array past 16,384 entries (V8 large objects) are charged 8 per entry: fewer of them, and partials still come', async () => {
  const n = 40_000
  const text = JSON.stringify({ items: Array.from({ length: n }, (_, i) => i % 10) })
  const { model } = streaming(text, 12)
  const result = streamObject({ model, prompt: 'x', schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } } })
  let pastThreshold = 0
  let last: unknown
  for await (const p of result.partialObjectStream) {
    last = p
    if (((p as { items?: unknown[] }).items?.length ?? 0) > 16_384) pastThreshold++
  }
  await result.object
  assert.equal(last, JSON.parse(text))
  const copied = streamLargeCopies.get(result)!()
  // the credit a text brings is 64 per chunk and 8 per character, about 13 units per character here
  assert.ok(copied <= 2 * text.length, `${copied} entries copied into large containers for ${text.length} characters`)
  assert.ok(pastThreshold >= 2, `${pastThreshold} partials past 16,384 items`)
})

large.run()
