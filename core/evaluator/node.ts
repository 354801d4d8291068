/**
 * Compiled schema nodes, the handles (edges) between them, and the evaluators. A node's keyword
 * steps are grouped by instance type at compile time, so a keyword whose `instanceTypes` do not
 * match costs nothing at run time.
 */
import type { EarlyIssue, EarlyStep, EvaluatedTracker, JsonType, KeywordDefinition, RunContext, SchemaHandle, SchemaView } from '../contract/types.ts'
import type { RunPolicy } from '../contract/limits.ts'
import type { Location, Resource } from '../documents/schema-index.ts'
import type { Run } from './run.ts'
import { escapePointerToken, fragmentOf } from '../documents/pointer.ts'

/**
 * Steps the interpreter's boolean pass has begun, process-wide: the work a validator weighs
 * against generating code for its compile (see `JSONSchemaValidator`'s tier-up). A count, so the
 * choice does not depend on the machine's load.
 */
let stepsBegun = 0

/** `stepsBegun` so far. */
export function interpretedSteps(): number {
  return stepsBegun
}

/** Index of a value's JSON type in a node's step table; -1 for what JSON cannot hold. */
export function typeIndex(x: unknown): number {
  switch (typeof x) {
    case 'string':
      return 0
    case 'number':
      return x - x === 0 ? 1 : -1
    case 'boolean':
      return 2
    case 'object':
      return x === null ? 3 : objectIndex(x)
    default:
      return -1
  }
}

/**
 * Array or object. `Array.isArray` throws only for a revoked Proxy: that is an object whose every
 * read throws, so a keyword that reads it gives an `exception` issue in either tier, and a
 * subschema that reads nothing (`{}`, `type: 'object'`) accepts it in both. (Throwing here instead
 * would make the answer depend on whether generated code happened to ask `Array.isArray`.)
 */
function objectIndex(x: object): number {
  try {
    return Array.isArray(x) ? 4 : 5
  } catch {
    return 5
  }
}

export const TYPE_INDEX: Record<string, number> = { string: 0, number: 1, boolean: 2, null: 3, array: 4, object: 5 }
const TYPE_NAMES = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const

const NO_STEPS: readonly Step[] = Object.freeze([])
/** What a node's own table is copied from (never changed itself). */
const EMPTY_TABLE: (readonly Step[])[] = [NO_STEPS, NO_STEPS, NO_STEPS, NO_STEPS, NO_STEPS, NO_STEPS]
const NO_TABLE: readonly (readonly Step[])[] = Object.freeze(EMPTY_TABLE.slice())

/** Which type indices a definition's `instanceTypes` admits (bit t), computed once per definition. */
const admitted = new WeakMap<KeywordDefinition, number>()
const ALL_TYPES = 0b111111
function admits(definition: KeywordDefinition): number {
  let out = admitted.get(definition)
  if (out === undefined) {
    const types = definition.instanceTypes
    out = 0
    for (let t = 0; t < TYPE_NAMES.length; t++) if (types === undefined || types.includes(TYPE_NAMES[t]!)) out |= 1 << t
    admitted.set(definition, out)
  }
  return out
}

/**
 * The per-type step lists of a node. Lists with the same steps share one array (most keywords
 * filter on one type, so most lists are empty or alike): compiled schemas stay small.
 */
function tablesOf(steps: readonly Step[]): readonly (readonly Step[])[] {
  // Masks of the steps with a `validate` (bit t: the step runs for type t); a node has a few steps.
  let every = ALL_TYPES
  let count = 0
  // Indexed loops: built once per node reached, mostly by code the engine has not optimized, where
  // each step of an iterator allocates.
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!
    if (s.validate === undefined) continue
    every &= s.types
    count++
  }
  if (count === 0) return NO_TABLE
  // Copies of a template, not array literals: a literal's allocation site can be pretenured (see
  // Location), and a copy keeps the template's packed elements.
  if (every === ALL_TYPES) return EMPTY_TABLE.slice().fill(pick(steps, ALL_TYPES))
  // Two types get the same list when every step admits both or neither.
  const lists = EMPTY_TABLE.slice()
  for (let t = 0; t < TYPE_NAMES.length; t++) {
    let u = 0
    for (; u < t; u++) {
      let same = true
      for (let i = 0; i < steps.length; i++) {
        const s = steps[i]!
        if (s.validate === undefined) continue
        const m = s.types
        if (((m >> t) & 1) !== ((m >> u) & 1)) {
          same = false
          break
        }
      }
      if (same) break
    }
    if (u < t) {
      lists[t] = lists[u]!
      continue
    }
    const list = pick(steps, 1 << t)
    lists[t] = list.length === 0 ? NO_STEPS : list
  }
  return lists
}

const scratch: Step[] = []
/** The steps with a `validate` whose types meet `mask`, in a packed array of exactly their number. */
function pick(steps: readonly Step[], mask: number): Step[] {
  let n = 0
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!
    if (s.validate !== undefined && s.types & mask) scratch[n++] = s
  }
  const out = scratch.slice(0, n)
  scratch.fill(undefined as never, 0, n) // keep no compile's steps alive
  return out
}

