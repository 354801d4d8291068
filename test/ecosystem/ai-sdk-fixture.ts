/**
 * Test support: mock language models for `ai@7` (`MockLanguageModelV3`) and `ai@5`
 * (`MockLanguageModelV2`) that answer with fixed text, a fixed tool call, or a stream of text.
 */
import { simulateReadableStream } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { MockLanguageModelV2 } from 'ai-v5/test'

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } }
const stop = { unified: 'stop' as const, raw: 'stop' }

/** An `ai@7` model whose every answer is `text`. */
export function textModel(text: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({ doGenerate: { content: [{ type: 'text', text }], finishReason: stop, usage, warnings: [] } })
}

/** An `ai@7` model that calls tool `name` with `input` (JSON text). */
export function toolCallModel(name: string, input: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: name, input }],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    },
  })
}

/** An `ai@7` `doStream` result streaming `deltas` as one text part. */
export function doStream(deltas: string[]) {
  return async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't1' },
        ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
        { type: 'text-end' as const, id: 't1' },
        { type: 'finish' as const, finishReason: stop, usage },
      ],
    }),
  })
}

const usageV2 = { inputTokens: 10, outputTokens: 5, totalTokens: 15 }

/** An `ai@5` model whose every answer is `text`. */
export function textModelV2(text: string): MockLanguageModelV2 {
  return new MockLanguageModelV2({ doGenerate: async () => ({ content: [{ type: 'text', text }], finishReason: 'stop', usage: usageV2, warnings: [] }) })
}

/** An `ai@5` model that calls tool `name` with `input` (JSON text). */
export function toolCallModelV2(name: string, input: string): MockLanguageModelV2 {
  return new MockLanguageModelV2({
    doGenerate: async () => ({
      content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: name, input }],
      finishReason: 'tool-calls',
      usage: usageV2,
      warnings: [],
    }),
  })
}

/** An `ai@5` `doStream` result streaming `deltas` as one text part. */
export function doStreamV2(deltas: string[]) {
  return async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't1' },
        ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
        { type: 'text-end' as const, id: 't1' },
        { type: 'finish' as const, finishReason: 'stop' as const, usage: usageV2 },
      ],
    }),
  })
}
