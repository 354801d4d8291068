/**
 * `schemavet/runtime/interpreter`: what a module written by `schemavet compile` imports where its
 * own code does not answer every export (see `compile/lean.ts` for the modules that need none of
 * this). The module holds its
 * schema and its boolean pass as code written ahead of time; from here it takes the helpers that
 * code calls (format checkers, property tests) and, for what it does not answer itself (issues,
 * defaults, the Standard Schema view, data too deep for its code), the package's interpreter,
 * compiled from the module's schema on first use only. So answers, issue objects and messages are
 * the runtime's own, and a bundler keeps one copy of this entry for many modules. Nothing here
 * generates code from strings: the interpreter runs with code generation off.
 */
import { applyDefaults as applyDefaultsOf, newJSONSchema } from '../api.ts'
import type { JSONSchemaValidator, SchemaOptions, StandardProps, ValidationIssue } from '../api.ts'
import { canonicalKey, escapePointerToken, FailureRecord, generatedSource, hasOwn } from '../core/index.ts'
import { formatCheckers } from '../formats/index.ts'
import { codePointLength } from '../plugins/validation/_shared.ts'

export * from '../runtime.ts'

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
    escapeToken: escapePointerToken,
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

/** What a module's own code gives its runtime, so failures are explained as the generated tier's are. */
export interface ModuleCode {
  fingerprint: Fingerprint
  /** The module's boolean pass (throws where the interpreter must answer: deep data, say). */
  check(x: unknown): boolean
  /** Where the last failing `check` or `enter` failed: the index of its failure record among the constants. */
  failure(): { record: number; instance: unknown; pointer: string; depth: number } | null
  /** Runs one node's function on `x`, as `check` does for the root. */
  enter(f: (x: unknown) => boolean, x: unknown): boolean
  /** The node functions, in the order the code text declares its nodes. */
  fns: readonly ((x: unknown) => boolean)[]
}

/** The interpreter behind one compiled module. */
export interface ModuleRuntime {
  /** The runtime validator (compiled on first use; never generates code from strings). */
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
  /**
   * `validate` for data the module's own check has just found invalid: the validator takes that
   * answer (and the failure it recorded) instead of checking the data a second time.
   */
  failed(data: unknown): { errors: ValidationIssue[] } | null
  /**
   * The module's own code as the validator's generated tier: its check answers, and a failure it
   * records is explained from there by the interpreter, as the runtime's generated tier does.
   */
  attach(code: ModuleCode): void
}

/**
 * The runtime of a module compiled from `schema` with `options` (the options as given to
 * `compileModule`, JSON only). Compiles nothing until asked.
 */
export function moduleRuntime(schema: unknown, options: SchemaOptions): ModuleRuntime {
  let validator: JSONSchemaValidator | undefined
  let code: ModuleCode | undefined
  let built: { values: unknown[]; makeRun: () => unknown; nodes: readonly unknown[] } | null | undefined
  // The data the module's check has just failed (see `failed`), answered once without checking again.
  const just = { set: false, data: undefined as unknown }
  // The code text written from this runtime's compile, if it is the module's.
  const source = (expected: Fingerprint) => {
    if (built !== undefined) return built
    const made = generatedSource(get().compilation)
    if (!('source' in made)) return (built = null)
    const text = made.source.prelude + '\n' + made.source.functions
    const values = made.source.src.values
    if (text.length !== expected.length || textHash(text) !== expected.hash || values.length !== expected.constants) return (built = null)
    return (built = { values, makeRun: made.makeRun, nodes: made.source.nodes })
  }
  // Never tiered up by itself (the module's code is its generated tier, see `attach`), so the
  // interpreter never tries `new Function` (which a strict CSP reports even when caught).
  const get = (): JSONSchemaValidator => {
    if (validator !== undefined) return validator
    validator = newJSONSchema(schema, { ...options, codegenThreshold: Infinity })
    if (code !== undefined) {
      const b = source(code.fingerprint)
      if (b !== null) validator.generated = generatedTier(code, b.values, b.nodes, just)
    }
    return validator
  }
  return {
    validator: get,
    isValid: (data) => get().isValid(data),
    validate(data) {
      const e = get().validate(data)
      return e === null ? null : { errors: e.errors }
    },
    failed(data) {
      const v = get()
      just.set = true
      just.data = data
      try {
        const e = v.validate(data)
        return e === null ? null : { errors: e.errors }
      } finally {
        just.set = false
        just.data = undefined
      }
    },
    applyDefaults: (data) => applyDefaultsOf(data, get()),
    standard: () => get()['~standard'],
    constants: (expected) => source(expected)?.values ?? null,
    makeRun() {
      if (built === undefined || built === null) throw new Error('schemavet: internal: a general run before the constants')
      return built.makeRun()
    },
    attach(c) {
      code = c
      // Compiled already (the module took constants from this compile at load).
      if (validator === undefined) return
      const b = source(c.fingerprint)
      if (b !== null) validator.generated = generatedTier(c, b.values, b.nodes, just)
    },
  }
}

/** The module's code as a `GeneratedCheck` of this runtime's compile (records and nodes by position). */
function generatedTier(
  code: ModuleCode,
  values: readonly unknown[],
  nodes: readonly unknown[],
  just: { set: boolean; data: unknown },
): NonNullable<JSONSchemaValidator['generated']> {
  const index = new Map(nodes.map((n, i) => [n, i]))
  return {
    check(x) {
      if (just.set && just.data === x) {
        just.set = false
        return false
      }
      return code.check(x)
    },
    failure() {
      const f = code.failure()
      if (f === null) return null
      const record = values[f.record]
      if (!(record instanceof FailureRecord)) return null
      return { node: record.node, step: record.step, instance: f.instance, pointer: f.pointer, depth: f.depth, mirrors: record.mirrors }
    },
    checkNode(node, x) {
      const i = index.get(node)
      return i === undefined ? undefined : code.enter(code.fns[i]!, x)
    },
  }
}

