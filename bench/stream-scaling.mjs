#!/usr/bin/env node
/**
 * streamObject on a long array in 12-character deltas (issue 37, item 17): an object holding an
 * array of n small items (`{"id":..,"name":..,"ok":..}`, about 70 characters each), streamed by a
 * pull-based model stream (no pre-filled queue, whose draining is itself quadratic in Node), every
 * partial read, the final object checked. For each n: the process's CPU time (best of 3, after a
 * warm-up run), per character, and its ratio to the smallest size. Linear work keeps the ratio
 * near 1; the target is within 1.5x from the smallest size to 4x it.
 *
 * Past 16,384 items the open array's copies land in V8's large-object space (about 40x the cost
 * per entry); the copy credit charges them so (integrations/incremental-json.ts LARGE_COPY_COST).
 *
 * Run: npm run build && node bench/stream-scaling.mjs [sizes, default 5000,10000,20000,40000]
 */
import { isDeepStrictEqual } from 'node:util'
import { streamObject } from '../dist/integrations/index.js'

const DELTA = 12
const sizes = (process.argv[2] ?? '5000,10000,20000,40000').split(',').map(Number)

/** A v3 language model whose stream sends `text` in DELTA-character deltas, one per pull. */
function model(text) {
  return {
    specificationVersion: 'v3',
    provider: 'bench',
    modelId: 'bench',
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error('not used')
    },
    doStream: async () => {
      let at = -1
      const stream = new ReadableStream({
        pull(c) {
          if (at < 0) {
            c.enqueue({ type: 'stream-start', warnings: [] })
            at = 0
          } else if (at < text.length) {
            c.enqueue({ type: 'text-delta', id: 't', delta: text.slice(at, at + DELTA) })
            at += DELTA
          } else {
            c.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } } })
            c.close()
          }
        },
      })
      return { stream }
    },
  }
}

const schema = {
  type: 'object',
  properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, ok: { type: 'boolean' } }, required: ['id'] } } },
  required: ['items'],
}

const value = (n) => ({ items: Array.from({ length: n }, (_, i) => ({ id: i, name: `item number ${i}`, ok: i % 2 === 0 })) })

async function once(n) {
  const expected = value(n)
  const text = JSON.stringify(expected)
  const before = process.cpuUsage()
  const result = streamObject({ model: model(text), prompt: 'x', schema })
  let partials = 0
  for await (const _ of result.partialObjectStream) partials++
  const object = await result.object
  const used = process.cpuUsage(before)
  if (!isDeepStrictEqual(object, expected)) throw new Error(`wrong object at ${n} items`)
  return { chars: text.length, ms: (used.user + used.system) / 1000, partials }
}

await once(sizes[0]) // warm-up
const rows = []
let base
for (const n of sizes) {
  let best
  for (let r = 0; r < 3; r++) {
    const run = await once(n)
    if (best === undefined || run.ms < best.ms) best = run
  }
  const perChar = (best.ms * 1000) / best.chars
  base ??= perChar
  rows.push({ items: n, chars: best.chars, chunks: Math.ceil(best.chars / DELTA), partials: best.partials, 'CPU ms': best.ms.toFixed(0), 'µs/char': perChar.toFixed(3), 'vs smallest': `${(perChar / base).toFixed(2)}x` })
}
console.log(`streamObject, an array of n small items in ${DELTA}-character deltas, every partial read, CPU time best of 3 (node ${process.version})`)
console.table(rows)
