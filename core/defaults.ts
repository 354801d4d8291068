/**
 * `applyDefaults`: a walk over a private copy of the data that fills missing values from
 * `default`, keyword by keyword (each keyword's `defaults` function, in keyword order). The
 * caller's value and schema are never touched; every inserted default is a fresh copy.
 *
 * Deep data: a child slot past `limit` levels is deferred and walked later from a fresh stack.
 * Data that contains itself is refused where the walk enters the loop.
 */
import type { Compilation } from './compile.ts'
import { ValidationError } from './errors.ts'
import { COPY_LIMIT, CyclicDataError, copyJson, hasOwn, setOwn } from './json.ts'
import { WorkLimit } from './limits.ts'
import type { Meter } from './limits.ts'
import type { Handle, Node } from './node.ts'
import { Driver } from './driver.ts'
import { CycleAbort } from './pass.ts'
import type { AnswerMemo } from './run.ts'
import type { Resource } from './schema-index.ts'
import type { DefaultsContext, SchemaHandle } from './types.ts'
import { formatPointer } from './pointer.ts'

const FLAG = { collecting: false, allErrors: false, maxErrors: 1 }

interface Deferred {
  node: Node
  holder: Record<string, unknown> | unknown[]
  key: string | number
  depth: number
  scope: Resource[]
  /** The path to the slot, as the segments of the resumed walks above it. */
  pathUp: PathSegment
  /** The objects above the slot and how many of them hold no kept answer (see `DefaultsWalk.line`). */
  line: Link | null
  forgotten: number
  sources: Source | null
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

/** One object of `DefaultsWalk.line`, linked to the one above it; `size` counts the links up to the top. */
interface Link {
  readonly object: object
  readonly up: Link | null
  readonly size: number
}

class DefaultsWalk implements DefaultsContext {
  holder: Record<string, unknown> | unknown[]
  key: string | number
  depth = 0
  /** Depth where the current stack started (0, or a resumed deferred slot's depth). */
  base = 0
  /** The path from where this stack started (the root, or a resumed slot: see `pathUp`). */
  path: (string | number)[] = []
  /** The path above `path`: a resumed slot keeps its own, so deep data never copies a long path. */
  pathUp: PathSegment | null = null
  scope: Resource[] = []
  readonly deferred: Deferred[] = []
  private readonly guard: { node: Node; depth: number }[] = []
  private readonly onPath: Set<unknown> | null
  /** The call's work budget (untrusted mode): the walk and its branch tests share it. */
  private readonly meter: Meter | null
  /** Answers of subschemas on the copy's objects, shared by every branch test of the call. */
  private answers: AnswerMemo | undefined
  /** One driver for every branch test of the call. */
  private driver: Driver | undefined
  /** The objects from the root down to `holder` (a default filled in changes all their answers). */
  private line: Link | null = null
  /**
   * How many objects from the top of `line` and then `holder` hold no kept answer: forgotten at a
   * default filled in, and tests only learn answers about `holder`'s children and below. So
   * each default forgets only what was learnt since the last one (not the whole line again).
   */
  private forgotten = 0
  /** The schemas whose defaults were filled in at or above the slot being walked. */
  private sources: Source | null = null
  /** The schema whose step is running (the one a `default` step inserts from). */
  private stepNode: Node | null = null

  constructor(
    private readonly compilation: Compilation,
    private readonly owned: Set<object>,
    private readonly limit: number,
    cyclic: boolean,
    box: Record<string, unknown>,
  ) {
    this.holder = box
    this.key = 'value'
    this.onPath = cyclic ? new Set() : null
    const policy = compilation.root.policy
    this.meter = policy === null ? null : { left: policy.maxWork }
    // A compile with an in-place cycle reports it from its guard, which a kept answer would skip;
    // data that contains itself is not a tree, so a default may change an object off the line.
    this.answers = compilation.hasCycles || cyclic ? undefined : new Map()
  }

  /** JSON Pointer of the slot being walked (for an issue: built only then). */
  pointer(): string {
    const segments: (readonly (string | number)[])[] = [this.path]
    for (let s = this.pathUp; s !== null; s = s.up) segments.push(s.keys)
    return formatPointer(segments.reverse().flat())
  }

  /** `line` with `object` below its end (a link: deferred slots keep theirs without a copy). */
  private lineWith(object: object): Link {
    return { object, up: this.line, size: (this.line === null ? 0 : this.line.size) + 1 }
  }

  owns(value: unknown): value is Record<string, unknown> | unknown[] {
    return typeof value === 'object' && value !== null && this.owned.has(value)
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
    const copy = copyJson(value, this.owned).copy
    if (Array.isArray(this.holder)) this.holder[this.key as number] = copy
    else setOwn(this.holder, this.key as string, copy)
    const answers = this.answers
    if (answers !== undefined) {
      const size = this.line === null ? 0 : this.line.size
      for (let link = this.line; link !== null && link.size > this.forgotten; link = link.up) answers.delete(link.object)
      answers.delete(this.holder)
      this.forgotten = size + 1
    }
  }

  test(handle: SchemaHandle, instance: unknown): boolean {
    const driver = (this.driver ??= new Driver((r, a) => this.compilation.dynamicHandle(r, a), this.meter ?? undefined, this.answers))
    const result = (driver.busy ? new Driver((r, a) => this.compilation.dynamicHandle(r, a), this.meter ?? undefined) : driver).run((handle as Handle).node, instance, FLAG)
    if (result.limit !== undefined) throw new WorkLimit(this.compilation.options.maxWork, this.pointer())
    return result.ok
  }

