/**
 * One node's code in the generated module (`generateModule`): its per-type dispatch, its steps
 * (own-property tests where a read finds a value), and, where a loop applies a subschema to each
 * item, that subschema's code placed in the loop body instead of a call.
 */
import type { Handle, Node, Step } from '../evaluator/node.ts'
import type { EmitBlock, EmitContext } from '../contract/emit.ts'
import type { SchemaHandle, SchemaView } from '../contract/types.ts'
import type { Source } from './source.ts'
import { escapePointerToken } from '../documents/pointer.ts'
import { FALSE, joinCode, js, literal, TRUE } from '../contract/code.ts'
import type { Code } from '../contract/code.ts'
import { inline } from './inline.ts'
import { expressionDispatch, rename, RETURN, TYPES, typeDispatch, WRITE_ORDER } from './dispatch.ts'
import type { Branch, Exit } from './dispatch.ts'
import { Reads } from './reads.ts'

/** `EmitContext.inspect`. */
const inspect = (handle: SchemaHandle): SchemaView => handle.inspect()

/**
 * A step's code: its emitted form, or a call of its `validate` through its own call site
 * (`called`: it may apply subschemas through the run, out of the generated code's sight).
 */
function stepCode(s: Step, g: EmitContext, src: Source, run: Code): EmitBlock & { called?: true } {
  const emitted = s.definition.emit?.(s.compiled, g)
  if (emitted === undefined) return { test: js`${src.constant(s.validate)}(${src.constant(s.compiled)}, x, ${run})`, called: true }
  return typeof emitted === 'string' ? { test: emitted } : emitted
}

/** What the generated code records where it fails: the node, the step (null: the node itself). */
export class FailureRecord {
  constructor(
    readonly node: Node,
    readonly step: Step | null,
    public mirrors: boolean,
  ) {}
}


/** The module-wide facts a node's code is written with. */
export interface ModuleFacts {
  readonly src: Source
  /** Each node's function name. */
  readonly fn: ReadonlyMap<Node, Code>
  /** Nodes whose function counts nesting depth (recursive schemas): always called. */
  readonly recursive: ReadonlySet<Node>
  /** How many edges of the module lead to each node. */
  readonly incoming: ReadonlyMap<Node, number>
  /** The `hasOwnProperty` constant. */
  readonly hop: Code
  /**
   * Whether checkers with an inline form are written as statements (the default) or called. A
   * module written ahead of time calls them: one copy of each checker, shared with its failure
   * code, in place of a copy per use.
   */
  readonly inlineCheckers?: boolean
}

/**
 * A subschema's code is placed in a loop body only up to this many characters (past it, the
 * caller's function could grow beyond what the engine optimizes).
 */
const INLINE_LIMIT = 12_000

/** Shorter code stays a call: the engine inlines a small function at its call site by itself. */
const INLINE_FLOOR = 400

/**
 * Characters of subschema code placed as expressions into one function: past it, children stay
 * calls, so a function stays within what the optimizer compiles.
 */
const FUNCTION_BUDGET = 80_000

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** Writes node code for one module: failure records, names tested as own, inline placements. */
export class NodeWriter {
  private readonly records = new Map<Node, Map<Step | null, { name: Code; record: FailureRecord }>>()
  /**
   * Nodes whose code is placed in some function's code: once only (a node's code is not
   * repeated per instance type's branch, which would multiply at every level).
   */
  private readonly placed = new Set<Node>()
  /**
   * The nodes of `placed` in the order they were added: an attempt given up is undone by
   * removing what was added after its mark (a copy of the set per attempt cost time quadratic in
   * the number of nodes).
   */
  private readonly placedOrder: Node[] = []
  /** Whether a node's code needs statements, or cannot be placed otherwise (see `statements`). */
  private readonly unplaceable = new Map<Node, boolean>()
  /** While true, `apply` writes calls only (a node's own steps are being looked at). */
  private probing = false
  /** Characters of placed subschema code the function being written may still take. */
  private budget = FUNCTION_BUDGET
  constructor(private readonly m: ModuleFacts) {}

