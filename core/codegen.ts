/**
 * The faster tier: the boolean pass as generated code. The interpreter's loop calls every keyword
 * through one call site (megamorphic: V8 can neither specialise nor inline it); generated code
 * gives each step its own code, specialised per instance type, and keywords with an `emit` become
 * inline source. Same steps, same order, same answers. Code generation is found by trying once
 * (edge runtimes and a strict CSP forbid it); without it, or with `codegen: false`, the
 * interpreter serves every call.
 *
 * Two forms. A whole compile without dynamic scope, annotations, in-place cycles or limits becomes
 * one module (`generateModule`): a function per node calling its subschemas' functions directly,
 * no run object, a depth count only where a recursive schema moves into the data, and a record of where a failure happened
 * so its issues can be explained by the interpreter from there alone. Other compiles get a
 * generated evaluator per node (`generateEvaluate`) inside the general run.
 */
import { depthCountedNodes } from './graph.ts'
import type { Evaluate, Handle, Node, Step } from './node.ts'
import type { Run } from './run.ts'
import type { EmitBlock, EmitContext } from './emit.ts'
import type { JsonType, SchemaHandle, SchemaView } from './types.ts'
import { hasOwn } from './json.ts'
import { escapeToken } from './uri.ts'
import { Source } from './source.ts'

/** Instance types in step-table order. */
const TYPES: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object']

const inspect = (handle: SchemaHandle): SchemaView => handle.inspect()

/**
 * A step's code: its emitted form, or a call of its `validate` through its own call site
 * (`called`: it may apply subschemas through the run, out of the generated code's sight).
 */
function stepCode(s: Step, g: EmitContext, src: Source, run: string, general = false): EmitBlock & { called?: true } {
  // A metered run charges regex scans through the run context: those nodes call every keyword.
  const emitted = general ? undefined : s.definition.emit?.(s.compiled, g)
  if (emitted === undefined) return { test: `${src.constant(s.validate)}(${src.constant(s.compiled)}, x, ${run})`, called: true }
  return typeof emitted === 'string' ? { test: emitted } : emitted
}

/** The per-type dispatch of a node's code; `branch(t)` returns statements ending in a return. */
function dispatch(node: Node, branch: (t: number) => string, notJson: string): string {
  return `switch (typeof x) {
    case 'string': { ${branch(0)} }
    case 'number': if (x - x !== 0) ${notJson} { ${branch(1)} }
    case 'boolean': { ${branch(2)} }
    case 'object':
      if (x === null) { ${branch(3)} }
      if (Array.isArray(x)) { ${branch(4)} }
      { ${branch(5)} }
    default: ${node.asserts ? notJson : 'return true;'}
  }`
}

/** Tests selecting one instance type, by step-table index. */
const TYPE_TESTS = [
  "typeof x === 'string'",
  "typeof x === 'number'",
  "typeof x === 'boolean'",
  'x === null',
  'Array.isArray(x)',
  "(typeof x === 'object' && x !== null && !Array.isArray(x))",
]

/**
 * A node's code with the most common branch as the fall-through and a test for each other type:
 * a node of one type is one test and its steps, small enough for the optimizer to inline at its
 * call sites. Non-JSON values (NaN, undefined, functions) fail at the node itself.
 */
function typeDispatch(node: Node, branch: (t: number) => string, own: string): string {
  const codes = TYPES.map((_, t) => branch(t))
  const counts = new Map<string, number>()
  for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1)
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
  const parts: string[] = []
  codes.forEach((code, t) => {
    if (code === common) return
    parts.push(`if (${TYPE_TESTS[t]}) { ${t === 1 ? `if (x - x !== 0) return F(${own}, x); ` : ''}${code} }`)
  })
  // Values of the common branch's types, and values JSON cannot hold.
  const failing = common.match(/^return F\((k\d+), x\);$/)
  if (failing !== null) parts.push(`return F(NJ(x) ? ${own} : ${failing[1]}, x);`)
  else parts.push(`${node.asserts ? `if (NJ(x)) return F(${own}, x); ` : ''}${common}`)
  return parts.join('\n')
}

