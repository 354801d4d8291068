/**
 * Options: the defaults every schema option takes, given a kernel's own options as the base.
 * The limits and the regex engine take their defaults from `untrusted`, so what a caller gave
 * is kept beside the resolved options: a later override (`untrusted: false` on one schema)
 * re-derives the rest from it.
 */
import { UNTRUSTED_LIMITS } from './limits.ts'
import type { LimitName } from './limits.ts'
import type { ResolvedOptions, SchemaOptions } from './types.ts'

const LIMIT_NAMES = Object.keys(UNTRUSTED_LIMITS) as LimitName[]

/** Options whose default depends on `untrusted`: what was given, so a later override re-derives the rest. */
type ModeOptions = Pick<SchemaOptions, 'untrusted' | 'regex' | LimitName>
const givenModeOptions = new WeakMap<ResolvedOptions, ModeOptions>()

/** For a base built without `resolveOptions`: its mode and the limits it turned on. */
function fromResolved(base: ResolvedOptions): ModeOptions {
  const mode: Record<string, unknown> = { untrusted: base.untrusted }
  for (const key of LIMIT_NAMES) if (base[key] !== undefined && base[key] !== Infinity) mode[key] = base[key]
  return mode as ModeOptions
}

function modeOptionsOf(options: SchemaOptions, base: ResolvedOptions | undefined): ModeOptions {
  const merged: Record<string, unknown> = { ...(base === undefined ? {} : (givenModeOptions.get(base) ?? fromResolved(base))) }
  for (const key of ['untrusted', 'regex', ...LIMIT_NAMES] as const) {
    if (options[key] !== undefined) merged[key] = options[key]
  }
  if (merged.regex !== undefined && merged.regex !== 'ecmascript' && merged.regex !== 'linear') {
    throw new TypeError(`schemavet: option regex must be 'ecmascript' or 'linear', got ${String(merged.regex)}`)
  }
  for (const [name, check] of Object.entries(options.customFormats ?? {})) {
    // An async checker's answer is a Promise, which would count as a pass for every string.
    if (typeof check !== 'function' || check.constructor?.name === 'AsyncFunction') {
      throw new TypeError(`schemavet: customFormats.${name} must be a synchronous function (string) => boolean`)
    }
  }
  for (const key of LIMIT_NAMES) {
    const v = merged[key]
    if (v !== undefined && !(typeof v === 'number' && v > 0)) throw new TypeError(`schemavet: option ${key} must be a positive number (Infinity for none), got ${String(v)}`)
  }
  return merged as ModeOptions
}

/** The problems a model-facing boundary collects, when it is not told (`allErrors` unset). */
const BOUNDARY_ERRORS = 20

/**
 * `ResolvedOptions.boundaryErrors`: an `allErrors` given on the schema wins over the kernel's, and
 * `false` (0) keeps the boundaries to what `validate` reports.
 */
function boundaryErrorsOf(options: SchemaOptions, base: ResolvedOptions | undefined): number {
  if (options.allErrors === false) return 0
  if (options.allErrors === true) return options.maxErrors ?? base?.maxErrors ?? 100
  if (base?.boundaryErrors === 0) return 0
  return options.maxErrors ?? base?.boundaryErrors ?? BOUNDARY_ERRORS
}

/** Fills option defaults; `base` holds the kernel's options. */
export function resolveOptions(options: SchemaOptions, base: ResolvedOptions | undefined): ResolvedOptions {
  const mode = modeOptionsOf(options, base)
  const untrusted = mode.untrusted === true
  const limit = (key: LimitName) => mode[key] ?? (untrusted ? UNTRUSTED_LIMITS[key] : Infinity)
  const resolved: ResolvedOptions = Object.freeze({
    schemas: { ...base?.schemas, ...options.schemas },
    formats: options.formats ?? base?.formats ?? 'assert',
    customFormats: { ...base?.customFormats, ...options.customFormats },
    allErrors: options.allErrors ?? base?.allErrors ?? false,
    maxErrors: options.maxErrors ?? base?.maxErrors ?? 100,
    boundaryErrors: boundaryErrorsOf(options, base),
    defaultDialect: options.defaultDialect ?? base?.defaultDialect ?? '2020-12',
    strict: options.strict ?? base?.strict ?? false,
    validateSchema: options.validateSchema ?? base?.validateSchema ?? true,
    codegen: options.codegen ?? base?.codegen ?? true,
    codegenThreshold: options.codegenThreshold ?? base?.codegenThreshold ?? 16,
    codegenByWork: options.codegenThreshold === undefined && (base === undefined || base.codegenByWork),
    untrusted,
    regex: mode.regex ?? (untrusted ? 'linear' : 'ecmascript'),
    maxSchemaBytes: limit('maxSchemaBytes'),
    maxSchemaDepth: limit('maxSchemaDepth'),
    maxSchemaNodes: limit('maxSchemaNodes'),
    maxRefs: limit('maxRefs'),
    maxWork: limit('maxWork'),
  })
  givenModeOptions.set(resolved, mode)
  return resolved
}
