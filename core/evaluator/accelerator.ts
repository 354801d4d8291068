/**
 * The generated tier as the interpreter sees it: one interface, declared here so that the
 * interpreter depends on nothing in `core/codegen/`. The kernel injects the tier's factory
 * (`GeneratedTier`, `core/codegen/tier-up.ts`); a validator calls it once, after a schema has
 * been used a few times.
 *
 * Generated code answers true or false and records where it failed; the interpreter explains a
 * failure by evaluating that node or step again, collecting (`Run.evaluateNode`, `validator.ts`).
 */
import type { Node, Step } from './node.ts'

/** Where the generated check failed: the step (null: the node itself) and the instance there. */
export interface GeneratedFailure {
  node: Node
  step: Step | null
  instance: unknown
  /** JSON Pointer of `instance`, relative to the value the check started from. */
  pointer: string
  /** Child applications between that value and `instance` (the pointer's segment count). */
  depth: number
  /**
   * The step's generated test runs the step's own `validate` function, which records no issue of
   * its own: the keyword's `error` alone explains the failure, without evaluating it again.
   */
  mirrors: boolean
}

/** A compile's boolean pass as generated code. */
export interface GeneratedCheck {
  /** True when valid; throws (any value) when the interpreter must answer instead. */
  check(x: unknown): boolean
  /**
   * The boolean pass of one node of the compile on `x`, as `check` does for the root; undefined
   * when there is no code for that node. Only while explaining the failure of a `check` made just
   * before (it relies on the prototype test that `check` made).
   */
  checkNode(node: Node, x: unknown): boolean | undefined
  /**
   * Where the last `check` or `checkNode` that returned false failed; null when its code recorded
   * no place (a keyword's `emit` that failed without saying where: the interpreter explains).
   */
  failure(): GeneratedFailure | null
}
