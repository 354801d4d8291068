/**
 * Validators: a compiled schema and the two-pass evaluation. The first pass answers valid or
 * not with no issue built; only when it says not does a second pass collect issues.
 */
import type { Compilation } from './compiler/compile.ts'
import { ValidationError } from './contract/errors.ts'
import type { ValidationIssue } from './contract/errors.ts'
import { CyclicDataError } from './documents/json.ts'
import type { Kernel } from './kernel.ts'
import { buildOutput } from './results/output.ts'
import type { OutputFormat, OutputUnit } from './results/output.ts'
import { Driver } from './evaluator/driver.ts'
import { CycleAbort, DataChanged } from './evaluator/pass.ts'
import { applyThenValidate } from './apply-then-validate.ts'
import { standardProps } from './results/standard-schema.ts'
import type { StandardProps } from './results/standard-schema.ts'
import type { PassSettings } from './evaluator/pass.ts'
import type { GeneratedCheck, GeneratedFailure } from './evaluator/accelerator.ts'
import type { Resource } from './documents/schema-index.ts'
import type { SchemaHandle, StructWarning } from './contract/types.ts'
import { Handle, interpretedSteps } from './evaluator/node.ts'

/**
 * Interpreted steps per step of the compiled graph after which a schema moves to generated code
 * (when `codegenThreshold` was not given). Writing and parsing a module costs, per step of the
 * graph, about what the interpreter spends on 10-250 steps (the catalogue's 17 schemas, a cold
 * process); moving once the interpreter has spent about that much bounds the total at twice the
 * better choice made knowing the future (the rent-or-buy rule).
 */
const WORK_PER_STEP = 32

/**
 * What an interpreted pass costs beyond its steps (the pass's set-up and its own checks), in
 * steps: a small schema's pass is mostly that, and generated code saves it too.
 */
const PASS_STEPS = 16

/** What the structured-output operations accept. */
export interface Schema {
  /** The validator of this schema. */
  validator(): Validator
}

/** Checks data against a schema. */
export interface Validator {
  /** `null` when `data` conforms, else a `ValidationError` naming each problem. Never throws for bad data. */
  validate(data: unknown): ValidationError | null
  /**
   * `validate` for a boundary a model reads: every problem up to the schema's bound
   * (`boundaryErrors`: `maxErrors`, else 20), each once, unless the schema was compiled with
   * `allErrors: false`. Optional: where absent, `validate` answers.
   */
  validateAll?(data: unknown): ValidationError | null
  /** The schema object given to the constructor (the same object, never a copy, never mutated). */
  jsonSchema(): unknown
}

const FLAG: PassSettings = { collecting: false, allErrors: false, maxErrors: 1 }
/** The dynamic scope a failure is explained in (runs copy it, never change it). */
const NO_SCOPE: Resource[] = []

/**
 * Validate calls open at once in this process: a format or keyword may call `validate` (of any
 * validator), and one that calls it on itself would recurse until the stack overflows, each
 * level retrying its task on the `RangeError` (a few times per level: exponential). Past
 * `MAX_NESTING` open calls the innermost throws `Reentered`, and from then until the outermost
 * call ends every call throws at once, whatever the code in between does with the error (each
 * level may answer again through another path, but none goes deeper); the outermost call reports
 * an `exception` issue.
 */
let nesting = 0
let overflowed = false
const MAX_NESTING = 64

class Reentered extends Error {
  constructor() {
    super(`validate called within validate more than ${MAX_NESTING} levels deep`)
  }
}

/** Runs one validate call of `what`, counted as open; the outermost answers `nested` when the nesting overflowed. */
function counted<T>(what: () => T, nested: (e: Reentered) => T): T {
  if (overflowed || nesting >= MAX_NESTING) {
    overflowed = true
    throw new Reentered()
  }
  nesting++
  let answer: T
  try {
    answer = what()
  } catch (e) {
    if (nesting > 1) throw e
    if (!(e instanceof Reentered)) throw e
    overflowed = false
    return nested(e)
  } finally {
    nesting--
  }
  if (nesting === 0 && overflowed) {
    overflowed = false
    return nested(new Reentered())
  }
  return answer
}

/**
 * A compiled JSON Schema; both a `Schema` and its own `Validator`. The type parameters are static
 * only (inferred from a schema literal by `newJSONSchema`, or given): `Data` is what `validate`
 * accepts (`isValid` narrows to it), `Input` what `applyDefaults` takes, `Output` what it returns
 * and what `~standard.validate` hands back. All default to `unknown`.
 */
