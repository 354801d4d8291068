/**
 * `errorMessage`, in the spirit of ajv-errors: a schema replaces the issues of its own keywords
 * with messages written for its readers (or for a model repairing its output).
 *
 * - `"errorMessage": "must be a valid address"`: every issue the schema raises (its keywords and
 *   their subschemas) becomes one issue with this message.
 * - `"errorMessage": { "minLength": "too short", "_": "anything else" }`: per keyword, with `_`
 *   for the keywords not named.
 * - `"errorMessage": { "required": { "email": "we need an email" }, "properties": { "age": "..." } }`:
 *   per property: a missing property (`params.missingProperty`) or the issues below it.
 *
 * A replaced issue has keyword `errorMessage`, the schema path of the `errorMessage` keyword and
 * `params.errors` holding the issues it replaced. `{name}` in a message is filled from the first
 * replaced issue's params (`"at least {limit} characters"`).
 *
 * How: the plugin taps `compileKeyword` for each keyword it covers at an earlier stage than the
 * standard definitions. Where the schema has no `errorMessage` for that keyword the tap returns
 * `undefined` and the standard definition compiles as usual (nothing is wrapped, nothing costs).
 * Otherwise it compiles the keyword through the next taps and wraps `validate`: on the failure
 * pass it takes the keyword's issues (`takeErrors`) and puts back the rewritten ones.
 * Kernel-wide messages per keyword (the `messages` option) go through the `errorMessage` hook.
 */
import { appendPointer, defineKeyword, hasOwn, isObject, unescapePointerToken } from '../../core/index.ts'
import type { CompileContext, CompiledKeyword, Kernel, KeywordDefinition, RunContext, ValidationIssue } from '../../core/index.ts'

/** Options of `ErrorMessagePlugin`. */
export interface ErrorMessageOptions {
  /**
   * Messages by keyword for every schema of the kernel (translations, house style), applied
   * through the `errorMessage` hook: a template with `{param}` placeholders or a function.
   */
  messages?: Record<string, string | ((issue: ValidationIssue) => string)>
  /** Keywords (beyond the standard ones) a schema's `errorMessage` may name, such as your own. */
  keywords?: readonly string[]
}

/** The keywords a schema's `errorMessage` covers by default: every standard assertion and applicator. */
export const COVERED_KEYWORDS: readonly string[] = Object.freeze([
  // any type
  'type', 'enum', 'const', 'format',
  // number
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  // string
  'maxLength', 'minLength', 'pattern', 'contentEncoding', 'contentMediaType',
  // array
  'maxItems', 'minItems', 'uniqueItems', 'items', 'prefixItems', 'additionalItems', 'contains', 'unevaluatedItems',
  // object
  'maxProperties', 'minProperties', 'required', 'dependentRequired', 'properties', 'patternProperties',
  'additionalProperties', 'propertyNames', 'dependentSchemas', 'dependencies', 'unevaluatedProperties',
  // in place
  'allOf', 'anyOf', 'oneOf', 'not', 'if', '$ref', '$dynamicRef', '$recursiveRef',
])

type Custom = string | Record<string, string>

/** Fills `{name}` placeholders from `params` (strings as they are, other values as JSON). */
export function interpolate(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_$][\w$]*)\}/g, (whole, name: string) => {
    if (!hasOwn(params, name)) return whole
    const v = params[name]
    return typeof v === 'string' ? v : JSON.stringify(v)
  })
}

const isMessageMap = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((m) => typeof m === 'string')

/**
 * The `errorMessage` keyword: checks its shape at compile time and does nothing at run time (the
 * keywords it names do the work, wrapped by `ErrorMessagePlugin`).
 */
export const errorMessageKeyword = defineKeyword<unknown, undefined>({
  keyword: 'errorMessage',
  vocabulary: 'errors',
  compile(value, ctx) {
    if (typeof value === 'string') return undefined
    if (!isObject(value)) ctx.fail('errorMessage must be a string or an object of messages by keyword')
    for (const [key, m] of Object.entries(value as Record<string, unknown>)) {
      if (typeof m !== 'string' && !isMessageMap(m)) ctx.fail(`errorMessage.${key} must be a string or an object of strings by property`, key)
    }
    return undefined
  },
})

/** The message a schema's `errorMessage` gives `keyword`, if any. */
function customFor(value: unknown, keyword: string): Custom | undefined {
  if (typeof value === 'string') return value
  if (!isObject(value)) return undefined
  if (hasOwn(value, keyword)) return value[keyword] as Custom
  return typeof value._ === 'string' ? value._ : undefined
}

/** The property an issue is about, below `here`: a missing one, or the first segment of its path. */
function propertyOf(issue: ValidationIssue, here: string): string | undefined {
  if (typeof issue.params.missingProperty === 'string') return issue.params.missingProperty
  if (!issue.instancePath.startsWith(here + '/')) return undefined
  const segment = issue.instancePath.slice(here.length + 1).split('/')[0]!
  return unescapePointerToken(segment)
}

function replacement(errors: ValidationIssue[], message: string, instancePath: string, schemaPath: string): ValidationIssue {
  return { keyword: 'errorMessage', instancePath, schemaPath, params: { errors }, message: interpolate(message, errors[0]?.params ?? {}) }
}