/** The generated evaluator of one node inside the general run, or undefined to keep the general one. */
export function generateEvaluate(node: Node): Evaluate | undefined {
  if (node.pushScope || node.hasUnevaluated) return undefined
  const src = new Source()
  const branch = (t: number): string => {
    const g: EmitContext = {
      // In a compile with a reference cycle every applicator evaluates every branch (run.exhaustive).
      exhaustive: node.exhaustive || node.cyclic,
      type: TYPES[t]!,
      constant: (v) => src.constant(v),
      local: () => src.local(),
      apply: (h, v, seg) => `run.apply(${src.constant(h)}, ${v}${seg === undefined ? '' : `, ${seg}`})`,
      own: (name) => `${src.constant(hasOwn)}(x, ${JSON.stringify(name)})`,
      read: (name) => `x[${JSON.stringify(name)}]`,
      ensure() {},
      known: () => false,
      inspect,
      fail: () => 'false',
    }
    // Stopping at a failing step is safe even where a reference cycle is reachable: a false
    // boolean pass is always followed by the exhaustive issue pass, which reports the cycle.
    const parts = node.table[t]!.map((s) => {
      const code = stepCode(s, g, src, 'run', node.policy !== null)
      return `${code.setup ?? ''}\nif (!(${code.test})) return false;`
    })
    return `${parts.join('\n')}\nreturn true;`
  }
  const body = dispatch(node, branch, 'return false;')
  return src.build<Evaluate>(`return function generated(x, run) {
  if (run.collecting || run.evaluated !== null) return run.evaluateNode(node, x);
  ${src.locals.length > 0 ? `var ${src.locals.join(', ')};` : ''}
  ${body}
}`, { node })
}

/** Where the generated pass failed: the step (null: the node itself) and the instance there. */
export interface FastFailure {
  node: Node
  step: Step | null
  instance: unknown
  /** JSON Pointer of `instance`, relative to the value the check started from. */
  pointer: string
  /** Child applications between that value and `instance` (the pointer's segment count). */
  depth: number
  /** The step's generated test mirrors its `validate` (`EmitBlock.mirrorsValidate`). */
  mirrors: boolean
}

/** What the generated code records where it fails: the node, the step (null: the node itself). */
class FailureRecord {
  constructor(
    readonly node: Node,
    readonly step: Step | null,
    public mirrors: boolean,
  ) {}
}

/** A compile's boolean pass as one generated module. */
export interface FastCheck {
  /** True when valid; throws (any value) when the general path must answer instead. */
  check(x: unknown): boolean
  /**
   * The boolean pass of one node of the compile on `x`, as `check` does for the root; undefined
   * when the module has no code for that node. Only while explaining the failure of a `check`
   * made just before: it relies on the prototype test that `check` made (`Object.prototype`
   * holds none of the names read).
   */
  checkNode(node: Node, x: unknown): boolean | undefined
  /** Where the last `check` or `checkNode` that returned false failed. */
  failure(): FastFailure
}

/**
 * The plain-object form's steps with the prototype check placed before the first step that
 * applies a subschema: steps before it (`required`, counts) run on any object, and a failure there
 * is trusted only after a prototype check on that failure path. So objects failing early (a
 * missing property) never reach the hot check's property load, where their shapes (often
 * dictionary-mode, after a `delete`) would make it slower for every later object; no subschema
 * is evaluated before the check, so no object's subtree is evaluated twice.
 *
 * `x.__proto__` (the accessor Object.prototype holds) is a map load the optimizer inlines, where
 * `Object.getPrototypeOf` stays a call (about 10 ns per object; used on failure paths only). It
 * names the true prototype unless `x` has an own `__proto__` whose value is Object.prototype
 * itself, which JSON (and structured clone) cannot produce; objects with a null prototype read
 * `undefined` there and take the testing form.
 */
function plainCheck(before: string[], after: string[], name: string): string[] {
  const own = `${name}$own(x)`
  const guarded = before.map((part) => part.replace(/return (F\(k\d+, x\)|false);$/, `return PLAIN(x) ? $1 : ${own};`))
  return [...guarded, `if (!(CLEAN && x.__proto__ === OP)) return ${own};`, ...after]
}

/**
 * Property reads of one node's code (`EmitContext.read`): each name read gets a local; a step
 * assigns it on every read, and steps after one that passed read the local alone (and know the
 * names it ensured present).
 */
