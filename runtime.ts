/**
 * `schemavet/runtime`: what a module written by `schemavet compile` imports. The module holds its
 * schema and its boolean pass as code written ahead of time; from here it takes the helpers that
 * code calls (format checkers, property tests) and, for what it does not answer itself (issues,
 * defaults, the Standard Schema view, data too deep for its code), the package's interpreter,
 * compiled from the module's schema on first use only. So answers, issue objects and messages are
 * the runtime's own, and a bundler keeps one copy of this entry for many modules. Nothing here
 * generates code from strings: the interpreter runs with code generation off.
 */
import { applyDefaults as applyDefaultsOf, newJSONSchema } from './api.ts'
import type { JSONSchemaValidator, SchemaOptions, StandardProps, ValidationIssue } from './api.ts'
import { canonicalKey, generatedSource, hasOwn } from './core/index.ts'
import { formatCheckers } from './formats/index.ts'
import { codePointLength } from './plugins/validation/_shared.ts'

/**
 * Functions the generated code may name as constants, by the name a module writes for them
 * (`helpers["format:date"]`): the same functions the compile used, so a module's code calls what
 * the runtime's generated tier would.
 */
export const helpers: Readonly<Record<string, (...args: never[]) => unknown>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, (...args: never[]) => unknown>, {
    hasOwn,
    canonicalKey,
    codePointLength,
    ...Object.fromEntries(Object.entries(formatCheckers).map(([name, check]) => [`format:${name}`, check])),
  }),
)

/** A module's check of its own code text: its length, a hash of it, and its constant count. */
export interface Fingerprint {
  length: number
  hash: number
  constants: number
}

/** FNV-1a over the UTF-16 code units of `text` (a check that two texts are the same, not a secret). */
export function textHash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** The interpreter behind one compiled module. */
export interface ModuleRuntime {
  /** The runtime validator (compiled on first use, code generation off). */
  validator(): JSONSchemaValidator
  isValid(data: unknown): boolean
  validate(data: unknown): { errors: ValidationIssue[] } | null
  applyDefaults(data: unknown): unknown
  standard(): StandardProps<unknown, unknown>
  /**
   * The constants of the module's code as this runtime builds them, when its code text is the
   * same as the module's (`expected`); null otherwise (the module then answers with the
   * interpreter alone: never code bound to constants of another text).
   */
  constants(expected: Fingerprint): unknown[] | null
  /** A boolean-pass run for keywords the generated code calls through their `validate`. */
  makeRun(): unknown
}

/**
 * The runtime of a module compiled from `schema` with `options` (the options as given to
 * `compileModule`, JSON only). Compiles nothing until asked.
 */
export function moduleRuntime(schema: unknown, options: SchemaOptions): ModuleRuntime {
  let validator: JSONSchemaValidator | undefined
  let makeRun: (() => unknown) | undefined
  // Never tiered up: the module's own code is the fast path, and the interpreter never tries
  // `new Function` (which a strict CSP reports as a violation even when caught).
  const get = () => (validator ??= newJSONSchema(schema, { ...options, codegenThreshold: Infinity }))
  return {
    validator: get,
    isValid: (data) => get().isValid(data),
    validate(data) {
      const e = get().validate(data)
      return e === null ? null : { errors: e.errors }
    },
    applyDefaults: (data) => applyDefaultsOf(data, get()),
    standard: () => get()['~standard'],
    constants(expected) {
      const made = generatedSource(get().compilation)
      if (!('source' in made)) return null
      const text = made.source.prelude + '\n' + made.source.functions
      const values = made.source.src.values
      if (text.length !== expected.length || textHash(text) !== expected.hash || values.length !== expected.constants) return null
      makeRun = made.makeRun
      return values
    },
    makeRun() {
      if (makeRun === undefined) throw new Error('schemavet: internal: makeRun before constants')
      return makeRun()
    },
  }
}
