/**
 * AI SDK language models, typed structurally: any model of specification `v2`, `v3` or `v4`
 * (`doGenerate` / `doStream` taking `responseFormat: { type: 'json', schema }`) is accepted, and
 * neither `ai` nor `@ai-sdk/provider` is a dependency. Also the prompt, usage and finish-reason
 * conversions that `generateObject` and `streamObject` share.
 */
import { InvalidArgumentError } from './errors.ts'
import type { GenerationUsage } from './errors.ts'

/** A message part as the model specification takes it (`{ type: 'text', text }`, files, ...). */
export interface PromptPart {
  type: string
  [key: string]: unknown
}

/** A prompt message. `content` may be a string for user and assistant messages (it becomes one text part). */
export type PromptMessage =
  | { role: 'system'; content: string; [key: string]: unknown }
  | { role: 'user' | 'assistant'; content: string | readonly PromptPart[]; [key: string]: unknown }
  | { role: 'tool'; content: readonly PromptPart[]; [key: string]: unknown }

/**
 * Call options as a model of any specification version declares them: a common supertype of the
 * v2, v3 and v4 call options, so that their models fit `LanguageModelLike`. What schemavet sends
 * is narrower: `PromptMessage`s and a `json` response format.
 */
export interface ModelCallOptions extends SamplingSettings {
  prompt: ReadonlyArray<{ role: string; content: unknown }>
  responseFormat?: { type: 'text' } | JsonResponseFormat
}

/** Settings passed through to the model unchanged. */
export interface SamplingSettings {
  maxOutputTokens?: number
  temperature?: number
  topP?: number
  topK?: number
  seed?: number
  abortSignal?: AbortSignal
  headers?: Record<string, string | undefined>
  providerOptions?: Record<string, Record<string, unknown>>
}

/** The response format that asks for JSON, with the schema when there is one. */
export interface JsonResponseFormat {
  type: 'json'
  schema?: unknown
  name?: string
  description?: string
}

/** Finish reason: a string (v2) or `{ unified, raw }` (v3, v4). */
export type FinishReasonLike = string | { unified: string; raw?: string | undefined }

/** Token usage: flat numbers (v2) or `{ inputTokens: { total }, outputTokens: { total } }` (v3, v4). */
export type UsageLike =
  | { inputTokens?: number | undefined; outputTokens?: number | undefined; totalTokens?: number | undefined }
  | { inputTokens: { total?: number | undefined }; outputTokens: { total?: number | undefined } }

/** What `doGenerate` resolves to (the fields schemavet reads). */
export interface ModelGenerateResult {
  content: ReadonlyArray<{ type: string }>
  /** v4: the text to parse when it differs from the concatenated text parts. */
  structuredOutputText?: string
  finishReason: FinishReasonLike
  usage: UsageLike
}

/** One stream part (the fields schemavet reads: `text-delta`, `finish`, `error`). */
export interface ModelStreamPart {
  type: string
}

/** What `doStream` resolves to. */
export interface ModelStreamResult {
  stream: ReadableStream<ModelStreamPart>
}

/** An AI SDK language model of specification v2, v3 or v4 (e.g. `MockLanguageModelV3`, a provider's chat model). */
export interface LanguageModelLike {
  readonly specificationVersion: 'v2' | 'v3' | 'v4'
  readonly provider: string
  readonly modelId: string
  doGenerate(options: ModelCallOptions): PromiseLike<ModelGenerateResult>
  doStream(options: ModelCallOptions): PromiseLike<ModelStreamResult>
}

/** Options every structured-generation call shares. */
export interface ModelCallSettings extends SamplingSettings {
  model: LanguageModelLike
  /** A system message put first. */
  system?: string
  /** The prompt: text (one user message) or messages. Give this or `messages`. */
  prompt?: string | readonly PromptMessage[]
  /** The conversation so far. Give this or `prompt`. */
  messages?: readonly PromptMessage[]
  /**
   * A grammar for a model server that constrains decoding with one, such as llama.cpp's server
   * (GBNF, e.g. from `toGrammar(schema, { format: 'gbnf' })` of `schemavet/grammar`). It is sent
   * as `grammar` in the request body, through the provider options of the model's provider
   * (`providerOptions[name].grammar`, `name` the model's provider id up to its first dot, which
   * `@ai-sdk/openai-compatible` puts beside the chat request), and in place of the JSON response
   * format: llama.cpp's server refuses a request with both. It describes the whole response text
   * (in `array` mode `{"elements": [...]}`, in `enum` mode `{"result": ...}`). The answer is
   * parsed, defaulted and validated as without it: the grammar narrows what the model can write,
   * the schema decides.
   */
  grammar?: string
}

/**
 * The prompt as model messages: `system` first, then `prompt` or `messages`, string contents
 * turned into one text part.
 * @throws InvalidArgumentError when neither or both of `prompt` and `messages` are given, or a
 *   model without `doGenerate`/`doStream` of a known specification version is passed
 */
