/**
 * `streamObject`: `generateObject` as the text arrives. The text is parsed incrementally (each
 * character once), deep-partial values are published as they grow, and the stream is cut off as
 * soon as the value can no longer become valid (see `early-stop.ts`), instead of running a bad
 * generation to its end.
 *
 * Publishing a partial copies the containers still open (completed values are shared), so for a
 * value with huge open containers partials are spaced out: a partial is published when the text
 * received since the last one has paid for its copy (`COPY_CREDIT_*`). Total work therefore stays
 * linear in the text length, whatever the shape; small values get a partial for every chunk.
 */
import { ValidationError } from '../api.ts'
import { NoObjectGeneratedError } from './errors.ts'
import type { GenerationUsage } from './errors.ts'
import { EarlyStopChecker } from './early-stop.ts'
import { IncrementalJsonParser } from './incremental-json.ts'
import type { JsonKind, JsonListener } from './incremental-json.ts'
import { NO_USAGE, callOptions, finishReasonOf, toPrompt, usageOf } from './language-model.ts'
import type { FinishReasonLike, ModelCallSettings, ModelStreamPart, UsageLike } from './language-model.ts'
import type { RepairRecord, RepairSetting } from '../repair/index.ts'
import { outputStrategy } from './object-output.ts'
import type { OutputOptions, OutputStrategy } from './object-output.ts'
import { repairResponse } from './repair-output.ts'

/** Copy budget a chunk brings, plus per character: partial copies never exceed this in total. */
const COPY_CREDIT_PER_CHUNK = 64
const COPY_CREDIT_PER_CHAR = 8

/**
 * The work a `streamObject` call has done so far (characters parsed, entries copied into
 * partials, string units checked), by its result object. Internal (not exported by the package):
 * tests bound it to the text's length, so the linear-time promise is checked by counting.
 */
export const streamWork = new WeakMap<object, () => number>()

/** Entries copied into partial containers past V8's regular-object size, by result (tests only). */
export const streamLargeCopies = new WeakMap<object, () => number>()

/** Options of `streamObject`: the model call and the output mode and schema. */
export interface StreamObjectOptions extends ModelCallSettings, OutputOptions {
  /**
   * Repairs made (`parseModelOutput`) to the complete text when it does not parse or match as
   * received (a response cut off by the token limit, say): default `'all'`; `'none'` turns
   * repair off; an object turns single kinds off. A stream stopped early is not repaired.
   */
  repair?: RepairSetting
}

/** Every property optional, all the way down: what a partial value may look like. */
export type DeepPartial<T> = T extends readonly (infer E)[] ? DeepPartial<E>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T

/** A `ReadableStream` that `for await` also reads. */
export type AsyncIterableStream<T> = ReadableStream<T> & AsyncIterable<T>

/** What `streamObject` returns at once; the work happens as the streams and promises are read. */
export interface StreamObjectResult<T> {
  /**
   * Deep-partial values as they grow (not validated): the object, the array of completed and
   * validated elements (`array`), or the string so far (`enum`). Parts completed earlier are shared
   * between successive values: do not mutate them. Errors with the `NoObjectGeneratedError`.
   * Partials are made from the moment this property is first read (destructuring the result reads
   * it), so a caller that only awaits `object` neither computes nor buffers them.
   */
  readonly partialObjectStream: AsyncIterableStream<DeepPartial<T>>
  /** `array` mode: each element once, when complete, defaulted and validated. Empty in other modes. */
  readonly elementStream: AsyncIterableStream<T extends readonly (infer E)[] ? E : never>
  /** The response text as it arrives. */
  readonly textStream: AsyncIterableStream<string>
  /** The final value, defaulted and validated; rejects with `NoObjectGeneratedError` (or the model's error). */
  readonly object: Promise<T>
  /** Why the model stopped, once the stream has ended (undefined if it did not say). */
  readonly finishReason: Promise<string | undefined>
  /** Token usage, once the stream has ended. */
  readonly usage: Promise<GenerationUsage>
  /** What was repaired in the complete text to make `object` (empty when it matched as received). */
  readonly repairs: Promise<RepairRecord[]>
}

/** A stream this module writes to; a reader's cancel is respected without stopping the others. */
class Channel<T> {
  readonly stream: AsyncIterableStream<T>
  private controller!: ReadableStreamDefaultController<T>
  private open = true
  constructor() {
    this.stream = new ReadableStream<T>({
      start: (c) => {
        this.controller = c
      },
      cancel: () => {
        this.open = false
      },
    }) as AsyncIterableStream<T>
  }
  push(value: T): void {
    if (this.open) this.controller.enqueue(value)
  }
  close(): void {
    if (this.open) this.controller.close()
    this.open = false
  }
  error(e: unknown): void {
    if (this.open) this.controller.error(e)
    this.open = false
  }
}

/**
 * A promise created only when first asked for, so a rejection nobody asked about is not an
 * unhandled rejection (a caller reading only `partialObjectStream` never touches `object`).
 */