  /** The constant naming where `node` fails at `step`; it mirrors `validate` only if every use does. */
  private record(node: Node, step: Step | null, mirrors = false): Code {
    let byStep = this.records.get(node)
    if (byStep === undefined) this.records.set(node, (byStep = new Map()))
    const known = byStep.get(step)
    if (known !== undefined) {
      known.record.mirrors &&= mirrors
      return known.name
    }
    const record = new FailureRecord(node, step, mirrors)
    const name = this.m.src.constant(record)
    byStep.set(step, { name, record })
    return name
  }

  private place(node: Node): void {
    this.placed.add(node)
    this.placedOrder.push(node)
  }

  /** Undoes the placements made since `placedOrder` had `mark` entries. */
  private unplace(mark: number): void {
    for (let i = mark; i < this.placedOrder.length; i++) this.placed.delete(this.placedOrder[i]!)
    this.placedOrder.length = mark
  }

  /** `call` (a boolean expression) with the path segment pushed when it fails. */
  private segment(call: Code, seg: Code | undefined): Code {
    if (seg === undefined) return call
    // A constant name (a string literal) goes on the failure path already escaped as a pointer token.
    if (/^"(?:[^"\\]|\\.)*"$/.test(seg)) return js`(${call} || pushToken(${this.m.src.constant('/' + escapePointerToken(JSON.parse(seg) as string))}))`
    return js`(${call} || pushSegment(${seg}))`
  }

  /**
   * `EmitContext.apply`: the subschema's code as one expression where it can be placed (see
   * `expression`), otherwise a call of its function.
   */
  apply(h: SchemaHandle, value: Code, seg?: Code): Code {
    const target = (h as Handle).node
    if (!target.asserts) return TRUE
    const placed = this.probing ? undefined : this.expression(target, value)
    return this.segment(placed ?? js`${this.m.fn.get(target)!}(${value})`, seg)
  }

  /**
   * Whether `node`'s own steps need statements (a loop, an inlined checker), found once per node
   * by writing its steps with every subschema a call, and what it wrote given back.
   */
  private statements(node: Node): boolean {
    let known = this.unplaceable.get(node)
    if (known === undefined) {
      const src = this.m.src
      const mark = src.locals.length
      this.probing = true
      try {
        known = this.plan(node, true).some((b) => b.parts.some((p) => p.setup !== undefined))
      } finally {
        this.probing = false
        src.locals.length = mark
      }
      this.unplaceable.set(node, known)
    }
    return known
  }

  /**
   * A subschema applied only here (one edge leads to it) and not depth-counted, whose steps are
   * all expressions, written as one boolean expression on `value` in place of a call: a call a
   * parent with many children cannot have inlined (the optimizer's budget is spent after a few),
   * each repeating the type test and the failure bookkeeping. It records failures exactly as its
   * function does (same records, same path segments), so `failure()` names the same node and
   * step. Undefined (nothing taken) when the node has statements, the function's budget is spent
   * (the placement that spends it may pass it by its own code: subschemas under it become calls
   * once it is spent), or its code cannot be moved onto another variable.
   *
   * An attempt that fails after writing code is remembered, so no node's code is written twice
   * in vain: retrying at every level and in every type's branch would cost exponential time in
   * the depth of a schema.
   */
  private expression(target: Node, value: Code): Code | undefined {
    if (this.m.recursive.has(target) || this.m.incoming.get(target) !== 1 || this.placed.has(target)) return undefined
    if (this.budget <= 0 || this.statements(target)) return undefined
    const src = this.m.src
    const mark = src.locals.length
    const placed = this.placedOrder.length
    const budget = this.budget
    this.place(target)
    // The value is evaluated once: a variable stands for itself, anything else (an assignment
    // `(t0 = x["a"])`, an item `x[0]`) is bound to a local first.
    const direct = IDENTIFIER.test(value)
    const y = direct ? value : src.local()
    const code = this.expressionBody(target)
    const moved = code === undefined ? undefined : y === 'x' ? code : rename(code, y)
    if (moved === undefined) {
      this.unplaceable.set(target, true)
      src.locals.length = mark
      this.unplace(placed)
      this.budget = budget
      return undefined
    }
    this.budget = budget - moved.length
    return direct ? moved : js`(${y} = ${value}, ${moved})`
  }

  /**
   * `EmitContext.applyEach`: a subschema applied only here (one edge leads to it), not recursive,
   * from code that is itself not placed inline, is written into the loop body: `x` rebound to the
   * item in a block whose exits assign the answer. Otherwise a call, as `apply`.
   */
  applyEach(h: SchemaHandle, value: Code, seg: Code | undefined, nested: boolean): { setup: Code; test: Code } {
    const target = (h as Handle).node
    // An expression (see `expression`) when the subschema is one, else a call.
    const call = { setup: js``, test: this.apply(h, value, seg) }
    if (!target.asserts || nested || this.m.recursive.has(target) || this.m.incoming.get(target) !== 1 || this.placed.has(target)) return call
    const src = this.m.src
    const mark = src.locals.length
    const placed = this.placedOrder.length
    const budget = this.budget
    const answer = src.local()
    const item = src.local()
    const label = js`${answer}$`
    const outer = src.enter(`${answer}_`)
    const code = this.body(target, (v) => js`{ ${answer} = ${v}; break ${label}; }`, true)
    const locals = src.leave(outer)
    if (code.length > INLINE_LIMIT || code.length < INLINE_FLOOR) {
      // The call it stays: the locals taken for the placement are given back, and subschemas
      // placed in its code are not.
      src.locals.length = mark
      this.unplace(placed)
      this.budget = budget
      return call
    }
    this.place(target)
    const declared = joinCode(locals.map((n) => js`, ${n}`), js``)
    return { setup: js`${item} = ${value}; ${label}: { let x = ${item}${declared};\n${code}\n}`, test: this.segment(answer, seg) }
  }

  /** A node's function (two where it counts depth: the count around the body). */
  functions(node: Node): Code {
    const src = this.m.src
    const name = this.m.fn.get(node)!
    this.budget = FUNCTION_BUDGET
    const outer = src.enter('')
    const made = this.body(node, RETURN, false)
    const locals = src.leave(outer)
    const code = js`${locals.length > 0 ? js`var ${joinCode(locals, js`, `)};` : js``} ${made}`
    if (!this.m.recursive.has(node)) return js`function ${name}(x) { ${code} }`
    return js`function ${name}(x) { if (++depth > ${literal(MAX_DEPTH)}) throw tooDeep; var r = ${name}_(x); depth--; return r; }
function ${name}_(x) { ${code} }`
  }

  /**
   * Each instance type's steps as written for `node`; `nested`: the code is itself placed inline
   * (no loop placement in it).
   */
  private plan(node: Node, nested: boolean): BranchPlan[] {
    const src = this.m.src
    const branch = (t: number): BranchPlan => {
      let plain: Code | undefined
      let step: Step | null = null
      // Calls of an asserting subschema on `x` itself (a step made of one is a delegation).
      const selfCalls = new Set<Code>()
      const reads = new Reads(src)
      const g: EmitContext = {
        type: TYPES[t]!,
        constant: (v) => src.constant(v),
        local: () => src.local(),
        apply: (h, v, seg) => {
          const code = this.apply(h, v, seg)
          if (v === 'x' && seg === undefined && code !== TRUE) selfCalls.add(code)
          return code
        },
        applyEach: (h, v, seg) => {
          return this.applyEach(h, v, seg, nested)
        },
        inspect,
        inline: (f, args) => (this.m.inlineCheckers === false ? undefined : inline(f, args, () => src.local())),
        fail: () => js`failAt(${this.record(node, step)}, x)`,
        failNode: () => js`failAt(${this.record(node, null)}, x)`,
        own: (key) => {
          const k = literal(key)
          if (key in Object.prototype) return js`${this.m.hop}(x, ${k})`
          // A value found on an object whose prototype is Object.prototype is its own unless
          // Object.prototype has the name (a load the optimizer folds to a constant while
          // Object.prototype keeps its shape). The prototype is tested at the first value found
          // and remembered for the object (`plain`, reset where the branch starts): a sparse
          // document's object that holds none of the names read is never tested.
          plain ??= src.local()
          return js`((${plain} ??= Object.getPrototypeOf(x) === objectPrototype) && objectPrototype[${k}] === undefined || ${this.m.hop}(x, ${k}))`
        },
        read: (key) => reads.read(key),
        ensure: (key) => reads.ensure(key),
        known: (key) => reads.known(key),
      }
      const parts: StepPart[] = []
      let ended = false
      let failsWith: Code | null = null
      const kept: EmitBlock[] = []
      for (const s of node.table[t]!) {
        step = s
        const code = stepCode(s, g, src, js`generalRun()`)
        // Code after this step runs only when it passed: its reads and presences hold there.
        reads.settle()
        if (code.test === TRUE && code.setup === undefined) continue
        kept.push(code)
        const rec = code.transparent === true ? null : this.record(node, s, code.mirrorsValidate === true)
        const fails = rec === null ? FALSE : js`failAt(${rec}, x)`
        // A step that always fails ends the branch (a type mismatch): one shared, recognisable line.
        if (code.test === FALSE && code.setup === undefined) {
          if (parts.length === 0) failsWith = rec
          parts.push({ test: null, fails })
          ended = true
          break
        }
        parts.push({ setup: code.setup, test: code.test, fails })
      }
      const only = kept.length === 1 ? kept[0]! : null
      const delegates = only !== null && only.transparent === true && only.setup === undefined && selfCalls.has(only.test) ? only.test : null
      return { parts, ended, failsWith, delegates, plain }
    }
    // Objects' and arrays' code first: a subschema is placed in the first branch applying it, and
    // the usual schema applying subschemas to any type (an `anyOf` without `type`) gets objects.
    const branches: BranchPlan[] = []
    if (node.asserts) for (const t of WRITE_ORDER) branches[t] = branch(t)
    return branches
  }

  /** The node's code as statements, leaving through `exit`; `nested` as in `plan`. */
  private body(node: Node, exit: Exit, nested: boolean): Code {
    const own = this.record(node, null)
    const branches = this.plan(node, nested)
    if (!node.asserts) return exit(TRUE)
    const rendered = branches.map((b): Branch => {
      const parts = b.parts.map((p) => js`${p.test === null ? js`` : js`${p.setup ?? js``}\nif (!(${p.test})) `}${exit(p.fails)}`)
      const reset = b.plain === undefined ? js`` : js`${b.plain} = undefined;\n`
      return { code: js`${reset}${joinCode(parts, js`\n`)}${b.ended ? js`` : js`\n${exit(TRUE)}`}`, failsWith: b.failsWith, delegates: b.delegates }
    })
    return typeDispatch(rendered, own, exit)
  }

  /**
   * The node's code as one boolean expression on `x`, or undefined when a step needs statements
   * (a loop, an inlined checker).
   */
  private expressionBody(node: Node): Code | undefined {
    const own = this.record(node, null)
    const branches = this.plan(node, true)
    const rendered: Branch[] = []
    for (const b of branches) {
      if (b.parts.some((p) => p.setup !== undefined)) return undefined
      const terms = b.parts.map((p) => (p.test === null ? p.fails : js`(${p.test} || ${p.fails})`))
      if (b.plain !== undefined) terms.unshift(js`(${b.plain} = undefined, true)`)
      const code = terms.length === 0 ? TRUE : terms.length === 1 ? terms[0]! : js`(${joinCode(terms, js` && `)})`
      rendered.push({ code, failsWith: b.failsWith, delegates: b.delegates })
    }
    return expressionDispatch(rendered, own)
  }
}

/** One step of a branch: its statements, its test (null: it always fails), its failure. */
interface StepPart {
  setup?: Code
  test: Code | null
  fails: Code
}

/** One instance type's steps. */
interface BranchPlan {
  parts: StepPart[]
  ended: boolean
  /** The local remembering whether the object's prototype is Object.prototype (see `own`), if any. */
  plain?: Code
  failsWith: Code | null
  delegates: Code | null
}


/** Levels of recursive-node nesting before handing the value to the general path (deep data). */
export const MAX_DEPTH = 256
