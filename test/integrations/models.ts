/**
 * Mock language models for the structured-generation tests: the AI SDK's own mocks
 * (`MockLanguageModelV3`/`V4` from `ai/test`, `MockLanguageModelV2` from AI SDK 5), answering
 * with fixed texts, and a stream that records how far it was read and whether it was cancelled;
 * and the event schema the structured-generation tests ask those models for.
 */
import { MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test'
import { MockLanguageModelV2 } from 'ai-v5/test'

/** What the generation tests ask for: a default to fill, a bound and a closed object. */
export const event = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    kind: { enum: ['meeting', 'call'], default: 'meeting' },
    minutes: { type: 'integer', minimum: 5 },
  },
  required: ['title', 'kind'],
  additionalProperties: false,
}

export const USAGE_V3 = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
}

/** A v3 model whose `doGenerate` answers with `texts` in turn (the last one repeats). */
export function generating(texts: string[]): MockLanguageModelV3 {
  let i = 0
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: texts[Math.min(i++, texts.length - 1)]! }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE_V3,
      warnings: [],
    }),
  })
}

/** A v4 model answering `text`, optionally with a separate `structuredOutputText`. */
export function generatingV4(text: string, structuredOutputText?: string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'reasoning', text: 'thinking' }, { type: 'text', text }],
      ...(structuredOutputText === undefined ? {} : { structuredOutputText }),
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE_V3,
      warnings: [],
    }),
  })
}

/** A v2 model (AI SDK 5) answering `text`, streaming it in `chunk`-sized deltas. */
export function modelV2(text: string, chunk = 5): MockLanguageModelV2 {
  return new MockLanguageModelV2({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: 'stop',
      usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 },
      warnings: [],
    }),
    doStream: async () => ({ stream: pulled(v2Parts(text, chunk)).stream as ReadableStream<never> }),
  })
}

function pieces(text: string, chunk: number): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += chunk) out.push(text.slice(i, i + chunk))
  return out
}

/** Stream parts of a v3/v4 model sending `text` in `chunk`-sized deltas. */
export function v3Parts(text: string, chunk = 5): object[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'r1' },
    { type: 'text-start', id: 't' },
    ...pieces(text, chunk).map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE_V3 },
  ]
}

function v2Parts(text: string, chunk: number): object[] {
  return [
    { type: 'stream-start', warnings: [] },
    ...pieces(text, chunk).map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'finish', finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } },
  ]
}

/** A pull-based stream of `parts` that counts the parts read and notes a cancel. */
export function pulled<T>(parts: T[]): { stream: ReadableStream<T>; read: () => number; cancelled: () => boolean } {
  let i = 0
  let cancelled = false
  const stream = new ReadableStream<T>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]!)
      else controller.close()
    },
    cancel() {
      cancelled = true
    },
  })
  return { stream, read: () => i, cancelled: () => cancelled }
}

/** A v3 model streaming `text`; `last` tells how far the latest stream was read and whether it was cancelled. */
export function streaming(text: string, chunk = 5): { model: MockLanguageModelV3; last: () => ReturnType<typeof pulled> } {
  let latest: ReturnType<typeof pulled> | undefined
  const model = new MockLanguageModelV3({
    doStream: async () => {
      latest = pulled(v3Parts(text, chunk))
      return { stream: latest.stream as ReadableStream<never> }
    },
  })
  return { model, last: () => latest! }
}

/** A v3 model whose stream is the given parts. */
export function streamingParts(parts: object[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({ doStream: async () => ({ stream: pulled(parts).stream as ReadableStream<never> }) })
}

/** A v4 model streaming `text`. */
export function streamingV4(text: string, chunk = 5): MockLanguageModelV4 {
  return new MockLanguageModelV4({ doStream: async () => ({ stream: pulled(v3Parts(text, chunk)).stream as ReadableStream<never> }) })
}

/** Reads a stream to the end (or to its error, which is returned). */
export async function drain<T>(stream: AsyncIterable<T>): Promise<{ values: T[]; error: unknown }> {
  const values: T[] = []
  try {
    for await (const v of stream) values.push(v)
    return { values, error: undefined }
  } catch (error) {
    return { values, error }
  }
}
