/**
 * One evaluation: the run context keywords see and issue collection (the metered and memoizing
 * variants are in run-variants.ts). The validating mode of the one traversal (`traversal.ts`:
 * cycle guard, dynamic scope, cyclic-data check, split depth, meter); `driver.ts` turns a deep
 * split into a stack of tasks instead of a deep JavaScript stack.
 *
 * Deep data: a child application past `limit` levels below the task's start is split off: the
 * round goes on taking it as valid, and the driver evaluates each such (node, value) as its own
 * task from a fresh stack after the round, remembers the results, and retries the task, which
 * finds them. Data nested any depth is evaluated with a bounded JavaScript stack, each task in a
 * few rounds however many parts it splits off. A `RangeError` (the caller was already deep)
 * lowers the limit.
 */
import type { ValidationIssue } from '../contract/errors.ts'
import { ISSUE_WORK } from '../contract/limits.ts'
import { got, nonFinite } from '../contract/words.ts'
import type { RunContext, SchemaHandle } from '../contract/types.ts'
import { Handle, Node, Tracker, typeIndex } from './node.ts'
import type { Step } from './node.ts'
import { Traversal } from './traversal.ts'
import { escapePointerToken } from '../documents/pointer.ts'
import type { Driver } from './driver.ts'
import type { GeneratedCheck, GeneratedFailure } from './accelerator.ts'
import { CycleAbort, StopCollecting } from './pass.ts'
import type { PassSettings, Task } from './pass.ts'

/** A piece of instance path already written as JSON Pointer (one or more segments). */
class PointerText {
  constructor(readonly text: string) {}
}

/** Characters of a long instance path's end kept beside its issue (see `pathEnd`). */
const PATH_END = 81
/** Paths this long or shorter are read as they are: no end is recorded for them. */
const SHORT_PATH = 256
/**
 * The last `PATH_END` characters of the long instance paths of issues, keyed by issue (with the
 * path they were taken from). A deep path is a chain of concatenations that V8 flattens, copying
 * it whole, at the first read of its text: an applicator summing up its failed branches at every
 * level of deep data would copy every level's path (quadratic). The run knows a path's end from
 * its segments without reading the path.
 */
const pathEnds = new WeakMap<ValidationIssue, readonly [string, string]>()

export class Run extends Traversal implements RunContext {
  errors!: ValidationIssue[] | null
  collecting!: boolean
  allErrors!: boolean
  evaluated: Tracker | null = null
  nodeExhaustive = false
  step: Step | null = null
  /** Path segments below the task's start (failure pass only): pushed and popped, no string work. */
  private readonly segments: (string | number | PointerText)[] = []
  private generated!: GeneratedCheck | null
  /** `prefixes[i]`: the pointer of the first `i` segments, valid for `i <= valid`. */
  private readonly prefixes: string[] = ['']
  /**
   * `ends[i]`: a string ending in the last `PATH_END` characters of `prefixes[i]` (the prefix
   * itself while it is short), valid as `prefixes` are: a long path's end, known without reading it.
   */
  private readonly ends: string[] = ['']
  private valid = 0
  /** Stop at `maxErrors` issues: with `allErrors`, or always in untrusted mode. */
  protected capErrors!: boolean
  /**
   * Keywords running now that took an error mark: the issues they record may be dropped again
   * (a `contains` item that did not match, a `not` or `if` branch, an `anyOf` branch), so the
   * `maxErrors` cap counts only issues recorded outside them; each step restores it on return.
   */
  private speculative = 0
  private settings!: PassSettings

  constructor(settings: PassSettings, driver: Driver, task: Task, limit: number) {
    super(driver)
    this.restart(settings, task, limit)
  }