class Lazy<T> {
  private settled: { ok: true; value: T } | { ok: false; error: unknown } | undefined
  private promise: Promise<T> | undefined
  private resolveFn: ((v: T) => void) | undefined
  private rejectFn: ((e: unknown) => void) | undefined
  get(): Promise<T> {
    this.promise ??= new Promise<T>((resolve, reject) => {
      if (this.settled === undefined) {
        this.resolveFn = resolve
        this.rejectFn = reject
      } else if (this.settled.ok) resolve(this.settled.value)
      else reject(this.settled.error)
    })
    return this.promise
  }
  resolve(value: T): void {
    this.settled ??= { ok: true, value }
    this.resolveFn?.(value)
  }
  reject(error: unknown): void {
    this.settled ??= { ok: false, error }
    this.rejectFn?.(error)
  }
}

/** An error part of the model's stream: passed to the caller unchanged. */
class ModelError {
  constructor(readonly error: unknown) {}
}

/**
 * Streams an object from `model` (any AI SDK language model of specification v2, v3 or v4)
 * through `doStream` with `responseFormat: { type: 'json', schema }`. Returns at once; the model
 * is called right away and the response is read whether or not the streams are. Output modes as
 * `generateObject`. No repair round trips (partials already handed out cannot be taken back), but
 * a complete text that does not parse or match is repaired locally (see `repair`; `repairs`).
 *
 * Stops early, cancelling the model's stream, when the JSON is malformed or the value can no
 * longer match the schema (a value of the wrong type begins, a property `additionalProperties:
 * false` forbids appears, a string no `enum` member starts with, more items than `maxItems`, a
 * finished number or string out of bounds, an `array` element that does not match). Then
 * `object` rejects and the streams error with a `NoObjectGeneratedError` whose `cause` is the
 * `SyntaxError` or `ValidationError` and whose `text` is the text received so far.
 *
 * @throws InvalidArgumentError / SchemaError synchronously for bad options or a malformed schema
 */
export function streamObject<T = unknown>(options: StreamObjectOptions): StreamObjectResult<T> {
  const strategy = outputStrategy(options, options.model?.provider)
  const prompt = toPrompt(options)
  const partials = new Channel<DeepPartial<T>>()
  const elements = new Channel<T extends readonly (infer E)[] ? E : never>()
  const texts = new Channel<string>()
  const object = new Lazy<T>()
  const finishReason = new Lazy<string | undefined>()
  const usage = new Lazy<GenerationUsage>()
  const repairs = new Lazy<RepairRecord[]>()
  const run = new StreamRun(options, strategy, {
    partial: (v) => partials.push(v as DeepPartial<T>),
    element: (v) => elements.push(v as T extends readonly (infer E)[] ? E : never),
    text: (t) => texts.push(t),
  })
  run.start(prompt).then(
    (value) => {
      finishReason.resolve(run.finishReason)
      usage.resolve(run.usage)
      repairs.resolve(run.repairs)
      object.resolve(value as T)
      for (const c of [partials, elements, texts]) c.close()
    },
    (error: unknown) => {
      finishReason.resolve(run.finishReason)
      usage.resolve(run.usage)
      repairs.resolve(run.repairs)
      object.reject(error)
      for (const c of [partials, elements, texts]) c.error(error)
    },
  )
  const result: StreamObjectResult<T> = {
    get partialObjectStream() {
      run.wantsPartials = true
      return partials.stream
    },
    elementStream: elements.stream,
    textStream: texts.stream,
    get object() {
      return object.get()
    },
    get finishReason() {
      return finishReason.get()
    },
    get usage() {
      return usage.get()
    },
    get repairs() {
      return repairs.get()
    },
  }
  streamWork.set(result, () => run.work)
  streamLargeCopies.set(result, () => run.largeCopied)
  return result
}

interface Sinks {
  partial(value: unknown): void
  element(value: unknown): void
  text(delta: string): void
}

/** One streamed generation: reads the model's stream, parses, checks, publishes. */
class StreamRun implements JsonListener {
  /** Set once the caller has taken `partialObjectStream`: until then no partial is made. */
  wantsPartials = false
  finishReason: string | undefined
  usage: GenerationUsage = NO_USAGE
  /** What repair changed in the complete text (set only when the final value needed it). */
  repairs: RepairRecord[] = []
  private readonly parser = new IncrementalJsonParser(this)
  private readonly checker: EarlyStopChecker | undefined
  /** Keys and indexes of the open values, root first (`array` mode finds its elements by them). */
  private readonly segments: (string | number | undefined)[] = []
  /** `array` mode: the elements completed so far, defaulted and validated. */
  private readonly done: unknown[] = []
  private publishedElements = 0
  private text = ''
  private credit = 0
  private published = -1
  private lastEnum: unknown
  /** Elements copied into `array`-mode partials. */
  private copied = 0

  constructor(
    private readonly options: StreamObjectOptions,
    private readonly strategy: OutputStrategy,
    private readonly sinks: Sinks,
  ) {
    this.checker = strategy.streamSchema === undefined ? undefined : new EarlyStopChecker(strategy.streamSchema)
  }

  /** See `streamLargeCopies`. */
  get largeCopied(): number {
    return this.parser.largeCopied
  }

