/**
 * `schemavet/providers`: any schema schemavet compiles, turned into the subset a model provider
 * accepts (OpenAI, Gemini, Anthropic, ...), with the codec that maps the provider's answer back to
 * the original shape and checks it against the original schema.
 */
import { ValidationError, applyThenValidate, newJSONSchema } from '../api.ts'
import type { ChosenOutput, Inferred, Schema, SchemaHandle } from '../api.ts'
import { DecodeFailure, Emitter, decode, encode } from './convert.ts'
import type { LostConstraint } from './convert.ts'
import type { ProviderProfile } from './profile.ts'
import { PROFILES } from './profiles/index.ts'
import { ShapeBuilder } from './shape.ts'

export type { LostConstraint } from './convert.ts'
export type { ArrayConstraint, NumberConstraint, ProviderLimits, ProviderProfile, StringConstraint } from './profile.ts'
export { anthropic, gemini, geminiOpenapi, minimal, openai, PROFILES } from './profiles/index.ts'

/** A built-in profile name, or a profile of your own. */
export type ProviderName = 'openai' | 'gemini' | 'gemini-openapi' | 'anthropic' | 'minimal'
export type ProviderOption = ProviderName | ProviderProfile

export interface ProviderOptions {
  provider: ProviderOption
}

export type DecodeResult<T = unknown> = { success: true; value: T } | { success: false; error: ValidationError }

/** What `compileForProvider` returns. */
export interface ProviderSchema<T = unknown> {
  /** The profile it was made for. */
  readonly profile: ProviderProfile
  /** A fresh JSON Schema the provider accepts as is (yours to send or change). */
  readonly schema: Record<string, unknown>
  /** Whether it may be sent with `strict: true` (false past the provider's size limits). */
  readonly strict: boolean
  /** Every constraint `schema` does not enforce and how it is kept (checked after decode, described to the model). */
  readonly lost: readonly LostConstraint[]
  /**
   * The constraint keywords of the original schema (`type`, `minimum`, `required`, ...; not
   * structure such as `properties`) and how many of them `schema` enforces itself: the rest are in `lost`.
   */
  readonly constraints: { readonly total: number; readonly kept: number }
  /**
   * A value in the original shape, in the provider's shape: structural, without validating
   * (for examples and tests). Defined for any JSON value; a part the provider schema has no place
   * for is carried so that `decode` gives it back and the original schema judges it.
   */
  encode(value: unknown): unknown
  /**
   * The provider's answer (parsed JSON) in the original shape, defaulted and validated against
   * the original schema. Never throws and never changes `answer`; a failure is a
   * `ValidationError` on the original paths.
   */
  decode(answer: unknown): DecodeResult<T>
  /**
   * The answer mapped back to the original shape only: no defaults, no validation; undefined
   * where it cannot be mapped (yet), as with a partial answer while streaming. Never throws.
   */
  reshape(answer: unknown): unknown
}

const compiled = new WeakMap<object, Schema>()
// raw documents report every problem (bounded), as the integrations compile them: decode errors feed repair prompts
const COMPILE_OPTIONS = Object.freeze({ allErrors: true, maxErrors: 20 })

function toSchema(input: unknown): Schema {
  if (typeof input === 'object' && input !== null && typeof (input as Schema).validator === 'function') return input as Schema
  if (typeof input === 'object' && input !== null) {
    const known = compiled.get(input)
    if (known) return known
    const fresh = newJSONSchema<unknown>(input, COMPILE_OPTIONS)
    compiled.set(input, fresh)
    return fresh
  }
  return newJSONSchema<unknown>(input, COMPILE_OPTIONS)
}

/** The profile a name stands for. @throws TypeError for an unknown name */
export function providerProfile(provider: ProviderOption): ProviderProfile {
  if (typeof provider === 'object' && provider !== null) return provider
  const p = Object.prototype.hasOwnProperty.call(PROFILES, provider) ? PROFILES[provider] : undefined
  if (!p) throw new TypeError(`schemavet: unknown provider ${JSON.stringify(provider)}; known: ${Object.keys(PROFILES).join(', ')}`)
  return p
}

const cache = new WeakMap<Schema, Map<ProviderProfile, ProviderSchema>>()

/**
 * The provider schema, codec and lost constraints of `schema` (a schemavet `Schema` or a JSON
 * Schema document, compiled once and cached per object) for `options.provider`. Works on the
 * compiled graph (`validator.root()`), so `$ref`s, dialects and recursive schemas are the
 * kernel's. The result is cached per schema and profile; its `schema` is frozen-free but shared,
 * so copy it before changing it. Statically, `decode` gives the schema's output type
 * (`SchemaOutput`: a typed schema's, or one inferred from a raw schema literal), or `T` when given.
 * @throws SchemaError for a malformed schema; TypeError for an unknown provider or a `Schema`
 *   without a graph view
 */
