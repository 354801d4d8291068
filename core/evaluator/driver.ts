/**
 * The driver of one call: runs the root of each pass, and each part deep data splits off, on a
 * fresh JavaScript stack, for both modes of the traversal (`traversal.ts`). A validating pass
 * evaluates a task in rounds: a round goes on past each deep part it has no answer for (taking it
 * as valid for now), the driver then runs those parts, and the task is retried with their answers;
 * a round that met none is the task's answer. A defaults walk walks the slots it deferred after
 * its root. Picks the plain or the metered run once per pass from the
 * compile's limits. `applyDefaults` holds one driver for its whole call: the walk, its branch
 * tests and its cycle checks.
 */
import type { ValidationIssue } from '../contract/errors.ts'
import { WorkLimit } from '../contract/limits.ts'
import type { Meter } from '../contract/limits.ts'
import type { Handle, Node } from './node.ts'
import { Run } from './run.ts'
import { MemoRun, MeteredRun } from './run-variants.ts'
import type { AnswerMemo } from './run-variants.ts'
import { DataChanged, SPLIT_DEPTH, StopCollecting } from './pass.ts'
import type { MemoEntry, PassSettings, Task } from './pass.ts'
import type { Resource } from '../documents/schema-index.ts'

/** Levels a defaults walk goes down one stack before deferring a slot (its frames are larger than a run's). */
export const DEFAULTS_SPLIT_DEPTH = 256

/** The defaults mode of the traversal, as the driver runs it: its root, then each slot it deferred. */
export interface SlotWalk<S> {
  walkRoot(): void
  resume(slot: S): void
}

const FLAG: PassSettings = { collecting: false, allErrors: false, maxErrors: 1 }
/** No issues (shared, never written: a pending entry's, and a part's that collected none). */
const NO_ISSUES: ValidationIssue[] = Object.freeze([]) as unknown as ValidationIssue[]
/** Nothing was thrown (a round that ended normally). */
const NOTHING = Symbol('nothing')
/** The dynamic scope a branch test starts in (runs copy it, never change it). */
const NO_SCOPE: Resource[] = []

/** What a pass returns; `limit` is set when it ran out of work budget (then `errors` is that issue). */
export interface PassResult {
  ok: boolean
  errors: ValidationIssue[]
  limit?: ValidationIssue
}

/** Runs one pass over a root node, splitting deep data into tasks. */
export class Driver {
  /** The values on the path of the running pass, by depth (entries past the current depth are left over). */
  readonly ancestors: unknown[] = []
  /**
   * `ancestors[0..checked]` hold no object twice, and `onPath` holds those objects: the check for
   * data that contains itself looks at each entry once while it stays (a defaults walk's branch
   * tests start where the walk stands and would otherwise scan the walk's path again).
   */
  private checked = -1
  private readonly onPath = new Set<unknown>()
  /** Answers of split tasks (made at the first deep split: most passes never split). */
  private memo: Map<Node, Map<object, MemoEntry[]>> | null = null
  /** The parts the running round split off, in the order met (null until the first). */
  private pending: Task[] | null = null
  /** The running round's task. */
  private roundTask: Task | null = null
  /** The running round has reached its task's anchor (or the task has none). */
  private anchored = true
  /** Least depth written on the path since the last part was split off (what that part's path record starts from). */
  private low = 0
  /** Parts split off so far (an answer computed while this grew took one of them as valid for now). */
  splits = 0
  /** A pass is under way (a keyword may call back into the same validator: it gets a new driver). */
  busy = false
  /** An `applyDefaults` call is under way on this driver (another call gets a new driver). */
  walking = false
  /** The plain run of the last pass, restarted by the next one. */
  private spare: Run | null = null
  /** The issues of the last pass (null when it did not collect) and its work-limit issue. */
  private issues: ValidationIssue[] | null = null
  private limitIssue: ValidationIssue | undefined = undefined
  /** The task of a branch test, reused: a test allocates no task. */
  private readonly probe: Task = { node: null as unknown as Node, instance: undefined, pointer: '', depth: 0, scope: NO_SCOPE, scopeKey: '' }
  /** The task stack of the running pass, kept: a branch test allocates none. */
  private readonly stack: Task[] = []
  /** Slots a defaults walk deferred past its split depth, walked last in first out. */
  private readonly slots: unknown[] = []