class Reads {
  private readonly locals = new Map<string, string>()
  private readonly settled = new Set<string>()
  private readonly ensured = new Set<string>()
  private readonly readNow: string[] = []
  private readonly ensuredNow: string[] = []
  constructor(private readonly src: Source) {}

  read(name: string): string {
    let local = this.locals.get(name)
    if (local !== undefined && this.settled.has(name)) return local
    if (local === undefined) this.locals.set(name, (local = this.src.local()))
    this.readNow.push(name)
    return `(${local} = x[${JSON.stringify(name)}])`
  }

  ensure(name: string): void {
    this.ensuredNow.push(name)
  }

  known(name: string): boolean {
    return this.ensured.has(name)
  }

  /** The step just generated passed: what it read and ensured holds for the steps after it. */
  settle(): void {
    for (const name of this.readNow) this.settled.add(name)
    for (const name of this.ensuredNow) this.ensured.add(name)
    this.readNow.length = 0
    this.ensuredNow.length = 0
  }
}

/** Levels of recursive-node nesting before handing the value to the general path (deep data). */
const MAX_DEPTH = 256

/** The nodes reachable from `root`. */
function reachable(root: Node): Node[] {
  const seen = new Set<Node>([root])
  const out = [root]
  for (let i = 0; i < out.length; i++) {
    for (const e of out[i]!.edges) {
      if (!seen.has(e.node)) {
        seen.add(e.node)
        out.push(e.node)
      }
    }
  }
  return out
}

/**
 * The whole boolean pass from `root` as one module, or undefined when some reachable node needs
 * the general run (dynamic scope, annotations, a guarded in-place cycle, or limits).
 * `makeRun` gives a boolean-pass run for keywords without an `emit`.
 */