export function compileForProvider<T = Inferred, const S = unknown>(schema: S, options: ProviderOptions): ProviderSchema<ChosenOutput<T, S>> {
  const profile = providerProfile(options.provider)
  const s = toSchema(schema)
  let byProfile = cache.get(s)
  if (!byProfile) cache.set(s, (byProfile = new Map()))
  const known = byProfile.get(profile)
  if (known) return known as ProviderSchema<ChosenOutput<T, S>>
  const validator = s.validator() as ReturnType<Schema['validator']> & { root?: () => SchemaHandle }
  if (typeof validator.root !== 'function') throw new TypeError('schemavet: compileForProvider needs a schemavet schema (one with validator().root())')
  const root = validator.root()
  const builder = new ShapeBuilder()
  builder.survey(root)
  const emitted = new Emitter(profile, builder).run(builder.of(root))
  const codec = emitted.codec
  const text = JSON.stringify(emitted.schema)
  const lostKeys = new Set(emitted.lost.map((l) => `${l.schemaPath}/${l.keyword}`))
  const result: ProviderSchema<ChosenOutput<T, S>> = {
    profile,
    get schema() {
      return JSON.parse(text) as Record<string, unknown>
    },
    strict: emitted.strict,
    lost: Object.freeze(emitted.lost.map((l) => Object.freeze({ ...l }))),
    constraints: Object.freeze({ total: builder.universe.size, kept: [...builder.universe].filter((u) => !lostKeys.has(u)).length }),
    encode: (value) => encode(codec, value),
    reshape: (answer) => {
      try {
        return decode(codec, answer)
      } catch {
        return undefined
      }
    },
    decode: (answer) => {
      try {
        const result = applyThenValidate<unknown>(decode(codec, answer), s)
        return result.error === undefined ? { success: true, value: result.value as ChosenOutput<T, S> } : { success: false, error: result.error }
      } catch (e) {
        if (e instanceof DecodeFailure) {
          return { success: false, error: new ValidationError([{ keyword: 'provider', instancePath: e.instancePath, schemaPath: e.schemaPath, params: { provider: profile.name }, message: e.message }]) }
        }
        // too deep to walk, or a value no JSON parse makes: still an answer, not a throw
        return { success: false, error: new ValidationError([{ keyword: 'provider', instancePath: '', schemaPath: '#', params: { provider: profile.name }, message: `could not decode the answer: ${e instanceof Error ? e.message : String(e)}` }]) }
      }
    },
  }
  byProfile.set(profile, result)
  return result
}

/** A tool as `checkProviderRequest` reads it: a name and its input schema. */
export interface ProviderTool {
  name: string
  /** The input schema (a JSON Schema document or a schemavet `Schema`). */
  inputSchema?: unknown
  parameters?: unknown
  input_schema?: unknown
  /** Whether it is sent strict (default true). */
  strict?: boolean
}

export interface ProviderRequestProblem {
  /** The tool concerned, or undefined for the request as a whole. */
  tool: string | undefined
  limit: keyof ProviderSchema['profile']['limits'] | 'schema'
  message: string
}

/**
 * Checks the per-request limits of a provider over a set of tools (converted as
 * `compileForProvider` would): how many strict tools, optional parameters and parameters with
 * union types they hold together, and whether each can go strict at all. An empty list means the
 * request is within the documented limits.
 */
export function checkProviderRequest(tools: readonly ProviderTool[] | Record<string, Omit<ProviderTool, 'name'>>, options: ProviderOptions): ProviderRequestProblem[] {
  const profile = providerProfile(options.provider)
  const list: ProviderTool[] = Array.isArray(tools) ? [...tools] : Object.entries(tools).map(([name, t]) => ({ ...(t as Omit<ProviderTool, 'name'>), name }))
  const problems: ProviderRequestProblem[] = []
  const l = profile.limits
  let strictTools = 0
  let optional = 0
  let unions = 0
  for (const t of list) {
    if (t.strict === false) continue
    strictTools++
    const input = t.inputSchema ?? t.parameters ?? t.input_schema ?? { type: 'object', properties: {} }
    let p: ProviderSchema
    try {
      p = compileForProvider(input, { provider: profile })
    } catch (e) {
      problems.push({ tool: t.name, limit: 'schema', message: `tool ${t.name}: ${e instanceof Error ? e.message : String(e)}` })
      continue
    }
    if (!p.strict) problems.push({ tool: t.name, limit: 'schema', message: `tool ${t.name}: ${p.lost.find((x) => x.keyword === 'strict')?.how ?? 'cannot be sent strict'}` })
    const c = countParameters(p.schema)
    optional += c.optional
    unions += c.unions
  }
  if (l.tools !== undefined && strictTools > l.tools) problems.push({ tool: undefined, limit: 'tools', message: `${strictTools} strict tools in one request; ${profile.name} takes at most ${l.tools}` })
  if (l.optionalParameters !== undefined && optional > l.optionalParameters) {
    problems.push({ tool: undefined, limit: 'optionalParameters', message: `${optional} optional parameters across the strict tools; ${profile.name} takes at most ${l.optionalParameters}` })
  }
  if (l.unionParameters !== undefined && unions > l.unionParameters) {
    problems.push({ tool: undefined, limit: 'unionParameters', message: `${unions} parameters with union types across the strict tools; ${profile.name} takes at most ${l.unionParameters}` })
  }
  return problems
}

/** Optional properties and properties whose schema is a union, at every level of a provider schema. */
export function countParameters(schema: unknown): { optional: number; unions: number } {
  let optional = 0
  let unions = 0
  const stack: unknown[] = [schema]
  while (stack.length) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    if (Array.isArray(s)) {
      stack.push(...s)
      continue
    }
    const o = s as Record<string, unknown>
    if (typeof o.properties === 'object' && o.properties !== null) {
      const req = new Set(Array.isArray(o.required) ? o.required : [])
      for (const [name, p] of Object.entries(o.properties as Record<string, unknown>)) {
        if (!req.has(name)) optional++
        const q = p as Record<string, unknown>
        if (typeof q === 'object' && q !== null && (Array.isArray(q.anyOf) || (Array.isArray(q.type) && q.type.length > 1))) unions++
      }
    }
    for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) stack.push(v)
  }
  return { optional, unions }
}