/** One keyword of a node, compiled. Its schema path is built when an issue first needs it. */
export class Step {
  private path: string | undefined
  readonly validate: ((compiled: any, instance: unknown, ctx: any) => boolean) | undefined
  /** The instance types the step runs for (bit t for type index t). */
  readonly types: number
  constructor(
    readonly keyword: string,
    readonly definition: KeywordDefinition,
    readonly compiled: unknown,
    private readonly node: Node,
    /** The step stands for the node itself (the `false` schema): its path is the node's. */
    private readonly atNode: boolean,
  ) {
    this.validate = definition.validate
    this.types = admits(definition)
  }
  get schemaPath(): string {
    return (this.path ??= this.atNode ? this.node.location : this.node.location + '/' + escapePointerToken(this.keyword))
  }
}

/** The step list of a node without keywords (frozen: steps are set once, by the compile). */
const NO_STEP_LIST = Object.freeze([]) as unknown as Step[]

/** The edge list of a node without subschemas (frozen: nothing adds edges after `finish`). */
const NO_EDGES = Object.freeze([]) as unknown as Handle[]

const byPhase = (a: Step, b: Step) => (a.definition.phase ?? 0) - (b.definition.phase ?? 0)

export class Node {
  /**
   * Steps by type index, only those with a `validate` (arrays shared where equal), built at the
   * first read: a compile makes every node of the schema, a call reaches those its data selects
   * (a third of a configuration schema's definitions, or fewer), so a node never evaluated never
   * pays for its table. Nothing in it can fail: building it late moves no schema error.
   */
  get table(): readonly (readonly Step[])[] {
    return (this.built ??= tablesOf(this.steps))
  }
  private built: readonly (readonly Step[])[] | null = null
  steps: Step[] = NO_STEP_LIST
  edges: Handle[] = NO_EDGES
  /** Evaluate every step and branch even after a failure (a reference cycle is reachable). */
  exhaustive = false
  /** The compile this node belongs to has a reference cycle: applicators evaluate every branch. */
  cyclic = false
  hasUnevaluated = false
  /** Track the dynamic scope while evaluating (the compile uses `$dynamicRef`). */
  pushScope = false
  /** Limits of the compile this node belongs to; null (the plain run) unless some are set. */
  policy: RunPolicy | null = null
  /** The interpreter's boolean-pass evaluator. A method, not a closure per node: compiled schemas stay small. */
  evaluate(x: unknown, run: Run): boolean {
    if (run.collecting || run.evaluated !== null || this.general) {
      // The collecting pass counts too: data failing early in the boolean pass may cost most there.
      stepsBegun += this.steps.length
      return run.evaluateNode(this, x)
    }
    const t = typeIndex(x)
    if (t < 0) return !this.asserts
    const steps = (this.built ?? this.table)[t]!
    stepsBegun += steps.length
    if (this.exhaustive) {
      // A reference cycle is reachable from here: no step may be skipped after a failure. Valid
      // data runs exactly the ordinary loop (applicators read `ctx.exhaustive`, fixed per run).
      let ok = true
      for (let i = 0; i < steps.length; i++) {
        const s = steps[i]!
        if (!s.validate!(s.compiled, x, run)) ok = false
      }
      return ok
    }
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!
      if (!s.validate!(s.compiled, x, run)) return false
    }
    return true
  }

  /** Annotations or a dynamic scope: always the general evaluator. */
  private general = false
  constructor(
    readonly id: number,
    readonly raw: unknown,
    readonly where: Location,
  ) {}

  private path: string | undefined
  /** Schema path of this node (`#/$defs/A`, prefixed by the document URI outside the root document); built on first use. */
  get location(): string {
    return (this.path ??= this.where.document.label + fragmentOf(this.where.docTokens))
  }

  get resource(): Resource {
    return this.where.resource
  }

  get hasDefault(): boolean {
    return typeof this.raw === 'object' && this.raw !== null && Object.prototype.hasOwnProperty.call(this.raw, 'default')
  }

  /** True when some step asserts something (a non-JSON value then fails); set by `finish`. */
  asserts = false

  /** A keyword's step for this node (`atNode`: the step is the node itself, the `false` schema); the compile collects them. */
  step(definition: KeywordDefinition, compiled: unknown, keyword: string, atNode = false): Step {
    if (definition.phase === 1) this.hasUnevaluated = true
    return new Step(keyword, definition, compiled, this, atNode)
  }

  /** Orders steps (phase 1 last, stably) and readies the evaluator. Called once the graph is known. */
  finish(): void {
    if (this.hasUnevaluated) this.steps.sort(byPhase)
    // What the table would say (some type has a step), read from the steps without building it.
    let asserts = this.raw === false
    for (let i = 0; !asserts && i < this.steps.length; i++) {
      const s = this.steps[i]!
      asserts = s.validate !== undefined && s.types !== 0
    }
    this.asserts = asserts
    this.general = this.pushScope || this.hasUnevaluated
  }

  /** The table's entries counted (a step once per type it is listed under), without building it. */
  tableSize(): number {
    if (this.built !== null) {
      let n = 0
      for (const list of this.built) n += list.length
      return n
    }
    let n = 0
    for (const s of this.steps) {
      if (s.validate === undefined) continue
      for (let m = s.types; m !== 0; m &= m - 1) n++
    }
    return n
  }
}