export function generateModule(root: Node, makeRun: () => Run): FastCheck | undefined {
  const nodes = reachable(root)
  for (const n of nodes) {
    if (n.pushScope || n.hasUnevaluated || n.exhaustive || n.policy !== null) return undefined
    if (n.edges.some((e) => e.guarded)) return undefined
  }
  const recursive = depthCountedNodes(nodes)
  const src = new Source()
  const fn = new Map<Node, string>(nodes.map((n) => [n, `n${n.id}`]))
  const trivial = (n: Node) => !n.asserts
  const apply = (h: SchemaHandle, v: string, seg?: string): string => {
    const target = (h as Handle).node
    if (trivial(target)) return 'true'
    const call = `${fn.get(target)}(${v})`
    if (seg === undefined) return call
    // A constant name goes on the failure path already escaped as a pointer token.
    if (/^"(?:[^"\\]|\\.)*"$/.test(seg)) return `(${call} || Q(${src.constant('/' + escapeToken(JSON.parse(seg) as string))}))`
    return `(${call} || P(${seg}))`
  }
  // Own-property tests: an object whose prototype is Object.prototype (or null) inherits no
  // property the schema names, as long as Object.prototype has none of those names (checked once
  // per call: a polluted prototype sends every test to hasOwnProperty). A node whose code tests
  // own properties is generated twice: the plain-object form with no test at all, entered after
  // one prototype check per object, and a form testing every read (`<name>$own`) for the rest.
  const ownNames = new Set<string>()
  const hop = src.constant(hasOwn)
  const records = new Map<Step | null, { name: string; record: FailureRecord }>()
  const functions = nodes.map((node) => {
    records.clear()
    // One failure record per (node, step), shared by the type branches that fail at that step
    // (it mirrors `validate` only if every branch's code does).
    const record = (step: Step | null, mirrors = false) => {
      const known = records.get(step)
      if (known !== undefined) {
        known.record.mirrors &&= mirrors
        return known.name
      }
      const made = new FailureRecord(node, step, mirrors)
      const name = src.constant(made)
      records.set(step, { name, record: made })
      return name
    }
    const own = record(null)
    const name = fn.get(node)!
    /** The node's code; `plainObjects`: objects here are known to inherit none of the names read. */
    const body = (plainObjects: boolean): { code: string; testsOwn: boolean } => {
      let testsOwn = false
      const branch = (t: number): string => {
        let checked = false
        let descends = false
        let step: Step | null = null
        const reads = new Reads(src)
        const g: EmitContext = {
          exhaustive: false,
          type: TYPES[t]!,
          constant: (v) => src.constant(v),
          local: () => src.local(),
          apply(h, v, seg) {
            descends = true
            return apply(h, v, seg)
          },
          inspect,
          fail: () => `F(${record(step)}, x)`,
          own(key) {
            const text = JSON.stringify(key)
            if (key in Object.prototype || !plainObjects) return `${hop}(x, ${text})`
            ownNames.add(key)
            checked = testsOwn = true
            return 'true'
          },
          read: (key) => reads.read(key),
          ensure: (key) => reads.ensure(key),
          known: (key) => reads.known(key),
        }
        // Steps before the first one applying a subschema, then the rest (see `plainCheck`).
        const before: string[] = []
        const after: string[] = []
        for (const s of node.table[t]!) {
          descends = false
          step = s
          const code = stepCode(s, g, src, 'Rn()')
          // Code after this step runs only when it passed: its reads and presences hold there.
          reads.settle()
          if (code.test === 'true' && code.setup === undefined) continue
          const parts = descends || code.called === true || after.length > 0 ? after : before
          const failed = code.transparent === true ? 'return false;' : `return F(${record(s, code.mirrorsValidate === true)}, x);`
          // A step that always fails ends the branch (a type mismatch): one shared, recognisable line.
          if (code.test === 'false' && code.setup === undefined) {
            parts.push(failed)
            break
          }
          parts.push(`${code.setup ?? ''}\nif (!(${code.test})) ${failed}`)
        }
        const parts = checked ? plainCheck(before, after, name) : [...before, ...after]
        const last = parts[parts.length - 1]
        return `${parts.join('\n')}${last !== undefined && last.startsWith('return') ? '' : '\nreturn true;'}`
      }
      src.locals = []
      const code = trivial(node) ? 'return true;' : typeDispatch(node, branch, own)
      const locals = src.locals.length > 0 ? `var ${src.locals.join(', ')};` : ''
      return { code: `${locals} ${code}`, testsOwn }
    }
    const plain = body(true)
    const tested = plain.testsOwn ? `\nfunction ${name}$own(x) { ${body(false).code} }` : ''
    if (!recursive.has(node)) return `function ${name}(x) { ${plain.code} }${tested}`
    return `function ${name}(x) { if (++D > ${MAX_DEPTH}) throw BAIL; var r = ${name}_(x); D--; return r; }
function ${name}_(x) { ${plain.code} }${tested}`
  })
  const clean = [...ownNames].map((n) => `OP[${JSON.stringify(n)}] === undefined`).join(' && ') || 'true'
  const built = src.build<FastCheck & { enter(f: (x: unknown) => boolean, x: unknown): boolean; fns: ((x: unknown) => boolean)[] }>(`var FS = null, FX, FP = [], FE = [], FN = 0, D = 0, R = null, CLEAN = true, OP = Object.prototype;
function F(s, x) { FS = s; FX = x; FN = 0; return false; }
function P(seg) { FE[FN] = false; FP[FN++] = seg; return false; }
function Q(token) { FE[FN] = true; FP[FN++] = token; return false; }
function Rn() { return R !== null ? R : (R = makeRun()); }
function PLAIN(x) { var p; return CLEAN && ((p = Object.getPrototypeOf(x)) === OP || p === null); }
function NJ(x) { return typeof x === 'number' ? x - x !== 0 : typeof x !== 'string' && typeof x !== 'boolean' && typeof x !== 'object'; }
${functions.join('\n')}
return {
  check: function (x) { D = 0; R = null; CLEAN = ${clean}; return ${fn.get(root)}(x); },
  enter: function (f, x) { D = 0; R = null; return f(x); },
  fns: [${nodes.map((n) => fn.get(n)).join(', ')}],
  failure: function () {
    for (var p = '', i = FN - 1, s; i >= 0; i--) p += FE[i] ? FP[i] : typeof (s = FP[i]) === 'number' ? '/' + s : '/' + ESC(s);
    return { node: FS.node, step: FS.step, instance: FX, pointer: p, depth: FN, mirrors: FS.mirrors };
  },
};`, { makeRun, BAIL: { bail: true }, ESC: escapeToken })
  const byNode = new Map(nodes.map((n, i) => [n, built.fns[i]!]))
  return {
    check: built.check,
    failure: built.failure,
    checkNode(node, x) {
      const f = byNode.get(node)
      return f === undefined ? undefined : built.enter(f, x)
    },
  }
}