  dynamicTarget(anchor: string): SchemaHandle | undefined {
    for (const resource of this.scope) {
      if (resource.dynamicAnchors.has(anchor)) return this.compilation.dynamicHandle(resource, anchor)
    }
    return undefined
  }

  fill(handle: SchemaHandle, holder: Record<string, unknown> | unknown[], key: string | number): void {
    if (!this.owned.has(holder)) return
    const node = (handle as Handle).node
    if (this.depth + 1 - this.base > this.limit) {
      this.deferred.push({
        node,
        holder,
        key,
        depth: this.depth + 1,
        scope: this.scope.slice(),
        pathUp: { keys: [...this.path, key], up: this.pathUp },
        line: this.lineWith(this.holder),
        forgotten: this.forgotten,
        sources: this.sources,
      })
      return
    }
    const savedHolder = this.holder
    const savedKey = this.key
    const line = this.line
    if (this.answers !== undefined) this.line = this.lineWith(savedHolder)
    this.holder = holder
    this.key = key
    this.depth++
    this.path.push(key)
    const value = this.current()
    const tracked = this.onPath !== null && typeof value === 'object' && value !== null
    if (tracked) {
      if (this.onPath!.has(value)) throw new CyclicDataError()
      this.onPath!.add(value)
    }
    const sources = this.sources
    this.walk(node)
    // Defaults filled in at this slot enclose only what lies below it.
    this.sources = sources
    if (tracked) this.onPath!.delete(value)
    this.path.pop()
    this.depth--
    this.line = line
    const size = line === null ? 0 : line.size
    if (this.forgotten > size + 1) this.forgotten = size + 1
    this.holder = savedHolder
    this.key = savedKey
  }

  fillHere(handle: SchemaHandle): void {
    const h = handle as Handle
    if (h.guarded) {
      const d = this.depth
      for (let i = this.guard.length - 1; i >= 0 && this.guard[i]!.depth === d; i--) {
        if (this.guard[i]!.node === h.node) {
          const path = this.guard.slice(i).map((g) => g.node.location)
          path.push(h.node.location)
          throw new CycleAbort(h.keyword, path, this.pointer())
        }
      }
      this.guard.push({ node: h.node, depth: d })
      this.walk(h.node)
      this.guard.pop()
      return
    }
    this.walk(h.node)
  }

  walk(node: Node): void {
    if (this.meter !== null && (this.meter.left -= 1 + node.steps.length) < 0) {
      throw new WorkLimit(this.compilation.options.maxWork, this.pointer())
    }
    const pushed = node.pushScope && this.scope[this.scope.length - 1] !== node.resource
    if (pushed) this.scope.push(node.resource)
    for (const step of node.steps) {
      const defaults = step.definition.defaults
      if (defaults === undefined) continue
      this.stepNode = node
      defaults(step.compiled, this.current(), this)
    }
    if (pushed) this.scope.pop()
  }

  resume(item: Deferred): void {
    this.holder = item.holder
    this.key = item.key
    this.depth = item.depth
    this.base = item.depth
    this.scope = item.scope
    this.path = []
    this.pathUp = item.pathUp
    this.line = item.line
    this.forgotten = item.forgotten
    this.sources = item.sources
    this.walk(item.node)
  }
}

/**
 * Returns a copy of `value` with defaults filled in from the compiled schema.
 * @throws ValidationError for a reference cycle that consumes no input, or data that contains itself
 */
export function applyDefaultsWith(compilation: Compilation, value: unknown, validateCycles: (v: unknown) => void): unknown {
  // A cycle validation would report on the input is reported exactly as `validate` reports it
  // (the walk may meet the same ring from another entry, or inside a branch test).
  if (compilation.hasCycles && value !== undefined) validateCycles(value)
  for (let limit = 256; ; limit >>= 2) {
    const owned = new Set<object>()
    let copied: { copy: unknown; cyclic: boolean }
    try {
      copied = copyJson(value, owned)
    } catch (e) {
      // Past COPY_LIMIT, or hostile data (a throwing getter, a revoked Proxy): an issue, not a crash.
      const message = e instanceof Error ? e.message : String(e)
      const keyword = message.includes(String(COPY_LIMIT)) ? 'size' : 'exception'
      throw new ValidationError([{ keyword, instancePath: '', schemaPath: '#', params: {}, message }])
    }
    const { copy, cyclic } = copied
    const box: Record<string, unknown> = { value: copy }
    owned.add(box)
    const walk = new DefaultsWalk(compilation, owned, limit, cyclic, box)
    try {
      walk.walk(compilation.root)
      while (walk.deferred.length > 0) walk.resume(walk.deferred.pop()!)
    } catch (e) {
      if (e instanceof RangeError && limit > 4) continue
      if (e instanceof CycleAbort) throw new ValidationError([e.issue()])
      if (e instanceof CyclicDataError) {
        throw new ValidationError([
          { keyword: 'cyclic', instancePath: walk.pointer(), schemaPath: '#', params: {}, message: e.message },
        ])
      }
      if (e instanceof WorkLimit) throw new ValidationError([e.issue()])
      if (ValidationError.isInstance(e)) throw e
      // Hostile data met inside the walk (a Proxy trap, a getter that throws): as `validate` reports it.
      const message = e instanceof Error ? e.message : String(e)
      throw new ValidationError([
        { keyword: 'exception', instancePath: walk.pointer(), schemaPath: '#', params: { error: message }, message: `evaluating the data threw: ${message}` },
      ])
    }
    if (compilation.hasCycles) validateCycles(box.value)
    return box.value
  }
}
