/**
 * Variants of the run, each chosen once per pass so that a pass without their need pays nothing:
 * the metered run of schemas with limits, and the memoizing run of `applyDefaults`' branch tests.
 */
import type { SchemaHandle } from '../contract/types.ts'
import type { Meter } from '../contract/limits.ts'
import type { Handle, Node } from './node.ts'
import type { Driver } from './driver.ts'
import type { PassSettings, Task } from './pass.ts'
import { Run } from './run.ts'

/**
 * The run of a schema with limits: every subschema application (and every keyword of it) and
 * every regex scan is charged to the pass's meter; an exhausted meter aborts the pass. A
 * separate class, chosen once per pass, so schemas without limits pay nothing for it.
 */
export class MeteredRun extends Run {
  constructor(settings: PassSettings, driver: Driver, task: Task, limit: number, meter: Meter, max: number, capErrors: boolean) {
    super(settings, driver, task, limit)
    this.meter = meter
    this.maxWork = max
    if (capErrors) this.capErrors = true
  }

  override apply(handle: SchemaHandle, x: unknown, segment?: string | number): boolean {
    this.charge(1 + (handle as Handle).node.steps.length)
    return super.apply(handle, x, segment)
  }
}

/** Answers of subschemas on objects, kept across the branch tests of one `applyDefaults` call. */
// Per object a flat list `[node, answer, node, answer, ...]`: an object is usually asked about
// one or two subschemas, and a Map per object made deep data's copies cost the GC more per level.
export type AnswerMemo = Map<object, (Node | boolean)[]>

/**
 * The boolean run of `applyDefaults`' branch tests (`anyOf`, `oneOf`, `if`): the answer of a
 * subschema on an object is kept, so testing a recursive schema's branch at every level of the
 * data costs each level once, not once per level above it (quadratic). The walk forgets the
 * answers about an object and its ancestors when it fills a default into it. Only where an
 * answer is a pure function of node and value: no dynamic scope, no annotations collected.
 *
 * Only applications to a child value are kept: a test enters at the value the walk stands on and
 * finds every child's answer kept, and what it applies in place on that value is bounded by the
 * schema, not by the data. One answer per object is the rule, so a list of two, never grown.
 */
export class MemoRun extends Run {
  constructor(
    settings: PassSettings,
    driver: Driver,
    task: Task,
    limit: number,
    private readonly memo: AnswerMemo,
  ) {
    super(settings, driver, task, limit)
  }

  override apply(handle: SchemaHandle, x: unknown, segment?: string | number): boolean {
    const h = handle as Handle
    const node = h.node
    if (!h.child || typeof x !== 'object' || x === null || this.collecting || this.evaluated !== null || node.pushScope) return super.apply(handle, x, segment)
    const known = this.memo.get(x)
    if (known !== undefined) {
      for (let i = 0; i < known.length; i += 2) if (known[i] === node) return known[i + 1] as boolean
    }
    const splits = this.driver.splits
    const ok = super.apply(handle, x, segment)
    // An answer that took a deep part as valid for now is not kept (the round is retried).
    if (this.driver.splits !== splits) return ok
    // Looked up again: the nested apply may have recorded answers about `x` meanwhile.
    const list = this.memo.get(x)
    if (list === undefined) this.memo.set(x, [node, ok])
    else list.push(node, ok)
    return ok
  }
}