const NO_SEGMENTS: readonly (string | number)[] = Object.freeze([])

/** An edge to a compiled subschema: what keywords hold and hand to `ctx.apply`. */
export class Handle implements SchemaHandle {
  /** The reference sits inside an in-place cycle: check re-entry at run time. */
  guarded = false
  constructor(
    readonly node: Node,
    readonly child: boolean,
    /** The keyword that made the edge (`$ref`, `allOf`, ...). */
    readonly keyword: string,
    /** The edge is a reference (`$ref`, `$dynamicRef`, `$recursiveRef`). */
    readonly isRef: boolean,
    /** Where the subschema sits under the keyword (`['a']` for `properties/a`); empty for a reference. */
    readonly segments: readonly (string | number)[] = NO_SEGMENTS,
  ) {}
  get location(): string {
    return this.node.location
  }
  get hasDefault(): boolean {
    return this.node.hasDefault
  }
  get asserts(): boolean {
    return this.node.asserts
  }
  inspect(): SchemaView {
    const n = this.node
    return {
      schema: n.raw,
      location: n.location,
      dialect: n.where.dialect.name,
      references: n.edges.filter((e) => e.isRef),
      keywords: n.steps.map((s) => s.keyword),
      subschemas: n.edges.map((e) => ({ keyword: e.keyword, path: e.segments, reference: e.isRef, handle: e as SchemaHandle })),
      mustHold: (segment) => {
        const out: SchemaHandle[] = []
        for (const st of n.steps) if (st.definition.mustHold !== undefined) out.push(...st.definition.mustHold(st.compiled, segment))
        return out
      },
      early: n.steps.filter((st) => st.definition.early !== undefined).map(earlyStep),
    }
  }
}

/**
 * Early checks run without a run: `end: true` is for keywords whose `validate` reads nothing of
 * its context but the budget, which an early check does not have.
 */
const NO_CONTEXT = Object.freeze({ budgeted: false, charge() {} }) as unknown as RunContext

function scalarType(v: unknown): JsonType | undefined {
  if (v === null) return 'null'
  const t = typeof v
  return t === 'string' || t === 'number' || t === 'boolean' ? t : undefined
}

/** A step's early checks bound to its compiled value. */
function earlyStep(st: Step): EarlyStep {
  const d = st.definition as KeywordDefinition<unknown, unknown>
  const e = d.early!
  const c = st.compiled
  return {
    keyword: st.keyword,
    schemaPath: st.schemaPath,
    begin: (type) => e.begin?.(c, type),
    item: (index) => e.item?.(c, index),
    key: (name, distinctKeys) => e.key?.(c, name, distinctKeys),
    text: () => e.text?.(c),
    end: (value): EarlyIssue | undefined => {
      if (e.end === undefined) return undefined
      if (e.end !== true) return e.end(c, value)
      const type = scalarType(value)
      if (type === undefined || (d.instanceTypes !== undefined && !d.instanceTypes.includes(type))) return undefined
      if (d.validate === undefined || d.validate(c, value, NO_CONTEXT)) return undefined
      const params = d.error?.params?.(c, value, NO_CONTEXT) ?? {}
      return { params, message: d.error?.message(params, c, value) ?? `must be valid against "${st.keyword}"` }
    },
  }
}

/** Evaluated properties and items at one instance location, for `unevaluated*`. */
export class Tracker implements EvaluatedTracker {
  props: Set<string> | null = null
  allProps = false
  itemsBefore = 0
  items: Set<number> | null = null
  allItems = false
  markProperty(name: string): void {
    ;(this.props ??= new Set()).add(name)
  }
  markAllProperties(): void {
    this.allProps = true
  }
  markItemsBefore(count: number): void {
    if (count > this.itemsBefore) this.itemsBefore = count
  }
  markItem(index: number): void {
    ;(this.items ??= new Set()).add(index)
  }
  markAllItems(): void {
    this.allItems = true
  }
  hasProperty(name: string): boolean {
    return this.allProps || (this.props !== null && this.props.has(name))
  }
  hasItem(index: number): boolean {
    return this.allItems || index < this.itemsBefore || (this.items !== null && this.items.has(index))
  }
  merge(other: Tracker): void {
    if (other.allProps) this.allProps = true
    if (other.props !== null) for (const p of other.props) this.markProperty(p)
    this.markItemsBefore(other.itemsBefore)
    if (other.allItems) this.allItems = true
    if (other.items !== null) for (const i of other.items) this.markItem(i)
  }
}
