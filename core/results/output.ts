/**
 * The standard output formats of draft 2020-12 (`flag`, `basic`, `detailed`), built on demand by
 * `validator.output(data, format)`. Nothing here runs on the `validate()` path: `basic` and
 * `detailed` re-evaluate the data with a tracing run (a subclass of the kernel's run) that records
 * the dynamic keyword location of every schema it enters, so the validate hot path pays nothing.
 *
 * Frames: each evaluated schema object is a node frame, each of its keywords a keyword frame.
 * Each issue belongs to the frame that raised it. The issues the run ends with (keywords drop or
 * keep the issues of their branches, as `validate` does) are hung on their frames and those
 * frames' ancestors, which gives the nesting; frames left without issues are not reported.
 * Annotations come from frames that passed.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#section-12
 */
import type { Compilation } from '../compiler/compile.ts'
import type { ValidationError, ValidationIssue } from '../contract/errors.ts'
import type { Hooks } from '../contract/hooks.ts'
import type { Handle } from '../evaluator/node.ts'
import type { Node, Step } from '../evaluator/node.ts'
import { Driver } from '../evaluator/driver.ts'
import { Run } from '../evaluator/run.ts'
import { CycleAbort, StopCollecting } from '../evaluator/pass.ts'
import type { Resource } from '../documents/schema-index.ts'
import type { KeywordDefinition, SchemaHandle } from '../contract/types.ts'
import { appendPointer, formatPointer, uriFragmentOf } from '../documents/pointer.ts'
import { DEFAULT_BASE } from '../documents/uri.ts'

/** A standard output format. `verbose` is not offered. */
export type OutputFormat = 'flag' | 'basic' | 'detailed'

/** One output unit (draft 2020-12 section 12.3). `flag` output has `valid` only. */
export interface OutputUnit {
  valid: boolean
  /** JSON Pointer of the keyword along the evaluation path, through `$ref`s (`/items/$ref/required`). */
  keywordLocation?: string
  /** Canonical URI of the keyword in its schema resource; present when the resource has an `$id` or the path crosses a reference. */
  absoluteKeywordLocation?: string
  /** JSON Pointer into the data. */
  instanceLocation?: string
  /** What went wrong here (the issue's message, after the `errorMessage` hook). */
  error?: string
  /** Nested units (`detailed`) or every unit (`basic`) that failed. */
  errors?: OutputUnit[]
  /** The value of an annotation keyword (`readOnly: true`) where the schema passed. */
  annotation?: unknown
  /** Annotations collected where the schema passed. */
  annotations?: OutputUnit[]
}

/** What `buildOutput` needs from the validator. */
export interface OutputSource {
  compilation: Compilation
  /** The kernel's hooks (keyword definitions are read from `compileKeyword`). */
  hooks: Hooks
  /** Whether the validation hooks (`beforeValidate`, `afterValidate`, `errorMessage`) apply. */
  userHooks: boolean
  /** The validator's own `validate` (for `flag`, and the fallback). */
  validate(data: unknown): ValidationError | null
}

/** A schema object evaluated at an instance location; `seq` orders frames as evaluated. */
interface NodeFrame {
  kind: 'node'; seq: number; node: Node; parent: KeywordFrame | null; kwLoc: string; instLoc: string; start: number; ok: boolean
  keywords: KeywordFrame[]
}

/** One keyword of a node frame; `start` is the issue count when it began. */
interface KeywordFrame {
  kind: 'keyword'; seq: number; step: Step; node: NodeFrame; kwLoc: string; start: number; ok: boolean; children: NodeFrame[]
}

type Frame = NodeFrame | KeywordFrame

const ANNOTATION_VOCABULARIES = new Set(['meta-data', 'content', 'format'])
const CROSSES_REFERENCE = /\/\$(ref|dynamicRef|recursiveRef)(\/|$)/

/**
 * A run that records frames; evaluates every branch and collects every issue (up to `maxErrors`).
 * An issue belongs to the innermost frame open when it first appears: keywords may take issues
 * out and put them back (`takeErrors` / `restoreErrors`), but the objects stay the same.
 */
class TracingRun extends Run {
  root: NodeFrame | null = null
  cycleAt: KeywordFrame | null = null
  readonly owner = new Map<ValidationIssue, Frame>()
  private keywordFrame: KeywordFrame | null = null
  private nodeFrame: NodeFrame | null = null
  private pending = ''
  private seq = 0

  override get exhaustive(): boolean {
    return true
  }

  /** Charges the trace to a budget of `maxWork`, as `validate` is charged (untrusted mode, or `maxWork` given). */
  limitWork(maxWork: number): this {
    this.meter = { left: maxWork }
    this.maxWork = maxWork
    return this
  }

