/**
 * Which schemas must hold for the value at a position of a document, read from the compiled
 * graph (`root()`, `SchemaHandle.inspect()`): each keyword says which of its subschemas must hold
 * at a property or item (`properties`, `items`...) or on the value itself (`allOf`, `$ref`), and
 * nothing for subschemas that may not apply (`anyOf`, `if`, `not`). A position may so have fewer
 * schemas than truly apply, never more. The early-stop checks of `streamObject` work from these.
 */
import { toSchema } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'
import type { EarlyStep, SchemaHandle, SchemaView } from '../api.ts'

/** What must hold at one position: the schemas, and their keywords' early checks. */
export class Constraint {
  /** The constraint below, per property name (item constraints are shared through the memo). */
  readonly children = new Map<string, Constraint>()

  constructor(
    readonly handles: readonly SchemaHandle[],
    readonly steps: readonly EarlyStep[],
  ) {}
}

// Pure: a bundle that shares this file's chunk without using it drops the statement.
const NOTHING = /* @__PURE__ */ new Constraint([], [])

/**
 * Navigates one compiled schema: `root` is the constraint at the value's root, `childOf` the one
 * below a constraint at a key or index. Constraints are memoised by the schemas they hold, so the
 * elements of an array, and recursive schemas, share theirs: work per position is constant once
 * the shapes have been seen.
 */
export class MustHold {
  readonly root: Constraint
  private readonly memo = new Map<string, Constraint>()
  private readonly views = new Map<SchemaHandle, SchemaView>()

  /**
   * `schema`: a schemavet `Schema`, or a JSON Schema document (compiled once, cached per object).
   * A document that does not compile, or a validator without a graph, checks nothing early: the
   * full validation at the end decides.
   */
  constructor(schema: unknown) {
    const root = rootOf(schema)
    this.root = root === undefined ? NOTHING : this.constraintFor([root])
  }

  /** The constraint at `segment` below `c`. */
  childOf(c: Constraint, segment: string | number): Constraint {
    if (c === NOTHING) return NOTHING
    if (typeof segment === 'number') return this.navigate(c, segment)
    let child = c.children.get(segment)
    if (child === undefined) c.children.set(segment, (child = this.navigate(c, segment)))
    return child
  }

  private view(h: SchemaHandle): SchemaView {
    let v = this.views.get(h)
    if (v === undefined) this.views.set(h, (v = h.inspect()))
    return v
  }

  private navigate(c: Constraint, segment: string | number): Constraint {
    const found: SchemaHandle[] = []
    for (const h of c.handles) found.push(...this.view(h).mustHold(segment))
    return this.constraintFor(found)
  }

  /** The constraint of the schemas that all apply at one position, with those they apply in place. */
  private constraintFor(start: readonly SchemaHandle[]): Constraint {
    const handles: SchemaHandle[] = []
    const seen = new Set<string>()
    const stack = [...start].reverse()
    while (stack.length > 0) {
      const h = stack.pop()!
      if (seen.has(h.location)) continue
      seen.add(h.location)
      handles.push(h)
      const inPlace = this.view(h).mustHold()
      for (let i = inPlace.length - 1; i >= 0; i--) stack.push(inPlace[i]!)
    }
    const key = handles.map((h) => h.location).join('\n')
    let c = this.memo.get(key)
    if (c === undefined) this.memo.set(key, (c = new Constraint(handles, handles.flatMap((h) => this.view(h).early))))
    return c
  }
}

function rootOf(schema: unknown): SchemaHandle | undefined {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null)) return undefined
  let validator: unknown
  try {
    validator = toSchema(schema as SchemaInput).validator()
  } catch {
    return undefined
  }
  const root = (validator as { root?: () => SchemaHandle }).root
  return typeof root === 'function' ? root.call(validator) : undefined
}
