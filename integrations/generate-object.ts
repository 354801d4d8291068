/**
 * `generateObject`: asks a language model for JSON in the shape of a schema, then defaults and
 * validates what it returns. With `maxRepairs`, a response that is not JSON or does not match is
 * sent back to the model with the problems (as `formatForModel` writes them) and retried.
 */
import { ValidationError } from '../api.ts'
import { InvalidArgumentError, NoObjectGeneratedError } from './errors.ts'
import type { GenerationUsage } from './errors.ts'
import { formatForModel } from './format-for-model.ts'
import { NO_USAGE, addUsage, callOptions, finishReasonOf, textOf, toPrompt, usageOf } from './language-model.ts'
import type { ModelCallSettings, PromptMessage } from './language-model.ts'
import type { RepairRecord, RepairSetting } from '../repair/index.ts'
import { outputStrategy } from './object-output.ts'
import type { OutputOptions, OutputStrategy } from './object-output.ts'
import { repairResponse } from './repair-output.ts'

/** Options of `generateObject`: the model call, the output mode and schema, and repairs. */
export interface GenerateObjectOptions extends ModelCallSettings, OutputOptions {
  /** Further attempts after a failed one, each told what was wrong. Default 0. */
  maxRepairs?: number
  /**
   * Repairs made locally (`parseModelOutput`) to a response that does not parse or match as
   * sent, before any further model call: default `'all'`; `'none'` sends every such response
   * back (or fails); an object turns single kinds off.
   */
  repair?: RepairSetting
}

/** What `generateObject` resolves to. */
export interface GenerateObjectResult<T> {
  /** The defaulted, validated value (the array in `array` mode, the string in `enum` mode). */
  object: T
  /** Why the model stopped in the successful attempt (`stop`, `length`, ...). */
  finishReason: string | undefined
  /** Tokens of every attempt together. */
  usage: GenerationUsage
  /** The text of the successful response. */
  text: string
  /** What was repaired locally in that text (empty when it matched as sent). */
  repairs: RepairRecord[]
}

/** Text strictly as JSON.parse takes it, after stripping one surrounding markdown code fence. */
export function parseJsonText(text: string): unknown {
  const fenced = /^\s*```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(text)
  return JSON.parse(fenced === null ? text : fenced[1]!)
}

/**
 * The message that asks the model to fix its previous answer: the schema problems (one line each,
 * paths into `subject`), or why the text was not JSON.
 */
export function repairRequest(cause: unknown, subject: unknown): string {
  let problems: string
  if (ValidationError.isInstance(cause)) problems = `Your answer does not match the required JSON schema:\n${formatForModel(cause, { value: subject })}`
  else if (cause instanceof Error) problems = `Your answer is not valid JSON: ${cause.message}`
  else problems = 'Your answer was empty.'
  return `${problems}\nReply with the complete corrected JSON value only.`
}

type Attempt = { ok: true; value: unknown; repairs: RepairRecord[] } | { ok: false; message: string; cause: unknown; subject?: unknown }

function judge(strategy: OutputStrategy, text: string | undefined, repair: RepairSetting | undefined): Attempt {
  const strict = judgeStrictly(strategy, text)
  if (strict.ok || text === undefined) return strict
  const repaired = repairResponse(strategy, text, repair)
  return repaired === undefined ? strict : { ok: true, value: repaired.value, repairs: repaired.repairs }
}

function judgeStrictly(strategy: OutputStrategy, text: string | undefined): Attempt {
  if (text === undefined || text.trim() === '') return { ok: false, message: 'No object generated: the response did not contain any text.', cause: undefined }
  let json: unknown
  try {
    json = parseJsonText(text)
  } catch (e) {
    return { ok: false, message: 'No object generated: could not parse the response.', cause: e }
  }
  const r = strategy.finish(json)
  if (r.success) return { ok: true, value: r.value, repairs: [] }
  return { ok: false, message: 'No object generated: response did not match schema.', cause: r.error, subject: r.subject }
}

/**
 * Generates an object with `model` (any AI SDK language model of specification v2, v3 or v4)
 * and the prompt, asking for JSON through `responseFormat: { type: 'json', schema }` (a fresh
 * copy of the schema; the caller's is never handed out). The response text is parsed (one
 * surrounding markdown code fence is tolerated), defaulted and validated per the output mode.
 * A response that fails that is first repaired locally with `parseModelOutput` (see `repair`;
 * `repairs` lists the changes); only if that fails too is a repair round trip spent.
 * Makes `1 + maxRepairs` model calls at most; `usage` sums them.
 *
 * @throws NoObjectGeneratedError when the last attempt had no text, no JSON (`cause`: the
 *   `SyntaxError`) or JSON that does not match (`cause`: the `ValidationError`); `text`,
 *   `finishReason` and `usage` describe that attempt
 * @throws InvalidArgumentError for contradictory options; SchemaError for a malformed schema;
 *   whatever the model call throws, unchanged
 */
export async function generateObject<T = unknown>(options: GenerateObjectOptions): Promise<GenerateObjectResult<T>> {
  const strategy = outputStrategy(options, options.model?.provider)
  let prompt: PromptMessage[] = toPrompt(options)
  const maxRepairs = options.maxRepairs ?? 0
  if (!Number.isInteger(maxRepairs) || maxRepairs < 0) {
    throw new InvalidArgumentError({ parameter: 'maxRepairs', value: maxRepairs, message: 'maxRepairs must be a non-negative integer' })
  }
  let usage: GenerationUsage = NO_USAGE
  for (let attempt = 0; ; attempt++) {
    const result = await options.model.doGenerate(callOptions(options, prompt, strategy.responseFormat))
    usage = addUsage(usage, usageOf(result.usage))
    const text = textOf(result)
    const finishReason = finishReasonOf(result.finishReason)
    const outcome = judge(strategy, text, options.repair)
    if (outcome.ok) return { object: outcome.value as T, finishReason, usage, text: text!, repairs: outcome.repairs }
    if (attempt >= maxRepairs) {
      throw new NoObjectGeneratedError({ message: outcome.message, text, cause: outcome.cause, finishReason, usage })
    }
    prompt = [
      ...prompt,
      { role: 'assistant', content: [{ type: 'text', text: text ?? '' }] },
      { role: 'user', content: [{ type: 'text', text: repairRequest(outcome.cause, outcome.subject) }] },
    ]
  }
}