  override apply(handle: SchemaHandle, x: unknown, segment?: string | number): boolean {
    const kf = this.keywordFrame!
    const h = handle as Handle
    this.charge(1 + h.node.steps.length)
    const parent = kf.node.node.where
    const child = h.node.where
    let loc = kf.kwLoc
    if (!h.isRef && child.document === parent.document && child.docTokens.length > parent.docTokens.length) {
      const prefix = parent.docTokens.every((t, i) => String(child.docTokens[i]) === String(t))
      if (prefix) loc = kf.node.kwLoc + formatPointer(child.docTokens.slice(parent.docTokens.length))
    }
    this.pending = loc
    try {
      return super.apply(handle, x, segment)
    } catch (e) {
      if (e instanceof CycleAbort && this.cycleAt === null) this.cycleAt = kf
      throw e
    }
  }

  /** Claims the issues since `start` that no inner frame claimed. */
  private claim(frame: Frame): void {
    const errors = this.errors!
    for (let i = Math.min(frame.start, errors.length); i < errors.length; i++) {
      if (!this.owner.has(errors[i]!)) this.owner.set(errors[i]!, frame)
    }
  }

  override evaluateNode(node: Node, x: unknown): boolean {
    const parent = this.keywordFrame
    const outerFrame = this.nodeFrame
    const frame: NodeFrame = { kind: 'node', seq: this.seq++, node, parent, kwLoc: this.pending, instLoc: this.pointer, start: this.errors!.length, ok: false, keywords: [] }
    if (parent === null) this.root = frame
    else parent.children.push(frame)
    this.nodeFrame = frame
    try {
      frame.ok = super.evaluateNode(node, x)
    } finally {
      this.claim(frame)
      this.keywordFrame = parent
      this.nodeFrame = outerFrame
    }
    return frame.ok
  }

  /** The kernel's step, inside a keyword frame that claims the issues it leaves. */
  protected override runStep(s: Step, x: unknown): boolean {
    const frame = this.nodeFrame!
    const kwLoc = s.schemaPath === frame.node.location ? frame.kwLoc : appendPointer(frame.kwLoc, s.keyword)
    const kf: KeywordFrame = { kind: 'keyword', seq: this.seq++, step: s, node: frame, kwLoc, start: this.errors!.length, ok: false, children: [] }
    frame.keywords.push(kf)
    this.keywordFrame = kf
    try {
      kf.ok = super.runStep(s, x)
    } finally {
      this.claim(kf)
      this.keywordFrame = null
    }
    return kf.ok
  }
}

/** What the final issues hang on: per frame, its own issues and the frames below it that hold some. */
interface Tree {
  own: Map<Frame, ValidationIssue[]>
  kids: Map<Frame, Frame[]>
}

/** Builds units from the frames of a finished tracing run. */
class Builder {
  private readonly resourceTokens = new Map<Resource, number>()
  constructor(
    private readonly compilation: Compilation,
    private readonly hooks: Hooks,
  ) {}

  /** Canonical URI of a location below a node, relative to the node's resource. */
  absolute(node: Node, keyword?: string, kwLoc = ''): string | undefined {
    const where = node.where
    const resource = where.resource
    if (resource.uri === DEFAULT_BASE && !CROSSES_REFERENCE.test(kwLoc)) return undefined
    let skip = this.resourceTokens.get(resource)
    if (skip === undefined) {
      const root = resource.root
      skip = typeof root === 'object' && root !== null ? (this.compilation.index.located.get(root)?.docTokens.length ?? 0) : 0
      this.resourceTokens.set(resource, skip)
    }
    const tokens = where.docTokens.slice(skip)
    if (keyword !== undefined) tokens.push(keyword)
    return resource.uri + uriFragmentOf(tokens)
  }

  unit(valid: boolean, node: Node, kwLoc: string, instLoc: string, keyword?: string): OutputUnit {
    const u: OutputUnit = { valid, keywordLocation: kwLoc }
    const abs = this.absolute(node, keyword, kwLoc)
    if (abs !== undefined) u.absoluteKeywordLocation = abs
    u.instanceLocation = instLoc
    return u
  }