  constructor(
    private readonly dynamicHandles: (resource: Resource, anchor: string) => Handle,
    /** Answers kept across this driver's boolean passes (`applyDefaults`' branch tests: see `keepAnswers`). */
    private answers?: AnswerMemo,
  ) {}

  /** Records `x` at depth `d` of the path; a different value there undoes what was checked from `d` down. */
  setAncestor(d: number, x: unknown): void {
    const path = this.ancestors
    if (d < this.low) this.low = d
    if (d <= this.checked && path[d] !== x) {
      const onPath = this.onPath
      for (let i = this.checked; i >= d; i--) onPath.delete(path[i])
      this.checked = d - 1
    }
    path[d] = x
  }

  /** The least depth up to `d` whose object occurs above it on the path, or -1 (data that contains itself). */
  firstRepeat(d: number): number {
    const path = this.ancestors
    const onPath = this.onPath
    for (let i = this.checked + 1; i <= d; i++) {
      const a = path[i]
      if (typeof a === 'object' && a !== null) {
        if (onPath.has(a)) return i
        onPath.add(a)
      }
      this.checked = i
    }
    return -1
  }

  /** Forgets the checked path (no reference to the data stays after a call). */
  release(): void {
    if (this.checked < 0) return
    this.onPath.clear()
    this.checked = -1
  }

  dynamicHandle(resource: Resource, anchor: string): Handle {
    return this.dynamicHandles(resource, anchor)
  }

  /** The answer (or the pending entry) of a deep part met before in this pass. */
  recall(node: Node, x: object, scopeKey: string): MemoEntry | undefined {
    const entry = this.memo?.get(node)?.get(x)?.find((e) => e.scopeKey === scopeKey)
    if (entry !== undefined && !this.anchored && entry === this.roundTask!.anchor) this.anchored = true
    return entry
  }

  /**
   * Splits off a deep part the running round has no answer for: it runs after the round, which
   * goes on taking it as valid. Throws `DataChanged` when a retry meets it before its anchor.
   */
  postpone(task: Task): void {
    if (!this.anchored) throw new DataChanged()
    const entry: MemoEntry = { scopeKey: task.scopeKey, ok: true, errors: NO_ISSUES, pending: true }
    const memo = (this.memo ??= new Map())
    let byNode = memo.get(task.node)
    if (byNode === undefined) memo.set(task.node, (byNode = new Map()))
    const entries = byNode.get(task.instance as object)
    if (entries === undefined) byNode.set(task.instance as object, [entry])
    else entries.push(entry)
    task.entry = entry
    // The path above the part, from where it differs from the previous part's (the whole round's
    // part of it for the first): put back before the part runs.
    const first = this.pending === null
    const from = first ? this.roundTask!.depth : Math.max(this.low, this.roundTask!.depth)
    task.pathFrom = from
    task.path = this.ancestors.slice(from, task.depth)
    this.low = task.depth
    this.splits++
    ;(this.pending ??= []).push(task)
  }

  /**
   * Evaluates `node` on `data`; returns the answer and, when collecting, the issues. A pass that
   * runs out of work budget returns not ok with the `limit` issue alone.
   */
  run(node: Node, data: unknown, settings: PassSettings): PassResult {
    return this.runTask({ node, instance: data, pointer: '', depth: 0, scope: [], scopeKey: '' }, settings)
  }

  /** Evaluates one task (a node, or one step of it, at a given instance path). */
  runTask(first: Task, settings: PassSettings): PassResult {
    const ok = this.pass(first, settings, null)
    this.release()
    const limit = this.limitIssue
    return limit === undefined ? { ok, errors: this.issues ?? [] } : { ok, errors: [limit], limit }
  }

