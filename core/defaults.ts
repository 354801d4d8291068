/**
 * `applyDefaults`: the defaults mode of the one traversal (`traversal.ts`), over a private copy
 * of the data, filling missing values from `default`, keyword by keyword (each keyword's
 * `defaults` function, in keyword order). The caller's value and schema are never touched; every
 * inserted default is a fresh copy.
 *
 * One driver serves the whole call: the walk, its branch tests (`anyOf`, `oneOf`, `if`) and, on a
 * schema with an in-place cycle, the check that reports the cycle as `validate` does. Deep data:
 * a child slot past the split depth is deferred to the driver and walked later from a fresh stack.
 * Data that contains itself is refused by the traversal's path check.
 */
import type { Compilation } from './compiler/compile.ts'
import { ValidationError } from './contract/errors.ts'
import { COPY_LIMIT, CyclicDataError, copyJson, hasOwn, isPlainContainer, setOwn } from './documents/json.ts'
import { WorkLimit } from './contract/limits.ts'
import type { Handle, Node } from './evaluator/node.ts'
import { Driver } from './evaluator/driver.ts'
import type { SlotWalk } from './evaluator/driver.ts'
import { CycleAbort } from './evaluator/pass.ts'
import type { PassSettings } from './evaluator/pass.ts'
import type { Resource } from './documents/schema-index.ts'
import { Traversal } from './evaluator/traversal.ts'
import type { DefaultsContext, SchemaHandle } from './contract/types.ts'
import { formatPointer } from './documents/pointer.ts'

const FLAG: PassSettings = { collecting: false, allErrors: false, maxErrors: 1 }
const NO_SCOPE: readonly Resource[] = []

/** A child slot deferred past the split depth, with what its walk needs of the path above it. */
interface Slot {
  node: Node
  holder: Record<string, unknown> | unknown[]
  key: string | number
  depth: number
  scope: Resource[]
  /** The path to the slot, as the segments of the resumed walks above it. */
  pathUp: PathSegment
  sources: Source | null
  /** The values on the path above the slot, kept only for data that contains itself (to find the loop). */
  ancestors: unknown[] | null
}

/**
 * A schema whose `default` was filled in at a slot above (or at) the one being walked. A schema
 * met again inside its own filled-in default would fill it again at every level (a recursive
 * schema whose default reaches itself: `items: { anyOf: [{ $ref: '#' }], default: {} }`): the
 * inner slot stays missing instead, so the copy is finite.
 */
interface Source {
  readonly node: Node
  readonly up: Source | null
}

/** Keys of one stretch of the path, with the stretch above it. */
interface PathSegment {
  readonly keys: readonly (string | number)[]
  readonly up: PathSegment | null
}

/**
 * The walk of one `applyDefaults` call (one per copy of the data: a restart after a
 * `RangeError` makes a new one). Per level of data it allocates nothing of its own: the path,
 * the holders and the ancestors are lists indexed by depth.
 */
class DefaultsWalk extends Traversal implements DefaultsContext, SlotWalk<Slot> {
  holder: Record<string, unknown> | unknown[]
  key: string | number = 'value'
  /** Depth where the current part started (0, or a resumed slot's depth). */
  private base = 0
  /** The keys from where this part started (the root, or a resumed slot: see `pathUp`). */
  private readonly path: (string | number)[] = []
  /** The path above `path`: a resumed slot keeps its own, so deep data never copies a long path. */
  private pathUp: PathSegment | null = null
  /** `holders[d - base]`: the object holding the slot at depth `d` of the current path (a part is at most its allowance deep). */
  private readonly holders: object[] = []
  /**
   * Holders above this depth may hold kept answers; those at `base` up to here hold none: a
   * default filled in forgets the answers about its holder and every holder above (they all
   * changed), and tests only learn answers about values below the current holder. So each
   * default forgets only what was learnt since the last one. Above a resumed slot nothing is
   * asked again (the copy is a tree, and the walk above it is done), so a part starts at `base`.
   */
  private forgotten = 0
  /** The schemas whose defaults were filled in at or above the slot being walked. */
  private sources: Source | null = null
  /** The schema whose step is running (the one a `default` step inserts from). */
  private stepNode: Node | null = null
  /** The depth of the first value found twice on the path (data that contains itself), or -1. */
  private loopAt = -1

  constructor(
    driver: Driver,
    private readonly compilation: Compilation,
    private readonly box: Record<string, unknown>,
    private readonly allowance: number,
    /** The copy contains itself: check the path for the loop (and keep no answers). */
    private cyclic: boolean,
  ) {
    super(driver)
    this.holder = box
    const policy = compilation.root.policy
    if (policy !== null) {
      this.meter = { left: policy.maxWork }
      this.maxWork = compilation.options.maxWork
    }
  }