  /** Links every final issue to its frame and that frame's ancestors. */
  tree(issues: ValidationIssue[], owner: Map<ValidationIssue, Frame>, root: NodeFrame): Tree {
    const own = new Map<Frame, ValidationIssue[]>()
    const kids = new Map<Frame, Frame[]>()
    for (const issue of issues) {
      const frame = owner.get(issue) ?? root
      own.set(frame, [...(own.get(frame) ?? []), issue])
      let f: Frame = frame
      for (;;) {
        const up: Frame | null = f.kind === 'keyword' ? f.node : f.parent
        if (up === null) break
        const list = kids.get(up) ?? []
        if (list.includes(f)) break
        list.push(f)
        kids.set(up, list)
        f = up
      }
    }
    for (const list of kids.values()) list.sort((a, b) => a.seq - b.seq)
    return { own, kids }
  }

  /** The unit of a failed node, its failed keywords nested (uncondensed). */
  nodeUnit(frame: NodeFrame, tree: Tree): OutputUnit {
    const children: OutputUnit[] = []
    for (const issue of tree.own.get(frame) ?? []) children.push(this.issueUnit(issue, frame.node, frame.kwLoc, undefined))
    for (const kf of tree.kids.get(frame) ?? []) children.push(...this.keywordUnits(kf as KeywordFrame, tree))
    const u = this.unit(false, frame.node, frame.kwLoc, frame.instLoc)
    u.errors = children
    return u
  }

  private issueUnit(issue: ValidationIssue, node: Node, kwLoc: string, keyword: string | undefined): OutputUnit {
    return { ...this.unit(false, node, kwLoc, issue.instancePath, keyword), error: issue.message }
  }

  private keywordUnits(kf: KeywordFrame, tree: Tree): OutputUnit[] {
    const keyword = kf.kwLoc === kf.node.kwLoc ? undefined : kf.step.keyword
    const own = (tree.own.get(kf) ?? []).map((i) => this.issueUnit(i, kf.node.node, kf.kwLoc, keyword))
    const kids = (tree.kids.get(kf) ?? []).map((c) => this.nodeUnit(c as NodeFrame, tree))
    const head = own.length === 1 && own[0]!.instanceLocation === kf.node.instLoc ? own[0]! : undefined
    if (head !== undefined && kids.length > 0) {
      head.errors = kids
      return [head]
    }
    return [...own, ...kids]
  }

  /** Annotation units of a node that passed (uncondensed). */
  annotationsOf(frame: NodeFrame): OutputUnit[] {
    const out: OutputUnit[] = []
    const raw = frame.node.raw
    if (typeof raw === 'object' && raw !== null) {
      const dialect = frame.node.where.dialect.name
      for (const key of Object.keys(raw)) {
        if (!this.isAnnotation(key, dialect, frame.node)) continue
        const u = this.unit(true, frame.node, appendPointer(frame.kwLoc, key), frame.instLoc, key)
        u.annotation = (raw as Record<string, unknown>)[key]
        out.push(u)
      }
    }
    for (const kf of frame.keywords) {
      for (const c of kf.children) {
        if (!c.ok) continue
        const inner = this.annotationsOf(c)
        if (inner.length === 0) continue
        const u = this.unit(true, c.node, c.kwLoc, c.instLoc)
        u.annotations = inner
        out.push(u)
      }
    }
    return out
  }

  /** Meta-data, content and format keywords, and keywords no plugin knows (2020-12 section 6.5). */
  private isAnnotation(keyword: string, dialect: string, node: Node): boolean {
    const taps = this.hooks.compileKeyword.get(keyword)?.taps ?? []
    const def = taps
      .map((t) => (t as unknown as { definition?: KeywordDefinition }).definition)
      .find((d) => d !== undefined && (d.dialects === undefined || d.dialects.includes(dialect as never)))
    if (def === undefined) return !node.steps.some((s) => s.keyword === keyword)
    return ANNOTATION_VOCABULARIES.has(def.vocabulary)
  }
}

/** A `detailed` tree: a unit without its own error and with one child gives way to the child. */
function condense(unit: OutputUnit, isRoot: boolean): OutputUnit {
  for (const key of ['errors', 'annotations'] as const) {
    const list = unit[key]
    if (list !== undefined) unit[key] = list.map((u) => condense(u, false))
  }
  const only = unit.errors ?? unit.annotations
  if (!isRoot && unit.error === undefined && unit.annotation === undefined && only !== undefined && only.length === 1) return only[0]!
  return unit
}

/** The `basic` list: every unit that carries an error or an annotation, depth first. */
function flatten(unit: OutputUnit, key: 'errors' | 'annotations', out: OutputUnit[] = []): OutputUnit[] {
  for (const u of unit[key] ?? []) {
    if (u.error !== undefined || u.annotation !== undefined) {
      const copy: OutputUnit = { ...u }
      delete copy[key]
      out.push(copy)
    }
    flatten(u, key, out)
  }
  return out
}