  /**
   * A branch test of a defaults walk: the boolean answer of `node` on `instance`, the value at
   * `depth` of the walk's path (the walk's ancestors stay in place above it), charged to the
   * walk's `meter` (see `ranOut`). Allocates no task or result.
   */
  test(node: Node, instance: unknown, depth: number, meter: Meter | null): boolean {
    const probe = this.probe
    probe.node = node
    probe.instance = instance
    probe.depth = depth
    const ok = this.pass(probe, FLAG, meter)
    probe.instance = undefined
    return ok
  }

  /** The last pass stopped at the end of its work budget (its answer is then no answer). */
  get ranOut(): boolean {
    return this.limitIssue !== undefined
  }

  /** The answers kept across boolean passes, if any (see `keepAnswers`). */
  get keptAnswers(): AnswerMemo | undefined {
    return this.answers
  }

  /** Answers to keep across the boolean passes from now on (a fresh copy of the data gets fresh ones). */
  keepAnswers(answers: AnswerMemo | undefined): void {
    this.answers = answers
    this.spare = null
    this.release()
  }

  /**
   * Walks defaults over the whole data: the walk's root, then each slot it deferred, each from a
   * fresh stack. A `RangeError` (the caller was deep already) starts over, with a quarter of the
   * stack allowance, on the fresh walk `start` makes (and a fresh copy of the data).
   */
  walkDefaults<S>(start: (allowance: number) => SlotWalk<S>): void {
    for (let allowance = DEFAULTS_SPLIT_DEPTH; ; allowance >>= 2) {
      const slots = this.slots
      slots.length = 0
      const walk = start(allowance)
      try {
        walk.walkRoot()
        while (slots.length > 0) walk.resume(slots.pop() as S)
        return
      } catch (e) {
        if (e instanceof RangeError && allowance > 4) continue
        throw e
      }
    }
  }

  /** Defers a slot of the running defaults walk to its own stack (see `walkDefaults`). */
  defer(slot: unknown): void {
    this.slots.push(slot)
  }

  private pass(first: Task, settings: PassSettings, meter: Meter | null): boolean {
    // A pass inside a pass (not one this driver starts itself) gets a stack of its own, and its
    // own answers and round (the outer pass's are put back after it).
    const nested = this.busy
    const stack = nested ? [] : this.stack
    const outer = nested ? { memo: this.memo, pending: this.pending, roundTask: this.roundTask, anchored: this.anchored, low: this.low } : null
    this.busy = true
    this.issues = null
    this.limitIssue = undefined
    this.memo = null
    stack.push(first)
    try {
      return this.tasks(stack, settings, meter)
    } finally {
      // Popped, not truncated: `length = 0` drops the backing store, and each test would grow a new one.
      while (stack.length !== 0) stack.pop()
      if (outer === null) {
        this.busy = false
        this.memo = null
        this.pending = null
        this.roundTask = null
        this.anchored = true
      } else {
        this.memo = outer.memo
        this.pending = outer.pending
        this.roundTask = outer.roundTask
        this.anchored = outer.anchored
        this.low = outer.low
      }
    }
  }

  /** The kept plain run, set up for `task`. */
  private spareRun(settings: PassSettings, task: Task, limit: number): Run {
    if (this.spare !== null) return this.spare.restart(settings, task, limit)
    return (this.spare = this.answers !== undefined ? new MemoRun(settings, this, task, limit, this.answers) : new Run(settings, this, task, limit))
  }

