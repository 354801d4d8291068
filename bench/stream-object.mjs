#!/usr/bin/env node
/**
 * streamObject benchmark: a JSON value streamed in 16-character deltas by the same mock model
 * (`MockLanguageModelV3` from `ai/test`, its stream from the AI SDK's `simulateReadableStream`
 * without delays) through schemavet's `streamObject` and through the AI SDK's, reading every
 * partial value and the final object (checked equal to the source).
 *
 * Rows: schemavet at 250 KB, 500 KB, 1 MB and 2 MB for two payloads (one long string; a catalogue
 * of nested objects), with the time per KB and its ratio to the 250 KB figure (linear growth
 * keeps it near 1; the promise is within 1.5x); the AI SDK at 134 KB (it re-parses the whole text
 * on every chunk, so its time grows with the square of the size); and, for the record, how long
 * Node takes just to drain a stream whose parts were all queued up front (what
 * `convertArrayToReadableStream` makes), which is itself quadratic in the number of parts.
 *
 * Run: npm run build && node bench/stream-object.mjs [--quick]
 */
import { performance } from 'node:perf_hooks'
import { isDeepStrictEqual } from 'node:util'
import { jsonSchema, simulateReadableStream, streamObject as aiStreamObject } from 'ai'
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test'
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

/** `{ title, body }` with a body string making it about `bytes` long. */
function makeString(bytes) {
  const words = 'the quick brown fox jumps over the lazy dog; '
  return { title: 'Essay', body: words.repeat(Math.ceil(bytes / words.length)).slice(0, bytes - 30) }
}

const stringSchema = { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string', minLength: 1 } }, required: ['title', 'body'] }

function partsFor(text) {
  const parts = [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }]
  for (let i = 0; i < text.length; i += CHUNK) parts.push({ type: 'text-delta', id: 't', delta: text.slice(i, i + CHUNK) })
  parts.push({ type: 'text-end', id: 't' })
  parts.push({
    type: 'finish',
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
  })
  return parts
}

function modelFor(text) {
  const parts = partsFor(text)
  // Pull-based (one part per read), as a network stream is. A stream with every part queued up
  // front (`convertArrayToReadableStream`) is itself superlinear to drain in Node's web streams at
  // 34,000 parts, which would hide what is measured here.
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts, initialDelayInMs: null, chunkDelayInMs: null }) }),
  })
}

async function run(stream, object, model, schemaUsed = schema) {
  const start = performance.now()
  const result = stream({ model, prompt: 'Generate the catalogue.', schema: schemaUsed })
  let partials = 0
  for await (const _ of result.partialObjectStream) partials++
  const final = await result.object
  const ms = performance.now() - start
  if (!isDeepStrictEqual(final, object)) throw new Error('the streamed object differs from the source')
  return { ms, partials }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`)
const perKB = (ms, text) => (ms * 1000) / (text.length / KB)

const rows = []
// Warm-up, so the first size measured is not the one that pays for compilation.
for (const make of [makeObject, makeString]) {
  const object = make(250 * KB)
  for (let i = 0; i < 3; i++) await run(streamObject, object, modelFor(JSON.stringify(object)), make === makeObject ? schema : stringSchema)
}
for (const [payload, make, payloadSchema] of [['nested objects', makeObject, schema], ['one long string', makeString, stringSchema]]) {
  let base
  for (const size of [250, 500, 1000, 2000]) {
    const object = make(size * KB)
    const text = JSON.stringify(object)
    const model = modelFor(text)
    const runs = []
    let partials = 0
    for (let i = 0; i < (quick ? 3 : 5); i++) {
      const r = await run(streamObject, object, model, payloadSchema)
      runs.push(r.ms)
      partials = r.partials
    }
    const ms = median(runs)
    base ??= perKB(ms, text)
    rows.push({ library: `schemavet streamObject, ${payload}`, size: `${(text.length / KB).toFixed(0)} KB`, chunks: Math.ceil(text.length / CHUNK), time: fmt(ms), perKB: `${perKB(ms, text).toFixed(0)} µs/KB`, 'vs 250 KB': `${(perKB(ms, text) / base).toFixed(2)}x`, partials })
  }
}

{
  // Quadratic: 134 KB takes tens of seconds to minutes on a busy machine, so --quick uses 34 KB.
  const object = makeObject((quick ? 34 : 134) * KB)
  const text = JSON.stringify(object)
  const r = await run((o) => aiStreamObject({ ...o, schema: jsonSchema(o.schema) }), object, modelFor(text))
  rows.push({ library: 'ai streamObject (AI SDK)', size: `${(text.length / KB).toFixed(0)} KB`, chunks: Math.ceil(text.length / CHUNK), time: fmt(r.ms), perKB: `${perKB(r.ms, text).toFixed(0)} µs/KB`, 'vs 250 KB': '', partials: r.partials })
}

// Not schemavet: Node draining a stream with every part queued up front (its queue shifts an
// array, so each read moves the rest once the queue is large). A model stream built this way
// makes any consumer quadratic; network streams are pulled as they are read.
for (const size of [250, 1000]) {
  const text = JSON.stringify(makeString(size * KB))
  const reader = convertArrayToReadableStream(partsFor(text)).getReader()
  const start = performance.now()
  while (!(await reader.read()).done);
  const ms = performance.now() - start
  rows.push({ library: 'Node: drain a pre-filled ReadableStream (reference)', size: `${(text.length / KB).toFixed(0)} KB`, chunks: Math.ceil(text.length / CHUNK), time: fmt(ms), perKB: `${perKB(ms, text).toFixed(0)} µs/KB`, 'vs 250 KB': '', partials: 0 })
}

console.log(`streamObject, ${CHUNK}-character deltas, every partial read, final object checked (node ${process.version})`)
console.table(rows)