/** Output from the issues of `validate()`, for what a tracing run cannot follow (very deep data, an exhausted work budget). */
function fromIssues(error: ValidationError | null, format: 'basic' | 'detailed'): OutputUnit {
  if (error === null) return { valid: true, keywordLocation: '', instanceLocation: '' }
  const pointerOf = (schemaPath: string) => (schemaPath.includes('#') ? schemaPath.slice(schemaPath.indexOf('#') + 1) : '')
  const errors = error.errors.map((i) => ({ valid: false, keywordLocation: pointerOf(i.schemaPath), instanceLocation: i.instancePath, error: i.message }))
  const root: OutputUnit = { valid: false, keywordLocation: '', instanceLocation: '', errors }
  return format === 'detailed' ? condense(root, true) : root
}

/**
 * Evaluates `data` and returns the standard output in `format`. `flag` is `{ valid }` from
 * `validate()`. `basic` is the root unit with a flat list of failed units (each with an `error`),
 * or of annotations when valid; `detailed` nests units along the schema, a unit with one child
 * condensed into it. Every issue is collected (as with `allErrors`), up to `maxErrors`.
 * Allocates the whole trace; meant for reports, not for the hot path.
 */
export function buildOutput(source: OutputSource, data: unknown, format: OutputFormat): OutputUnit {
  if (format === 'flag') return { valid: source.validate(data) === null }
  if (format !== 'basic' && format !== 'detailed') throw new TypeError(`schemavet: unknown output format "${String(format)}" (use flag, basic or detailed)`)
  const compilation = source.compilation
  const hooks = source.userHooks ? source.hooks : undefined
  if (data === undefined) return fromIssues(source.validate(data), format)
  if (hooks?.beforeValidate.isUsed()) data = hooks.beforeValidate.call(data)
  const maxErrors = Math.max(1, compilation.options.maxErrors)
  const driver = new Driver((r, a) => compilation.dynamicHandle(r, a))
  driver.setAncestor(0, data)
  const task = { node: compilation.root, instance: data, pointer: '', depth: 0, scope: [], scopeKey: '' }
  const run = new TracingRun({ collecting: true, allErrors: true, maxErrors }, driver, task, Infinity)
  const policy = compilation.root.policy
  if (policy !== null) run.limitWork(policy.maxWork)
  let valid: boolean
  try {
    // The entry is charged like an application, as the driver charges a pass's root.
    run.charge(1 + compilation.root.steps.length)
    valid = compilation.root.evaluate(data, run)
  } catch (e) {
    if (e instanceof CycleAbort) return cycleOutput(e, run, compilation, source.hooks, hooks)
    if (!(e instanceof StopCollecting)) return fromIssues(source.validate(data), format)
    valid = false
  }
  let issues = run.errors!
  if (hooks?.errorMessage.isUsed()) for (const i of issues) i.message = hooks.errorMessage.call(i.message, i)
  if (hooks?.afterValidate.isUsed()) {
    issues = hooks.afterValidate.call(valid ? [] : issues.slice(), data)
    valid = issues.length === 0
  }
  const builder = new Builder(compilation, source.hooks)
  const root = run.root!
  if (valid) {
    const out: OutputUnit = builder.unit(true, root.node, '', '')
    const annotations = root.ok ? builder.annotationsOf(root) : []
    if (annotations.length === 0) return out
    out.annotations = annotations
    return format === 'detailed' ? condense(out, true) : { ...out, annotations: flatten(out, 'annotations') }
  }
  if (issues.length === 0) issues = [{ keyword: 'exception', instancePath: '', schemaPath: '#', params: {}, message: 'invalid (a keyword failed without reporting why)' }]
  const tree = builder.nodeUnit(root, builder.tree(issues, run.owner, root))
  return format === 'detailed' ? condense(tree, true) : { ...tree, errors: flatten(tree, 'errors') }
}

/** The one unit of a reference cycle, at the reference that closed it (as `validate` reports it). */
function cycleOutput(e: CycleAbort, run: TracingRun, compilation: Compilation, all: Hooks, hooks: Hooks | undefined): OutputUnit {
  const issue = e.issue()
  if (hooks?.errorMessage.isUsed()) issue.message = hooks.errorMessage.call(issue.message, issue)
  const at = run.cycleAt
  const place = at === null ? { valid: false, keywordLocation: '', instanceLocation: issue.instancePath } : new Builder(compilation, all).unit(false, at.node.node, at.kwLoc, issue.instancePath, at.step.keyword)
  return { valid: false, keywordLocation: '', instanceLocation: '', errors: [{ ...place, error: issue.message }] }
}