  /**
   * Sets this run up for `task`: at construction, and again when the driver reuses its finished
   * plain run (a pass over small data costs less than the run's allocation). The issues list
   * handed out before is left alone; a new one is made.
   */
  restart(settings: PassSettings, task: Task, limit: number): this {
    this.settings = settings
    this.collecting = settings.collecting
    this.allErrors = settings.allErrors
    this.errors = settings.collecting ? [] : null
    this.evaluated = null
    this.step = null
    this.startPart(task.depth, task.scope, limit)
    // Truncating an array is a runtime call: only lists a pass left non-empty (it threw) are cut.
    // Longer `prefixes` are harmless: only the first `valid + 1` are read.
    if (this.segments.length !== 0) this.segments.length = 0
    this.prefixes[0] = task.pointer
    this.ends[0] = task.pointerEnd ?? (task.pointer.length <= SHORT_PATH ? task.pointer : last(task.pointer, PATH_END))
    this.valid = 0
    this.capErrors = settings.allErrors
    this.speculative = 0
    this.generated = settings.generated ?? null
    // Fixed for the whole run: in a compile with a reference cycle every applicator evaluates
    // every branch (never a different answer, only no short-circuit), so no node needs to set it.
    this.nodeExhaustive = task.node.cyclic
    return this
  }

  get exhaustive(): boolean {
    return this.nodeExhaustive || this.evaluated !== null
  }

  apply(handle: SchemaHandle, x: unknown, segment?: string | number): boolean {
    const h = handle as Handle
    if (h.child) return this.applyChild(h, x, segment)
    if (h.guarded) return this.applyGuarded(h, x)
    return h.node.evaluate(x, this)
  }

  private applyChild(h: Handle, x: unknown, segment: string | number | undefined): boolean {
    const d = ++this.depth
    if (d > this.limit && typeof x === 'object' && x !== null) {
      const ok = this.deep(h.node, x, segment)
      this.depth--
      return ok
    }
    this.visit(d, x)
    const collecting = this.collecting && segment !== undefined
    if (collecting) this.segments.push(segment)
    const outer = this.evaluated
    this.evaluated = null
    const ok = h.node.evaluate(x, this)
    this.evaluated = outer
    if (collecting) {
      this.segments.pop()
      if (this.valid > this.segments.length) this.valid = this.segments.length
    }
    this.depth--
    return ok
  }

  private applyGuarded(h: Handle, x: unknown): boolean {
    this.enterGuarded(h)
    const ok = h.node.evaluate(x, this)
    this.leaveGuarded()
    return ok
  }

  /** The general evaluator: annotations, dynamic scope, exhaustive nodes, issue collection. */
  evaluateNode(node: Node, x: unknown): boolean {
    const generated = this.generated
    if (generated !== null) {
      let ok: boolean | undefined
      try {
        ok = generated.checkNode(node, x)
      } catch {
        // Deep data or a keyword that threw: the general evaluator answers.
      }
      if (ok === true) return true
      if (ok === false) {
        const f = generated.failure()
        // A failure at this very value tells nothing the interpreter would not find at once:
        // explaining it with generated checks at every level below would redo each subtree.
        if (f === null || f.depth === 0) {
          this.generated = null
          try {
            return this.evaluateGeneral(node, x)
          } finally {
            this.generated = generated
          }
        }
        if (this.explainFailure(f)) return false
      }
    }
    return this.evaluateGeneral(node, x)
  }

  /**
   * Records the issues of a failure the generated code found below the current instance: its
   * failing step evaluated at its instance. Without `allErrors` a node stops at its first failing
   * step and a transparent step's issues are its failing subschema's, so these are the issues of
   * evaluating the whole node. False (nothing recorded) when the step does not fail again.
   */
  private explainFailure(f: GeneratedFailure): boolean {
    const errors = this.errors!
    const mark = errors.length
    const segments = this.segments
    const pushed = f.pointer !== ''
    if (pushed) segments.push(new PointerText(f.pointer))
    this.depth += f.depth
    let ok: boolean
    try {
      ok = f.step === null ? this.evaluateGeneral(f.node, f.instance) : this.evaluateStep(f.step, f.instance)
    } finally {
      this.depth -= f.depth
      if (pushed) {
        segments.pop()
        if (this.valid > segments.length) this.valid = segments.length
      }
    }
    if (!ok && errors.length > mark) return true
    errors.length = mark
    return false
  }

