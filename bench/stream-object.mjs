#!/usr/bin/env node
/**
 * streamObject benchmark (issue 7): a JSON object streamed in 16-byte chunks by the same mock
 * model (`MockLanguageModelV3` from `ai/test`, its stream from the AI SDK's `simulateReadableStream`
 * without delays) through schemavet's `streamObject` and through the AI SDK's, reading every
 * partial value and the final object (checked equal to the source).
 *
 * Reports the AI SDK at 134 KB (it re-parses the whole text on every chunk, so its time grows
 * with the square of the size; larger sizes would take minutes), and schemavet at 34 KB, 134 KB
 * and 536 KB, whose time per KB should stay flat (linear growth).
 *
 * Run: npm run build && node bench/stream-object.mjs [--quick]
 */
import { performance } from 'node:perf_hooks'
import { isDeepStrictEqual } from 'node:util'
import { jsonSchema, simulateReadableStream, streamObject as aiStreamObject } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { streamObject } from '../dist/integrations/index.js'

globalThis.AI_SDK_LOG_WARNINGS = false
const quick = process.argv.includes('--quick')
const CHUNK = 16
const KB = 1024

const schema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    currency: { enum: ['EUR', 'USD', 'NOK'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', minimum: 0 },
          name: { type: 'string', minLength: 1 },
          description: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 8 },
          price: { type: 'number', minimum: 0 },
          inStock: { type: 'boolean' },
          unit: { enum: ['piece', 'kg', 'litre'], default: 'piece' },
        },
        required: ['id', 'name', 'price', 'inStock', 'unit'],
        additionalProperties: false,
      },
    },
  },
  required: ['title', 'items'],
  additionalProperties: false,
}

/** An object of about `bytes` bytes of JSON, deterministic. */
function makeObject(bytes) {
  const words = ['alpine', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'glacier', 'harbour', 'island', 'juniper']
  const items = []
  const object = { title: 'Catalogue', currency: 'NOK', items }
  let size = JSON.stringify(object).length
  for (let i = 0; size < bytes; i++) {
    const item = {
      id: i,
      name: `${words[i % 10]} ${words[(i * 7) % 10]} ${i}`,
      description: `A ${words[(i * 3) % 10]} item for the ${words[(i * 5) % 10]} season, number ${i}.`,
      tags: [words[i % 10], words[(i + 4) % 10]],
      price: Math.round(i * 137.5) / 10,
      inStock: i % 3 !== 0,
      unit: i % 2 === 0 ? 'piece' : 'kg',
    }
    items.push(item)
    size += JSON.stringify(item).length + 1
  }
  return object
}

function modelFor(text) {
  const parts = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }]
  for (let i = 0; i < text.length; i += CHUNK) parts.push({ type: 'text-delta', id: 't', delta: text.slice(i, i + CHUNK) })
  parts.push({ type: 'text-end', id: 't' })
  parts.push({
    type: 'finish',
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
  })
  // Pull-based (one part per read), as a network stream is. A stream with every part queued up
  // front (`convertArrayToReadableStream`) is itself superlinear to drain in Node's web streams at
  // 34,000 parts, which would hide what is measured here.
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts, initialDelayInMs: null, chunkDelayInMs: null }) }),
  })
}

async function run(stream, object, model) {
  const start = performance.now()
  const result = stream({ model, prompt: 'Generate the catalogue.', schema })
  let partials = 0
  for await (const _ of result.partialObjectStream) partials++
  const final = await result.object
  const ms = performance.now() - start
  if (!isDeepStrictEqual(final, object)) throw new Error('the streamed object differs from the source')
  return { ms, partials }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`)

const rows = []
// Warm-up, so the first size measured is not the one that pays for compilation.
{
  const object = makeObject(134 * KB)
  for (let i = 0; i < 3; i++) await run(streamObject, object, modelFor(JSON.stringify(object)))
}
for (const size of [34, 134, 536]) {
  const object = makeObject(size * KB)
  const text = JSON.stringify(object)
  const model = modelFor(text)
  const runs = []
  let partials = 0
  for (let i = 0; i < (quick ? 3 : 7); i++) {
    const r = await run(streamObject, object, model)
    runs.push(r.ms)
    partials = r.partials
  }
  const ms = median(runs)
  rows.push({ library: 'schemavet streamObject', size: `${(text.length / KB).toFixed(0)} KB`, chunks: Math.ceil(text.length / CHUNK), time: fmt(ms), perKB: `${((ms * 1000) / (text.length / KB)).toFixed(0)} µs/KB`, partials })
}

{
  const object = makeObject(134 * KB)
  const text = JSON.stringify(object)
  const r = await run((o) => aiStreamObject({ ...o, schema: jsonSchema(o.schema) }), object, modelFor(text))
  rows.push({ library: 'ai streamObject (AI SDK)', size: `${(text.length / KB).toFixed(0)} KB`, chunks: Math.ceil(text.length / CHUNK), time: fmt(r.ms), perKB: `${((r.ms * 1000) / (text.length / KB)).toFixed(0)} µs/KB`, partials: r.partials })
}

console.log(`streamObject, ${CHUNK}-byte chunks, every partial read, final object checked (node ${process.version})`)
console.table(rows)