  /** JSON Pointer of the slot being walked, or of the loop's start once data containing itself is found (for an issue: built only then). */
  get pointer(): string {
    const segments: (readonly (string | number)[])[] = [this.path]
    for (let s = this.pathUp; s !== null; s = s.up) segments.push(s.keys)
    const keys = segments.reverse().flat()
    return formatPointer(this.loopAt >= 0 ? keys.slice(0, this.loopAt) : keys)
  }

  protected override cyclicData(at: number): never {
    this.loopAt = at
    throw new CyclicDataError()
  }

  walkRoot(): void {
    this.startPart(0, NO_SCOPE, this.allowance)
    this.holders[0] = this.box
    this.enterSlot(0)
    this.walk(this.compilation.root)
  }

  resume(slot: Slot): void {
    this.startPart(slot.depth, slot.scope, this.allowance)
    this.base = slot.depth
    this.holder = slot.holder
    this.key = slot.key
    this.holders[0] = slot.holder
    this.forgotten = slot.depth
    this.path.length = 0
    this.pathUp = slot.pathUp
    this.sources = slot.sources
    if (slot.ancestors !== null) {
      for (let i = 0; i < slot.ancestors.length; i++) this.driver.setAncestor(i, slot.ancestors[i])
    }
    this.enterSlot(slot.depth)
    this.walk(slot.node)
  }

  /** Records the slot's value on the path (and, for data that contains itself, checks for the loop). */
  private enterSlot(d: number): void {
    if (this.cyclic) this.visit(d, this.current())
    else this.driver.setAncestor(d, this.current())
  }

  /**
   * A copy this walk may write into: the current value when it is an array or plain object (every
   * one the walk reaches from its root is a copy: `copyJson` copies each, and shares only class
   * instances, which are never walked into), else looked for from the root.
   */
  owns(value: unknown): value is Record<string, unknown> | unknown[] {
    if (typeof value !== 'object' || value === null || !isPlainContainer(value)) return false
    return value === this.current() || this.reaches(value)
  }

  /** Whether `target` is a plain container reachable from the root through plain containers (a keyword handing in something other than the current value). */
  private reaches(target: object): boolean {
    const seen = new Set<object>()
    const stack: unknown[] = [this.box.value]
    while (stack.length > 0) {
      const v = stack.pop()
      if (typeof v !== 'object' || v === null || seen.has(v) || !isPlainContainer(v)) continue
      if (v === target) return true
      seen.add(v)
      for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push(child)
    }
    return false
  }

  current(): unknown {
    const holder = this.holder as Record<string, unknown>
    // Own properties only: a missing `constructor` is missing, not Object.prototype's.
    return hasOwn(holder, this.key as string) ? holder[this.key as string] : undefined
  }

  insertDefault(value: unknown): void {
    if (this.current() !== undefined) return
    const from = this.stepNode
    if (from !== null) {
      for (let s = this.sources; s !== null; s = s.up) if (s.node === from) return
      this.sources = { node: from, up: this.sources }
    }
    const { copy, cyclic } = copyJson(value)
    if (cyclic && !this.cyclic) {
      // A default that contains itself (a schema built in code): the copy is no longer a tree.
      this.cyclic = true
      this.driver.keepAnswers(undefined)
    }
    if (Array.isArray(this.holder)) this.holder[this.key as number] = copy
    else setOwn(this.holder, this.key as string, copy)
    const answers = this.driver.keptAnswers
    if (answers !== undefined) {
      const holders = this.holders
      const base = this.base
      for (let d = Math.max(this.forgotten, base); d <= this.depth; d++) answers.delete(holders[d - base]!)
      this.forgotten = this.depth + 1
    }
  }

  test(handle: SchemaHandle, instance: unknown): boolean {
    const ok = this.driver.test((handle as Handle).node, instance, this.depth, this.meter)
    if (this.driver.ranOut) throw new WorkLimit(this.maxWork, this.pointer)
    return ok
  }

  fill(handle: SchemaHandle, holder: Record<string, unknown> | unknown[], key: string | number): void {
    if (!this.owns(holder)) return
    const node = (handle as Handle).node
    const d = this.depth + 1
    if (d > this.limit) {
      this.driver.defer({
        node,
        holder,
        key,
        depth: d,
        scope: this.scope.slice(),
        pathUp: { keys: [...this.path, key], up: this.pathUp },
        sources: this.sources,
        ancestors: this.cyclic ? this.driver.ancestors.slice(0, d) : null,
      } satisfies Slot)
      return
    }
    const savedHolder = this.holder
    const savedKey = this.key
    this.holder = holder
    this.key = key
    this.depth = d
    this.holders[d - this.base] = holder
    this.path.push(key)
    this.enterSlot(d)
    const sources = this.sources
    this.walk(node)
    // Defaults filled in at this slot enclose only what lies below it.
    this.sources = sources
    this.path.pop()
    this.depth = d - 1
    if (this.forgotten > d) this.forgotten = d
    this.holder = savedHolder
    this.key = savedKey
  }

