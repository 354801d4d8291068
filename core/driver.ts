/**
 * The driver of one evaluation pass: runs the root task, and each task a deep split hands it,
 * on a fresh JavaScript stack; remembers split answers for the retried parent; picks the plain
 * or the metered run once per pass from the compile's limits.
 */
import type { ValidationIssue } from './errors.ts'
import { WorkLimit } from './limits.ts'
import type { Meter } from './limits.ts'
import type { Handle, Node } from './node.ts'
import { MemoRun, MeteredRun, Run } from './run.ts'
import type { AnswerMemo } from './run.ts'
import { DeepSplit, SPLIT_DEPTH, StopCollecting } from './pass.ts'
import type { MemoEntry, PassSettings, Task } from './pass.ts'
import type { Resource } from './schema-index.ts'

/** What a pass returns; `limit` is set when it ran out of work budget (then `errors` is that issue). */
export interface PassResult {
  ok: boolean
  errors: ValidationIssue[]
  limit?: ValidationIssue
}

/** Runs one pass over a root node, splitting deep data into tasks. */
export class Driver {
  readonly ancestors: unknown[] = []
  /** Answers of split tasks (made at the first deep split: most passes never split). */
  private memo: Map<Node, Map<object, MemoEntry[]>> | null = null
  /** A pass is under way (a keyword may call back into the same validator: it gets a new driver). */
  busy = false
  /** The plain run of the last pass, restarted by the next one. */
  private spare: Run | null = null
  /**
   * @param sharedMeter a budget shared with the caller (`applyDefaults` charges its own walk and
   * its tests to one meter); by default each `run` starts a fresh one of the node's `maxWork`.
   */
  constructor(
    private readonly dynamicHandles: (resource: Resource, anchor: string) => Handle,
    private readonly sharedMeter?: Meter,
    /** Answers kept across this driver's passes (`applyDefaults`' branch tests). */
    private readonly answers?: AnswerMemo,
  ) {}

  dynamicHandle(resource: Resource, anchor: string): Handle {
    return this.dynamicHandles(resource, anchor)
  }

  recall(node: Node, x: object, scopeKey: string): MemoEntry | undefined {
    return this.memo?.get(node)?.get(x)?.find((e) => e.scopeKey === scopeKey)
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
    this.busy = true
    try {
      return this.tasks(first, settings)
    } finally {
      this.busy = false
      this.memo = null
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
    this.ancestors[0] = task.instance
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

  private tasks(first: Task, settings: PassSettings): PassResult {
    const tasks: Task[] = [first]
    const data = first.instance
    let limit = SPLIT_DEPTH
    this.ancestors[0] = data
    // Chosen once per pass: a schema without limits runs the plain `Run` and is never charged.
    const policy = first.node.policy
    const meter = policy === null ? null : (this.sharedMeter ?? { left: policy.maxWork })
    for (;;) {
      const task = tasks[tasks.length - 1]!
      let run: Run
      if (policy !== null && meter !== null) run = new MeteredRun(settings, this, task, limit, meter, policy.maxWork, policy.capErrors)
      else if (tasks.length > 1) run = this.answers !== undefined ? new MemoRun(settings, this, task, limit, this.answers) : new Run(settings, this, task, limit)
      else run = this.spareRun(settings, task, limit)
      let ok: boolean
      try {
        // The entry node is charged like an application (deep-split tasks are retried, and pay again).
        if (meter !== null) run.charge(1 + task.node.steps.length)
        ok = task.step !== undefined ? run.evaluateStep(task.step, task.instance) : task.node.evaluate(task.instance, run)
      } catch (e) {
        if (e instanceof WorkLimit) {
          const issue = e.issue()
          return { ok: false, errors: [issue], limit: issue }
        }
        if (e instanceof DeepSplit) {
          tasks.push(e.task)
          continue
        }
        if (e instanceof RangeError && limit > 4) {
          limit = limit >> 2
          continue
        }
        if (e instanceof StopCollecting) {
          if (tasks.length === 1) return { ok: false, errors: run.errors ?? [] }
          ok = false
        } else {
          throw e
        }
      }
      if (tasks.length === 1) return { ok, errors: run.errors ?? [] }
      tasks.pop()
      const memo = (this.memo ??= new Map())
      const byNode = memo.get(task.node) ?? new Map<object, MemoEntry[]>()
      memo.set(task.node, byNode)
      const entries = byNode.get(task.instance as object) ?? []
      byNode.set(task.instance as object, entries)
      entries.push({ scopeKey: task.scopeKey, ok, errors: run.errors ?? [] })
    }
  }
}