export function toPrompt(settings: ModelCallSettings): PromptMessage[] {
  const model = settings.model as Partial<LanguageModelLike> | undefined
  if (model === undefined || !['v2', 'v3', 'v4'].includes(model.specificationVersion as string) || typeof model.doGenerate !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'model',
      value: model,
      message: 'model must be an AI SDK language model of specification v2, v3 or v4 (with doGenerate and doStream)',
    })
  }
  const { prompt, messages, system } = settings
  if ((prompt === undefined) === (messages === undefined)) {
    throw new InvalidArgumentError({ parameter: 'prompt', value: prompt, message: 'give exactly one of prompt and messages' })
  }
  const out: PromptMessage[] = system === undefined ? [] : [{ role: 'system', content: system }]
  const list = typeof prompt === 'string' ? [{ role: 'user' as const, content: prompt }] : (prompt ?? messages)!
  for (const m of list) {
    out.push(m.role !== 'system' && typeof m.content === 'string' ? { ...m, content: [{ type: 'text', text: m.content }] } : m)
  }
  return out
}

/**
 * The call options of one attempt.
 * @throws InvalidArgumentError for a `grammar` that is not a non-empty string, or one that
 *   `providerOptions` already sets to something else
 */
export function callOptions(settings: ModelCallSettings, prompt: PromptMessage[], responseFormat: JsonResponseFormat): ModelCallOptions {
  const o: ModelCallOptions = { prompt, responseFormat }
  for (const k of ['maxOutputTokens', 'temperature', 'topP', 'topK', 'seed', 'abortSignal', 'headers', 'providerOptions'] as const) {
    if (settings[k] !== undefined) (o as unknown as Record<string, unknown>)[k] = settings[k]
  }
  if (settings.grammar !== undefined) withGrammar(o, settings.grammar, settings.model.provider)
  return o
}

/** Puts `grammar` into the provider options of `provider` (copies: the caller's objects stay as given). */
function withGrammar(o: ModelCallOptions, grammar: unknown, provider: string): void {
  if (typeof grammar !== 'string' || grammar === '') {
    throw new InvalidArgumentError({ parameter: 'grammar', value: grammar, message: 'grammar must be a non-empty string (the grammar text)' })
  }
  const name = String(provider).split('.')[0]!.trim()
  const given = o.providerOptions?.[name]
  if (given !== undefined && given.grammar !== undefined && given.grammar !== grammar) {
    throw new InvalidArgumentError({ parameter: 'grammar', value: grammar, message: `providerOptions.${name}.grammar is set too: give the grammar once` })
  }
  o.providerOptions = { ...o.providerOptions, [name]: { ...given, grammar } }
  // A server reading both a JSON schema and a grammar refuses the request (llama.cpp's does).
  o.responseFormat = { type: 'text' }
}

/** `stop`, `length`, ... from either shape. */
export function finishReasonOf(reason: FinishReasonLike | undefined): string | undefined {
  if (reason === undefined) return undefined
  return typeof reason === 'string' ? reason : reason.unified
}

function tokens(x: unknown): number | undefined {
  if (typeof x === 'number') return x
  if (typeof x === 'object' && x !== null && typeof (x as { total?: unknown }).total === 'number') return (x as { total: number }).total
  return undefined
}

/** Flat usage from either shape; `totalTokens` is the sum when the model does not give it. */
export function usageOf(usage: UsageLike | undefined): GenerationUsage {
  const u = (usage ?? {}) as Record<string, unknown>
  const inputTokens = tokens(u.inputTokens)
  const outputTokens = tokens(u.outputTokens)
  const total = tokens(u.totalTokens)
  return {
    inputTokens,
    outputTokens,
    totalTokens: total ?? (inputTokens === undefined && outputTokens === undefined ? undefined : (inputTokens ?? 0) + (outputTokens ?? 0)),
  }
}

/** Usage of two attempts together (a count unknown in both stays unknown). */
export function addUsage(a: GenerationUsage, b: GenerationUsage): GenerationUsage {
  const add = (x: number | undefined, y: number | undefined) => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0))
  return { inputTokens: add(a.inputTokens, b.inputTokens), outputTokens: add(a.outputTokens, b.outputTokens), totalTokens: add(a.totalTokens, b.totalTokens) }
}

/** Usage before any attempt: every count unknown. */
export const NO_USAGE: GenerationUsage = Object.freeze({ inputTokens: undefined, outputTokens: undefined, totalTokens: undefined })

/** The response text: v4's `structuredOutputText` when set, else the text parts joined; undefined without any. */
export function textOf(result: ModelGenerateResult): string | undefined {
  if (typeof result.structuredOutputText === 'string') return result.structuredOutputText
  let text: string | undefined
  for (const part of result.content) {
    if (part.type === 'text' && typeof (part as { text?: unknown }).text === 'string') text = (text ?? '') + (part as unknown as { text: string }).text
  }
  return text
}