  /** See `streamWork`. */
  get work(): number {
    return this.parser.work + (this.checker?.work ?? 0) + this.copied
  }

  async start(prompt: ReturnType<typeof toPrompt>): Promise<unknown> {
    const { stream } = await this.options.model.doStream(callOptions(this.options, prompt, this.strategy.responseFormat))
    const reader = stream.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        this.onPart(value)
      }
    } catch (e) {
      // Stop the model (and its HTTP response) now: nothing it sends can help any more.
      reader.cancel(e).catch(() => undefined)
      throw this.explain(e)
    }
    let json: unknown
    try {
      json = this.parser.finish()
    } catch (e) {
      const fixed = this.repaired()
      if (fixed !== undefined) return fixed
      throw this.explain(e)
    }
    this.publish(true)
    if (this.strategy.mode === 'array') {
      if (this.wantsPartials && this.publishedElements < this.done.length) this.sinks.partial(this.done.slice())
      // Every element was defaulted and validated as it completed; the checker held the wrapper's
      // type and its no-other-keys rule, so a complete `elements` array means the value is done.
      const list = (json as { elements?: unknown } | undefined)?.elements
      if (Array.isArray(list) && list.length === this.done.length) return this.done
    }
    const r = this.strategy.finish(json)
    if (!r.success) {
      const fixed = this.repaired()
      if (fixed !== undefined) return fixed
      throw this.noObject('No object generated: response did not match schema.', r.error)
    }
    return r.value
  }

  /** The final value from the complete text by `parseModelOutput`, or undefined. */
  private repaired(): unknown {
    const fixed = repairResponse(this.strategy, this.text, this.options.repair)
    if (fixed === undefined) return undefined
    this.repairs = fixed.repairs
    return fixed.value
  }

  private onPart(part: ModelStreamPart): void {
    const p = part as ModelStreamPart & { delta?: unknown; textDelta?: unknown; error?: unknown; finishReason?: FinishReasonLike; usage?: UsageLike }
    if (p.type === 'text-delta') {
      const delta = typeof p.delta === 'string' ? p.delta : typeof p.textDelta === 'string' ? p.textDelta : ''
      if (delta === '') return
      this.text += delta
      this.sinks.text(delta)
      this.parser.feed(delta)
      this.credit += COPY_CREDIT_PER_CHUNK + COPY_CREDIT_PER_CHAR * delta.length
      this.publish(false)
    } else if (p.type === 'finish') {
      this.finishReason = finishReasonOf(p.finishReason)
      this.usage = usageOf(p.usage)
    } else if (p.type === 'error') {
      throw new ModelError(p.error)
    }
  }

  /** Publishes the partial value if it changed and the credit pays for its copy (or `force`). */
  private publish(force: boolean): void {
    if (this.strategy.mode === 'array' || !this.wantsPartials) return
    const version = this.parser.version
    if (version === this.published) return
    const cost = this.parser.snapshotCost()
    if (!force && cost > this.credit) return
    this.credit = Math.max(0, this.credit - cost)
    this.published = version
    const snapshot = this.parser.snapshot()
    if (this.strategy.mode !== 'enum') {
      const shown = snapshot === undefined || this.strategy.partial === undefined ? snapshot : this.strategy.partial(snapshot)
      if (shown !== undefined) this.sinks.partial(shown)
      return
    }
    const result = (snapshot as { result?: unknown } | undefined)?.result
    if (typeof result === 'string' && result !== this.lastEnum) {
      this.lastEnum = result
      this.sinks.partial(result)
    }
  }

  begin(kind: JsonKind, segment: string | number | undefined): void {
    this.checker?.begin(kind, segment)
    this.segments.push(segment)
  }

  key(name: string, distinctKeys: number): void {
    this.checker?.key(name, distinctKeys)
  }

  piece(text: string): void {
    this.checker?.piece(text)
  }

  end(value: unknown): void {
    this.checker?.end(value)
    const s = this.segments
    if (this.strategy.mode === 'array' && s.length === 3 && s[1] === 'elements' && typeof s[2] === 'number') {
      const r = this.strategy.element(value, s[2])
      if (!r.success) throw r.error
      this.done.push(r.value)
      this.sinks.element(r.value)
      this.credit += COPY_CREDIT_PER_CHUNK
      if (this.wantsPartials && this.done.length <= this.credit) {
        this.credit -= this.done.length
        this.copied += this.done.length
        this.publishedElements = this.done.length
        this.sinks.partial(this.done.slice())
      }
    }
    s.pop()
  }

  private explain(e: unknown): unknown {
    if (e instanceof ModelError) return e.error
    if (e instanceof SyntaxError) return this.noObject('No object generated: could not parse the response.', e)
    if (ValidationError.isInstance(e)) return this.noObject('No object generated: the response can no longer match the schema.', e)
    return e
  }

  private noObject(message: string, cause: unknown): NoObjectGeneratedError {
    return new NoObjectGeneratedError({ message, text: this.text, cause, finishReason: this.finishReason, usage: this.usage })
  }
}