/** The issues that replace `taken` (the failed keyword's issues) under `custom`. */
export function rewrite(taken: ValidationIssue[], custom: Custom, here: string, schemaPath: string): ValidationIssue[] {
  if (typeof custom === 'string') return [replacement(taken, custom, here, schemaPath)]
  const out: ValidationIssue[] = []
  const groups = new Map<string, ValidationIssue>()
  for (const issue of taken) {
    const name = propertyOf(issue, here)
    if (name === undefined || !hasOwn(custom, name)) {
      out.push(issue)
      continue
    }
    const group = groups.get(name)
    if (group !== undefined) {
      ;(group.params.errors as ValidationIssue[]).push(issue)
      continue
    }
    const at = typeof issue.params.missingProperty === 'string' ? issue.instancePath : appendPointer(here, name)
    const r = replacement([issue], custom[name]!, at, schemaPath)
    groups.set(name, r)
    out.push(r)
  }
  return out
}

/** Puts `issues` back, merging a whole-schema message into the same one a sibling keyword just left. */
function restore(ctx: RunContext, mark: number, issues: ValidationIssue[]): void {
  const only = issues.length === 1 ? issues[0]! : undefined
  if (mark > 0 && only?.keyword === 'errorMessage') {
    const [prev] = ctx.takeErrors(mark - 1)
    if (prev !== undefined && prev.keyword === 'errorMessage' && prev.schemaPath === only.schemaPath && prev.instancePath === only.instancePath && prev.message === only.message) {
      ;(prev.params.errors as ValidationIssue[]).push(...(only.params.errors as ValidationIssue[]))
      ctx.restoreErrors([prev])
      return
    }
    if (prev !== undefined) ctx.restoreErrors([prev])
  }
  ctx.restoreErrors(issues)
}

/** Wraps a compiled keyword so that its issues are rewritten on the failure pass. */
function wrap(base: CompiledKeyword, keyword: string, custom: Custom, ctx: CompileContext): CompiledKeyword {
  const def = base.definition
  const validate = def.validate
  if (validate === undefined || base.compiled === undefined) return base
  const keywordPath = ctx.schemaPath
  const source = `${keywordPath.slice(0, keywordPath.lastIndexOf('/'))}/errorMessage`
  const wrapped: KeywordDefinition = {
    ...def,
    // The wrapper always records issues itself, so the kernel's default issue is never wanted.
    error: undefined,
    validate(c, x, rctx: RunContext) {
      const mark = rctx.errorMark()
      if (validate(c, x, rctx)) return true
      if (!rctx.collecting) return false
      let taken = rctx.takeErrors(mark)
      if (taken.length === 0 && def.error !== undefined) {
        const params = def.error.params?.(c, x, rctx) ?? {}
        taken = [{ keyword, instancePath: rctx.instancePath, schemaPath: keywordPath, params, message: def.error.message(params, c, x) }]
      }
      restore(rctx, mark, rewrite(taken, custom, rctx.instancePath, source))
      return false
    },
  }
  return { definition: wrapped, compiled: base.compiled }
}

/**
 * Registers `errorMessage` and wraps the keywords a schema's `errorMessage` names. Options are
 * checked here; `apply` only taps.
 */
export class ErrorMessagePlugin {
  /** Tapable stage of the wrapping taps: before every definition (the standard ones are at 0). */
  static readonly stage = -100
  private readonly messages: Record<string, string | ((issue: ValidationIssue) => string)>
  private readonly keywords: readonly string[]

  constructor(options: ErrorMessageOptions = {}) {
    const messages = options.messages ?? {}
    for (const [k, m] of Object.entries(messages)) {
      if (typeof m !== 'string' && typeof m !== 'function') throw new TypeError(`ErrorMessagePlugin: messages.${k} must be a string or a function`)
    }
    if (options.keywords !== undefined && !options.keywords.every((k) => typeof k === 'string')) {
      throw new TypeError('ErrorMessagePlugin: keywords must be an array of keyword names')
    }
    this.messages = messages
    this.keywords = [...new Set([...COVERED_KEYWORDS, ...(options.keywords ?? [])])]
  }

  /** Registers `errorMessage`, taps `compileKeyword` for each covered keyword and, with `messages`, the `errorMessage` hook (setup only). */
  apply(kernel: Kernel): void {
    kernel.use(errorMessageKeyword)
    for (const keyword of this.keywords) {
      const hook = kernel.hooks.compileKeyword.for(keyword)
      hook.tap({ name: 'ErrorMessagePlugin', stage: ErrorMessagePlugin.stage }, (value, ctx) => {
        const custom = hasOwn(ctx.schema, 'errorMessage') ? customFor(ctx.schema.errorMessage, keyword) : undefined
        if (custom === undefined) return undefined
        for (const tap of hook.taps) {
          if (tap.name === 'ErrorMessagePlugin') continue
          const base = (tap.fn as (v: unknown, c: CompileContext) => CompiledKeyword | undefined)(value, ctx)
          if (base !== undefined) return wrap(base, keyword, custom, ctx)
        }
        return undefined
      })
    }
    const messages = this.messages
    if (Object.keys(messages).length === 0) return
    kernel.hooks.errorMessage.tap('ErrorMessagePlugin', (message, issue) => {
      const m = hasOwn(messages, issue.keyword) ? messages[issue.keyword]! : undefined
      if (m === undefined) return message
      return typeof m === 'function' ? m(issue) : interpolate(m, issue.params)
    })
  }
}
