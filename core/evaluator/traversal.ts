/**
 * What every walk over data with a compiled schema shares, whatever it does at each node
 * (validate, explain, trace for output formats, fill in defaults): the guard that refuses an
 * in-place reference cycle, the dynamic scope `$dynamicRef` searches, the check for data that
 * contains itself, the depth past which deep data is split off to a fresh stack, and the work
 * meter of schemas with limits. `Run` (validation and its subclasses) and `DefaultsWalk` are its
 * two modes; the `Driver` of a call runs the split-off parts of either, on one driver per call.
 */
import { CyclicDataError } from '../documents/json.ts'
import { WorkLimit } from '../contract/limits.ts'
import type { Meter } from '../contract/limits.ts'
import type { Handle, Node } from './node.ts'
import type { Driver } from './driver.ts'
import { CycleAbort } from './pass.ts'
import type { Resource } from '../documents/schema-index.ts'
import type { SchemaHandle } from '../contract/types.ts'

export abstract class Traversal {
  /** Levels of child application from the root of the call (absolute, across split-off parts). */
  depth = 0
  /** Resources entered, outermost first: the dynamic scope `$dynamicRef` searches. */
  readonly scope: Resource[] = []
  /**
   * Guarded references open on the current path, with the depth each was entered at: parallel
   * lists, so entering a reference allocates nothing.
   */
  private readonly guardNodes: Node[] = []
  private readonly guardDepths: number[] = []
  /** Depth past which a child application is split off (the part's start plus its stack allowance). */
  protected limit = 0
  /** The call's work budget, or null (no limits: nothing is counted). */
  protected meter: Meter | null = null
  /** The budget's size, for the issue when it runs out. */
  protected maxWork = 0

  constructor(readonly driver: Driver) {}

  /** JSON Pointer of the current instance (built only for an issue). */
  abstract get pointer(): string

  /** Sets the shared state up for a part starting at `depth` in `scope`, with `allowance` levels of stack. */
  protected startPart(depth: number, scope: readonly Resource[], allowance: number): void {
    this.depth = depth
    const own = this.scope
    if (own.length !== 0) own.length = 0
    for (let i = 0; i < scope.length; i++) own.push(scope[i]!)
    if (this.guardNodes.length !== 0) {
      this.guardNodes.length = 0
      this.guardDepths.length = 0
    }
    this.limit = depth + allowance
  }

  /** The call has a work budget (a keyword then charges its size-proportional work). */
  get budgeted(): boolean {
    return this.meter !== null
  }

  /** Charges work to the call's budget; nothing without one. */
  charge(units: number): void {
    const meter = this.meter
    if (meter !== null && (meter.left -= units) < 0) throw new WorkLimit(this.maxWork, this.pointer)
  }

  /**
   * Enters a reference that sits inside an in-place cycle, on the current instance. Throws the
   * cycle (`CycleAbort`, which ends the whole call) when the same reference is open already at
   * this depth: it would never consume input. Pair with `leaveGuarded`.
   */
  protected enterGuarded(h: Handle): void {
    const nodes = this.guardNodes
    const depths = this.guardDepths
    const d = this.depth
    for (let i = nodes.length - 1; i >= 0 && depths[i] === d; i--) {
      if (nodes[i] === h.node) {
        const path = nodes.slice(i).map((n) => n.location)
        path.push(h.node.location)
        throw new CycleAbort(h.keyword, path, this.pointer)
      }
    }
    nodes.push(h.node)
    depths.push(d)
  }

  protected leaveGuarded(): void {
    this.guardNodes.pop()
    this.guardDepths.pop()
  }

  /** Extends the dynamic scope on entering another schema resource; true when it did (pop it after). */
  protected enterScope(node: Node): boolean {
    const scope = this.scope
    if (!node.pushScope || scope[scope.length - 1] === node.resource) return false
    scope.push(node.resource)
    return true
  }

  dynamicTarget(anchor: string): SchemaHandle | undefined {
    for (const resource of this.scope) {
      if (resource.dynamicAnchors.has(anchor)) return this.driver.dynamicHandle(resource, anchor)
    }
    return undefined
  }

  /**
   * Records `x` as the value at depth `d` of the current path and, at power-of-two depths, checks
   * that no object occurs twice on the path (data that contains itself would never end). Cheap per
   * level: a store, and each entry of the path is checked once while it stays (see `Driver`).
   */
  protected visit(d: number, x: unknown): void {
    const driver = this.driver
    driver.setAncestor(d, x)
    if (d >= 8 && (d & (d - 1)) === 0) {
      const at = driver.firstRepeat(d)
      if (at >= 0) this.cyclicData(at)
    }
  }

  /** The value at depth `at` of the path occurs above it too: the data contains itself. */
  protected cyclicData(_at: number): never {
    throw new CyclicDataError()
  }
}