export class JSONSchemaValidator<Data = unknown, Input = Data, Output = Data> implements Schema, Validator {
  private readonly collect: PassSettings
  /** What `validateAll` collects (`collect` itself when `allErrors: false` was given). */
  private readonly collectAll: PassSettings
  /** The explaining pass's settings (made at the first failure the generated code finds). */
  private explaining: PassSettings | undefined
  private readonly hooked: boolean
  private uses = 0
  private readonly tierAt: number
  /** Steps the interpreter ran for this validator's passes before the move, `PASS_STEPS` more per pass (see `WORK_PER_STEP`). */
  private work = 0
  /** What the interpreter's work must reach before the move; computed at the `tierAt`-th use. */
  private workNeeded = -1

  constructor(
    private readonly kernel: Kernel,
    private readonly schema: unknown,
    /** @internal */ readonly compilation: Compilation,
    /** @internal The kernel's own meta-schema check: user hooks do not see it. */ private readonly internal = false,
  ) {
    this.tierAt = compilation.options.codegenThreshold
    if (this.tierAt <= 0) this.tierUp()
    const o = compilation.options
    this.collect = { collecting: true, allErrors: o.allErrors, maxErrors: Math.max(1, o.maxErrors) }
    this.collectAll = o.boundaryErrors === 0 ? this.collect : { collecting: true, allErrors: true, maxErrors: Math.max(1, o.boundaryErrors) }
    const h = kernel.hooks
    this.hooked = !internal && (h.beforeValidate.isUsed() || h.afterValidate.isUsed() || h.errorMessage.isUsed())
  }

  validator(): Validator {
    return this
  }

  private rootHandle: SchemaHandle | undefined

  /**
   * The compiled root, to walk the graph (`root().inspect().subschemas`) as tools that reason
   * about the schema do (converters, repair): the same view keyword plugins get.
   */
  root(): SchemaHandle {
    return (this.rootHandle ??= new Handle(this.compilation.root, false, '', false))
  }

  private standard: StandardProps<Input, Output> | undefined

  /**
   * Standard Schema V1 with the JSON Schema trait: `validate(value)` applies defaults then
   * validates, returning `{ value: defaultedCopy }` or only `{ issues }`; `jsonSchema.input/output`
   * return a fresh schema for the requested target.
   */
  get '~standard'(): StandardProps<Input, Output> {
    return (this.standard ??= standardProps<Input, Output>({
      check: (value) => applyThenValidate(this.kernel, value, this),
      jsonSchema: () => this.schema,
      convert: this.kernel.convert,
    }))
  }

  jsonSchema(): unknown {
    return this.schema
  }

  /**
   * True when `data` conforms; a type guard for the schema's data type. The same answer as
   * `validate(data) === null`, without building issues: a failure is not explained.
   */
  isValid(data: unknown): data is Data {
    if (data === undefined || this.hooked) return this.validate(data) === null
    const quick = this.generatedAnswer(data)
    if (quick !== undefined) return quick
    return this.isValidCounted(data)
  }

  // The closures `counted` takes live in a method of their own: a function that creates a closure
  // over its parameters allocates a context on every call, whichever branch it takes, and on a
  // small schema that allocation cost more than the generated check.
  private isValidCounted(data: unknown): boolean {
    return counted(
      () => this.isValidOnce(data),
      () => false,
    )
  }

  private isValidOnce(data: unknown): boolean {
    const quick = this.quickAnswer(data)
    if (quick !== undefined) return quick
    try {
      return this.pass(data, FLAG).ok
    } catch (e) {
      if (e instanceof Reentered) throw e
      // A cycle, data containing itself, an exception: `validate` reports each as an issue.
      return false
    }
  }

  /**
   * The generated check's answer for an outermost call, counted as `counted` counts it, without
   * its two closures per call (on a small schema they cost more than the check); undefined when
   * the check threw or a nested call overflowed: `counted` then answers as it does.
   */
  private generatedAnswer(data: unknown): boolean | undefined {
    const generated = this.generated
    if (generated === null || nesting !== 0) return undefined
    nesting = 1
    try {
      const answer = generated.check(data)
      return overflowed ? undefined : answer
    } catch {
      return undefined
    } finally {
      nesting = 0
      overflowed = false
    }
  }

  /**
   * Counts the use (moving the schema to generated code at the threshold) and answers from
   * generated code when there is some; undefined when the general path must answer.
   */
  private quickAnswer(data: unknown): boolean | undefined {
    if (!this.tiered && ++this.uses >= this.tierAt && this.workDone()) this.tierUp()
    const generated = this.generated
    if (generated === null) return undefined
    try {
      return generated.check(data)
    } catch (e) {
      if (e instanceof Reentered) throw e
      // Deep data, data containing itself, or a keyword that threw: the general path answers.
      return undefined
    }
  }