  private evaluateGeneral(node: Node, x: unknown): boolean {
    const t = typeIndex(x)
    if (t < 0) {
      if (!node.asserts) return true
      if (this.collecting) this.failNonJson(node, x)
      return false
    }
    const steps = node.table[t]!
    const outerEvaluated = this.evaluated
    const tracking = node.hasUnevaluated || outerEvaluated !== null
    if (tracking) this.evaluated = new Tracker()
    // Entering another schema resource (at its root or through a reference) extends the dynamic scope.
    const pushed = this.enterScope(node)
    const outerStep = this.step
    const keepGoing = node.exhaustive || (this.collecting && this.allErrors)
    let ok = true
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!
      this.step = s
      if (!this.runStep(s, x)) {
        ok = false
        if (!keepGoing) break
      }
    }
    this.step = outerStep
    if (pushed) this.scope.pop()
    if (tracking) {
      const inner = this.evaluated!
      this.evaluated = outerEvaluated
      if (ok && outerEvaluated !== null) outerEvaluated.merge(inner)
    }
    return ok
  }

  /** One step of a node on its own (the task of explaining a failure at that step). */
  evaluateStep(step: Step, x: unknown): boolean {
    const outer = this.step
    this.step = step
    const ok = this.runStep(step, x)
    this.step = outer
    return ok
  }

  /**
   * One step on the general path. The kernel's issue only when the keyword (or its subschemas)
   * reported nothing itself. A subclass wraps it to observe each keyword (`output()`).
   */
  protected runStep(s: Step, x: unknown): boolean {
    const errors = this.errors
    if (errors === null) return s.validate!(s.compiled, x, this)
    const mark = errors.length
    const speculative = this.speculative
    const ok = s.validate!(s.compiled, x, this)
    this.speculative = speculative
    if (!ok && errors.length === mark) this.fail(s, x)
    else if (this.capErrors && speculative === 0 && errors.length >= this.settings.maxErrors) {
      errors.length = this.settings.maxErrors
      throw new StopCollecting()
    }
    return ok
  }

  /** The issues of `step` failing on `x`, recorded without evaluating it (its failure is known). */
  failStep(step: Step, x: unknown): ValidationIssue[] | undefined {
    const outer = this.step
    this.step = step
    this.fail(step, x)
    this.step = outer
    return this.errors !== null && this.errors.length > 0 ? this.errors : undefined
  }

  errorMark(): number {
    this.speculative++
    return this.errors === null ? 0 : this.errors.length
  }

  resetErrors(mark: number): void {
    if (this.errors !== null) this.errors.length = mark
  }

  takeErrors(mark: number): ValidationIssue[] {
    return this.errors === null ? [] : this.errors.splice(mark)
  }

  restoreErrors(issues: readonly ValidationIssue[]): void {
    for (const issue of issues) this.push(issue)
  }

  get instancePath(): string {
    return this.pointer
  }

  /**
   * JSON Pointer of the current instance (failure pass). Built only when an issue needs it, from
   * the longest prefix still valid, so valid data never pays for path strings and many issues at
   * one deep location share the work.
   */
  get pointer(): string {
    const segments = this.segments
    const prefixes = this.prefixes
    const ends = this.ends
    for (let i = this.valid; i < segments.length; i++) {
      const s = segments[i]!
      const piece = s instanceof PointerText ? s.text : '/' + escapePointerToken(s)
      const p = prefixes[i] + piece
      prefixes[i + 1] = p
      ends[i + 1] = p.length <= SHORT_PATH ? p : last(ends[i]! + piece, PATH_END)
    }
    this.valid = segments.length
    return prefixes[segments.length]!
  }

  /** The last `PATH_END` characters of the current pointer with `tail` appended (call `pointer` first). */
  private pointerEnd(tail: string): string {
    return last(this.ends[this.segments.length]! + tail, PATH_END)
  }

  /** An issue made at the current pointer (plus `tail`): a long path's end is kept beside it (see `pathEnds`). */
  private made(issue: ValidationIssue, tail = ''): ValidationIssue {
    if (issue.instancePath.length > SHORT_PATH) pathEnds.set(issue, [issue.instancePath, this.pointerEnd(tail)])
    return issue
  }

  pathEnd(issue: ValidationIssue, length: number): string {
    const path = issue.instancePath
    const n = Math.min(length, PATH_END, path.length)
    const kept = pathEnds.get(issue)
    if (kept !== undefined && kept[0] === path) return last(kept[1], n)
    return n === 0 ? '' : path.slice(-n)
  }

  errorAt(index: number): ValidationIssue | undefined {
    return this.errors === null ? undefined : this.errors[index]
  }

  report(params: Record<string, unknown>, message: string, segment?: string | number): void {
    if (this.errors === null || this.step === null) return
    const tail = segment === undefined ? undefined : '/' + escapePointerToken(segment)
    const instancePath = tail === undefined ? this.pointer : this.pointer + tail
    this.push(this.made({ keyword: this.step.keyword, instancePath, schemaPath: this.step.schemaPath, params, message }, tail))
  }

  /**
   * Records the issue of a step that failed without reporting (its subschemas reported nothing
   * either): the keyword's own `error`, or for a keyword defined without one (a plugin's) an issue
   * of its own naming it and what it was given, at its own paths, so no failure goes unexplained.
   * A definition that sets `error: undefined` explicitly records its issues itself (a wrapper
   * that rewrites them may merge them into an earlier one): nothing is added for it.
   */
  fail(step: Step, x: unknown): void {
    const error = step.definition.error
    if (error === undefined) {
      if ('error' in step.definition) return
      this.push(this.made({ keyword: step.keyword, instancePath: this.pointer, schemaPath: step.schemaPath, params: {}, message: `must be valid against "${step.keyword}"${got(x)}` }))
      return
    }
    const params = error.params ? error.params(step.compiled, x, this) : {}
    this.push(
      this.made({
        keyword: step.keyword,
        instancePath: this.pointer,
        schemaPath: step.schemaPath,
        params,
        message: error.message(params, step.compiled, x),
      }),
    )
  }

  failFalse(node: Node): void {
    this.push(
      this.made({
        keyword: 'false schema',
        instancePath: this.pointer,
        schemaPath: node.location,
        params: {},
        message: 'boolean schema is false',
      }),
    )
  }

  private failNonJson(node: Node, x: unknown): void {
    const what = typeof x === 'number' ? String(x) : typeof x === 'bigint' ? 'a BigInt' : typeof x
    this.push(
      this.made({
        keyword: 'type',
        instancePath: this.pointer,
        schemaPath: node.location,
        params: { type: 'json', value: what },
        message: `must be a JSON value (got ${nonFinite(x) ?? what})`,
      }),
    )
  }

  private push(issue: ValidationIssue): void {
    // An issue is work beyond the keyword that failed: its message (an excerpt of the value, the
    // expectation in words) and its path, kept even when a branch later drops it.
    if (this.meter !== null) this.charge(ISSUE_WORK)
    const errors = this.errors!
    errors.push(issue)
    if (this.capErrors && this.speculative === 0 && errors.length >= this.settings.maxErrors) throw new StopCollecting()
  }

  private deep(node: Node, x: object, segment: string | number | undefined): boolean {
    const scopeKey = this.scope.map((r) => r.uri).join(' ')
    const hit = this.driver.recall(node, x, scopeKey)
    if (hit !== undefined) {
      // A part split off earlier in this round is valid for now (the round is retried after it).
      if (hit.pending) return true
      if (this.errors !== null) for (const e of hit.errors) this.push(e)
      return hit.ok
    }
    const tail = this.collecting && segment !== undefined ? '/' + escapePointerToken(segment) : ''
    const pointer = this.pointer + tail
    const pointerEnd = this.collecting ? this.pointerEnd(tail) : undefined
    // Data that contains itself is caught by the check at power-of-two depths inside the task.
    this.driver.postpone({ node, instance: x, pointer, pointerEnd, depth: this.depth, scope: this.scope.slice(), scopeKey })
    return true
  }

}

/** The last `n` characters of `s` (a slice of a flat string shares it: no copy). */
function last(s: string, n: number): string {
  return s.length <= n ? s : s.slice(s.length - n)
}