  fillHere(handle: SchemaHandle): void {
    const h = handle as Handle
    if (!h.guarded) return this.walk(h.node)
    this.enterGuarded(h)
    this.walk(h.node)
    this.leaveGuarded()
  }

  private walk(node: Node): void {
    this.charge(1 + node.steps.length)
    const pushed = this.enterScope(node)
    for (const step of node.steps) {
      const defaults = step.definition.defaults
      if (defaults === undefined) continue
      this.stepNode = node
      defaults(step.compiled, this.current(), this)
    }
    if (pushed) this.scope.pop()
  }
}

/**
 * Returns a copy of `value` with defaults filled in from the compiled schema.
 * @throws ValidationError for a reference cycle that consumes no input, or data that contains itself
 */
export function applyDefaultsWith(compilation: Compilation, value: unknown): unknown {
  // The compile's driver, kept between calls as `validate` keeps its own (its lists grow once);
  // a call made while one is under way (a keyword applying defaults itself) gets a new one.
  let driver = idleDrivers.get(compilation)
  if (driver === undefined || driver.walking) {
    const made = new Driver((r, a) => compilation.dynamicHandle(r, a))
    if (driver === undefined) idleDrivers.set(compilation, made)
    driver = made
  }
  driver.walking = true
  try {
    return applyWith(driver, compilation, value)
  } finally {
    driver.walking = false
    // Nothing of the call is kept: the answers and the run holding them are dropped.
    driver.keepAnswers(undefined)
  }
}

/** Per compile, the driver its `applyDefaults` calls use. */
const idleDrivers = new WeakMap<Compilation, Driver>()

function applyWith(driver: Driver, compilation: Compilation, value: unknown): unknown {
  // A cycle validation would report on the input is reported exactly as `validate` reports it
  // (the walk may meet the same ring from another entry, or inside a branch test).
  if (compilation.hasCycles && value !== undefined) throwIfCycle(driver, compilation, value)
  let walk: DefaultsWalk | undefined
  let box: Record<string, unknown> = { value: undefined }
  try {
    driver.walkDefaults((allowance) => {
      let copied: { copy: unknown; cyclic: boolean }
      try {
        copied = copyJson(value)
      } catch (e) {
        // Past COPY_LIMIT, or hostile data (a throwing getter, a revoked Proxy): an issue, not a crash.
        const message = e instanceof Error ? e.message : String(e)
        const keyword = message.includes(String(COPY_LIMIT)) ? 'size' : 'exception'
        throw new ValidationError([{ keyword, instancePath: '', schemaPath: '#', params: {}, message }])
      }
      box = { value: copied.copy }
      // A compile with an in-place cycle reports it from its guard, which a kept answer would skip;
      // data that contains itself is not a tree, so a default may change an object off the path.
      driver.keepAnswers(compilation.hasCycles || copied.cyclic ? undefined : new Map())
      return (walk = new DefaultsWalk(driver, compilation, box, allowance, copied.cyclic))
    })
  } catch (e) {
    if (ValidationError.isInstance(e)) throw e
    if (e instanceof CycleAbort) throw new ValidationError([e.issue()])
    const at = walk?.pointer ?? ''
    if (e instanceof CyclicDataError) {
      throw new ValidationError([{ keyword: 'cyclic', instancePath: at, schemaPath: '#', params: {}, message: e.message }])
    }
    if (e instanceof WorkLimit) throw new ValidationError([e.issue()])
    // Hostile data met inside the walk (a Proxy trap, a getter that throws): as `validate` reports it.
    const message = e instanceof Error ? e.message : String(e)
    throw new ValidationError([
      { keyword: 'exception', instancePath: at, schemaPath: '#', params: { error: message }, message: `evaluating the data threw: ${message}` },
    ])
  }
  if (compilation.hasCycles) throwIfCycle(driver, compilation, box.value)
  return box.value
}

/**
 * Throws the cycle error `validate` would report for `data`, if any: the boolean pass finds it,
 * a collecting pass says at which instance path (as `validate` does).
 */
function throwIfCycle(driver: Driver, compilation: Compilation, data: unknown): void {
  try {
    driver.run(compilation.root, data, FLAG)
  } catch (e) {
    if (!(e instanceof CycleAbort)) return
    const o = compilation.options
    try {
      driver.run(compilation.root, data, { collecting: true, allErrors: o.allErrors, maxErrors: Math.max(1, o.maxErrors) })
    } catch (again) {
      if (again instanceof CycleAbort) throw new ValidationError([again.issue()])
    }
    throw new ValidationError([e.issue()])
  }
}