  /** The compile's generated check, once tiered up (null: the interpreter answers every call). @internal */
  generated: GeneratedCheck | null = null
  private tiered = false

  /** Whether the interpreter has done enough work for this schema to move (always, with `codegenThreshold` given). */
  private workDone(): boolean {
    const o = this.compilation.options
    if (!o.codegenByWork || !o.codegen) return true
    if (this.workNeeded < 0) {
      // Steps of the compile's nodes, one per instance type a step is listed under: what code generation writes.
      let steps = 0
      for (const n of this.compilation.nodes) steps += n.tableSize()
      this.workNeeded = WORK_PER_STEP * steps
    }
    return this.work >= this.workNeeded
  }

  /** Moves the boolean pass to generated code (once), through the tier the kernel injected. */
  private tierUp(): void {
    if (this.tiered) return
    this.tiered = true
    this.generated = this.kernel.generatedTier(this.compilation)
  }

  validate(data: unknown): ValidationError | null {
    return this.check(data, this.collect)
  }

  validateAll(data: unknown): ValidationError | null {
    return this.check(data, this.collectAll)
  }

  /** `validate`, collecting with `settings` once the quick answer says the data fails. */
  protected check(data: unknown, settings: PassSettings): ValidationError | null {
    const quick = this.hooked || data === undefined ? undefined : this.generatedAnswer(data)
    if (quick === true) return null
    return this.checkCounted(data, settings, quick)
  }

  /** `checkOnce` counted as open (its closures kept out of `check`: see `isValidCounted`). */
  private checkCounted(data: unknown, settings: PassSettings, quick: boolean | undefined): ValidationError | null {
    return counted(
      () => this.checkOnce(data, settings, quick),
      (e) => this.finish([this.issueOf(e, data)], data),
    )
  }

  /** `known`: the generated check's answer, when `check` asked it already. */
  private checkOnce(data: unknown, settings: PassSettings, known: boolean | undefined): ValidationError | null {
    if (data === undefined) {
      return this.finish([{ keyword: 'required', instancePath: '', schemaPath: '#', params: {}, message: 'a value is required (got undefined)' }], data)
    }
    if (this.hooked) data = this.kernel.hooks.beforeValidate.call(data)
    const quick = known ?? this.quickAnswer(data)
    if (quick === true) return this.hooked ? this.finish([], data) : null
    if (quick === false && !settings.allErrors) {
      const failure = this.generated!.failure()
      const issues = failure === null ? undefined : this.explain(failure)
      if (issues !== undefined) return this.finish(issues, data)
    }
    try {
      if (quick === undefined && this.pass(data, FLAG).ok) return this.hooked ? this.finish([], data) : null
      const issues = this.pass(data, settings).errors
      return this.finish(issues.length > 0 ? issues : [unexplained()], data)
    } catch (e) {
      if (e instanceof Reentered) throw e
      return this.finish([this.issueOf(e, data)], data)
    }
  }

  /**
   * The standard output of draft 2020-12 for `data`: `flag` (`{ valid }`), `basic` (a flat list of
   * failed units, or of annotations when valid) or `detailed` (units nested along the schema).
   * Collects every issue up to `maxErrors`. A separate, slower evaluation: `validate` is unchanged.
   */
  output(data: unknown, format: OutputFormat = 'basic'): OutputUnit {
    const source = { compilation: this.compilation, hooks: this.kernel.hooks, userHooks: !this.internal, validate: (d: unknown) => this.validate(d) }
    return buildOutput(source, data, format)
  }

  private pass(data: unknown, settings: PassSettings) {
    if (this.tiered) return this.driver().run(this.compilation.root, data, settings)
    const before = interpretedSteps()
    const result = this.driver().run(this.compilation.root, data, settings)
    this.work += interpretedSteps() - before + PASS_STEPS
    return result
  }

  private idle: Driver | null = null

  /** The validator's driver (kept between calls), or a new one when a keyword calls back in. */
  private driver(): Driver {
    const d = this.idle
    if (d !== null && !d.busy) return d
    const compilation = this.compilation
    const made = new Driver((r, a) => compilation.dynamicHandle(r, a))
    this.idle ??= made
    return made
  }