  /**
   * The issues of the failing leaf step a generated check found (a step applying no subschema, in
   * a node without limits: no task can split), evaluated again on the kept run, collecting.
   * Undefined when the step passes here (the tiers disagree: the caller runs the general pass) or
   * threw. No task loop, no result object. `mirrors`: the generated test ran the step's own
   * function (`EmitBlock.mirrorsValidate`), so only the issue is made, without a second run.
   */
  leafIssues(task: Task, settings: PassSettings, mirrors: boolean): ValidationIssue[] | undefined {
    this.busy = true
    this.setAncestor(0, task.instance)
    const run = this.spareRun(settings, task, SPLIT_DEPTH)
    try {
      if (mirrors) return run.failStep(task.step!, task.instance)
      return run.evaluateStep(task.step!, task.instance) ? undefined : (run.errors ?? undefined)
    } catch {
      return undefined
    } finally {
      this.busy = false
    }
  }

  /** The answer of the pass; its issues go to `issues`, an exhausted budget to `limitIssue`. */
  private tasks(tasks: Task[], settings: PassSettings, shared: Meter | null): boolean {
    const first = tasks[0]!
    let limit = SPLIT_DEPTH
    // Chosen once per pass: a schema without limits runs the plain `Run` and is never charged.
    const policy = first.node.policy
    const meter = policy === null ? null : (shared ?? { left: policy.maxWork })
    first.anchor = undefined
    for (;;) {
      const task = tasks[tasks.length - 1]!
      // A split-off part's path, then its value (a split task's value was not recorded yet).
      const path = task.path
      if (path !== undefined) {
        const from = task.pathFrom!
        for (let i = 0; i < path.length; i++) this.setAncestor(from + i, path[i])
      }
      this.setAncestor(task.depth, task.instance)
      let run: Run
      if (policy !== null && meter !== null) run = new MeteredRun(settings, this, task, limit, meter, policy.maxWork, policy.capErrors)
      else if (tasks.length > 1) run = this.answers !== undefined ? new MemoRun(settings, this, task, limit, this.answers) : new Run(settings, this, task, limit)
      else run = this.spareRun(settings, task, limit)
      this.roundTask = task
      this.anchored = task.anchor === undefined || task.anchorLimit !== limit
      this.pending = null
      this.low = task.depth
      let ok: boolean
      let thrown: unknown = NOTHING
      try {
        // The entry node is charged like an application (a task is retried once per round, and pays again).
        if (meter !== null) run.charge(1 + task.node.steps.length)
        ok = task.step !== undefined ? run.evaluateStep(task.step, task.instance) : task.node.evaluate(task.instance, run)
      } catch (e) {
        if (e instanceof WorkLimit) {
          this.limitIssue = e.issue()
          return false
        }
        if (e instanceof RangeError && limit > 4) {
          // The caller was deep already: the task again, splitting sooner. Parts this round split
          // off are forgotten (their entries stay pending: the new split depth meets other parts).
          this.forgetPending()
          limit = limit >> 2
          continue
        }
        // Anything else may come of a part taken as valid for now: decided after the parts ran.
        thrown = e
        ok = false
      }
      const parts = this.pending as Task[] | null // set by `postpone` during the round
      if (parts !== null) {
        // Retried after its parts (above it on the stack, the first on top), with their answers.
        this.pending = null
        task.anchor = parts[0]!.entry
        task.anchorLimit = limit
        for (let i = parts.length - 1; i >= 0; i--) tasks.push(parts[i]!)
        continue
      }
      if (thrown !== NOTHING) {
        if (!(thrown instanceof StopCollecting)) throw thrown
        if (tasks.length === 1) {
          this.issues = run.errors
          return false
        }
      }
      if (tasks.length === 1) {
        this.issues = run.errors
        return ok
      }
      tasks.pop()
      const entry = task.entry!
      entry.ok = ok
      entry.errors = run.errors ?? NO_ISSUES
      entry.pending = false
    }
  }

  /** Drops the parts the running round split off (a `RangeError` restarts its task). */
  private forgetPending(): void {
    const parts = this.pending
    this.pending = null
    if (parts === null) return
    for (const part of parts) {
      const entries = this.memo!.get(part.node)!.get(part.instance as object)!
      entries.splice(entries.indexOf(part.entry!), 1)
    }
  }
}