  /**
   * The issues of a failure the generated pass found: without `allErrors`, the first failing
   * step explains the whole failure, so only that step is evaluated again, collecting, at its
   * instance path. Undefined when the general pass must answer instead.
   */
  private explain(f: GeneratedFailure): ValidationIssue[] | undefined {
    const step = f.step ?? undefined
    const task = { node: f.node, instance: f.instance, pointer: f.pointer, depth: 0, scope: NO_SCOPE, scopeKey: '', step }
    try {
      const settings = (this.explaining ??= { ...this.collect, generated: this.generated })
      // A leaf step (the usual failure: a type, a bound, a format) takes the short way.
      if (step !== undefined && step.definition.applies === undefined && f.node.policy === null) {
        const issues = this.driver().leafIssues(task, settings, f.mirrors)
        return issues === undefined || issues.length === 0 ? undefined : issues
      }
      const result = this.driver().runTask(task, settings)
      return result.ok || result.errors.length === 0 ? undefined : result.errors
    } catch {
      return undefined
    }
  }

  /** Turns an abort into an issue; a cycle found on the boolean pass is re-run to learn its instance path. */
  private issueOf(e: unknown, data: unknown): ValidationIssue {
    if (e instanceof CycleAbort) {
      try {
        this.pass(data, this.collect)
      } catch (again) {
        if (again instanceof CycleAbort) return again.issue()
      }
      return e.issue()
    }
    if (e instanceof CyclicDataError) {
      return { keyword: 'cyclic', instancePath: '', schemaPath: '#', params: {}, message: e.message }
    }
    if (e instanceof DataChanged) {
      return { keyword: 'exception', instancePath: '', schemaPath: '#', params: { error: e.message }, message: `the data cannot be checked: ${e.message}` }
    }
    const message = e instanceof Error ? e.message : String(e)
    return { keyword: 'exception', instancePath: '', schemaPath: '#', params: { error: message }, message: `evaluating the data threw: ${message}` }
  }

  private finish(issues: ValidationIssue[], data: unknown): ValidationError | null {
    if (issues.length > 1) issues = distinct(issues)
    // Hooks in use are known when the validator is made (`hooked`): none, nothing to call.
    if (!this.hooked) return issues.length === 0 ? null : ValidationError.returned(issues)
    const hooks = this.kernel.hooks
    if (hooks.errorMessage.isUsed()) {
      for (const issue of issues) issue.message = hooks.errorMessage.call(issue.message, issue)
    }
    if (hooks.afterValidate.isUsed()) issues = hooks.afterValidate.call(issues, data)
    return issues.length === 0 ? null : ValidationError.returned(issues)
  }
}

/**
 * The issues without repeats: alternatives of an `anyOf` or `oneOf` that reach the same subschema
 * through `$ref` fail with the same issue at the same place, once per alternative (33 copies of
 * one failure under two nested `anyOf`s in a real schema); one says it.
 */
function distinct(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>()
  const out: ValidationIssue[] = []
  for (const issue of issues) {
    const key = `${issue.instancePath}\0${issue.schemaPath}\0${issue.keyword}\0${issue.message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(issue)
  }
  return out.length === issues.length ? issues : out
}

/** The plain `Schema` of the spec; behaves as `JSONSchemaValidator` (type parameters likewise). */
export class SimpleJSONSchema<Data = unknown, Input = Data, Output = Data> extends JSONSchemaValidator<Data, Input, Output> {}

/**
 * A schema derived from a TypeScript declaration (`newStructSchema`). `jsonSchema()` returns the
 * derived schema; `validate` checks plain objects and class instances (own enumerable
 * properties); `null` and `undefined` are errors saying a value is required.
 */
export class StructValidator<Data = unknown, Input = Data, Output = Data> extends JSONSchemaValidator<Data, Input, Output> {
  /**
   * What the derivation read only in part, such as a JSDoc tag schemavet does not know (a typo,
   * or a tag of another tool): each with the schema path it sits at and a message naming the
   * file, type and property. Empty for most declarations. Not part of `jsonSchema()`.
   */
  readonly warnings: readonly StructWarning[]

  constructor(kernel: Kernel, schema: unknown, compilation: Compilation, warnings: readonly StructWarning[] = []) {
    super(kernel, schema, compilation)
    this.warnings = Object.freeze([...warnings])
  }

  protected override check(data: unknown, settings: PassSettings): ValidationError | null {
    if (data === null || data === undefined) {
      return ValidationError.returned([
        { keyword: 'required', instancePath: '', schemaPath: '#', params: {}, message: `a value is required (got ${data})` },
      ])
    }
    return super.check(data, settings)
  }
}

function unexplained(): ValidationIssue {
  return { keyword: 'exception', instancePath: '', schemaPath: '#', params: {}, message: 'invalid (a keyword failed without reporting why)' }
}
