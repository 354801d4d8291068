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
import type { GeneratedCheck } from '../accelerator.ts'
import { depthCountedNodes } from '../graph.ts'
import type { Evaluate, Node } from '../node.ts'
import type { Run } from '../run.ts'
import type { EmitContext } from './emit.ts'
import { hasOwn } from '../json.ts'
import { escapePointerToken } from '../pointer.ts'
import { Source } from './source.ts'
import { inspect, NodeWriter, stepCode, TYPES } from './node-writer.ts'
import { typeIndex } from '../node.ts'

const isArrayLike = (x: unknown): boolean => typeIndex(x) === 4

/** The per-type dispatch of a node's code; `branch(t)` returns statements ending in a return. */
function dispatch(node: Node, branch: (t: number) => string, notJson: string, isArray: string): string {
  return `switch (typeof x) {
    case 'string': { ${branch(0)} }
    case 'number': if (x - x !== 0) ${notJson} { ${branch(1)} }
    case 'boolean': { ${branch(2)} }
    case 'object':
      if (x === null) { ${branch(3)} }
      if (${isArray}(x)) { ${branch(4)} }
      { ${branch(5)} }
    default: ${node.asserts ? notJson : 'return true;'}
  }`
}

/** The generated evaluator of one node inside the general run, or undefined to keep the general one. */
export function generateEvaluate(node: Node): Evaluate | undefined {
  // A node that can reach an in-place cycle must evaluate every keyword, as the interpreter does:
  // generated code stops at a failing step, and a failure inside `if`, `not` or one branch of
  // `anyOf` does not fail the whole, so stopping there could skip the cycle and answer valid.
  if (node.pushScope || node.hasUnevaluated || node.exhaustive || !node.asserts) return undefined
  const src = new Source()
  const branch = (t: number): string => {
    const g: EmitContext = {
      // In a compile with a reference cycle every applicator evaluates every branch (run.exhaustive).
      exhaustive: node.cyclic,
      type: TYPES[t]!,
      constant: (v) => src.constant(v),
      local: () => src.local(),
      apply: (h, v, seg) => `run.apply(${src.constant(h)}, ${v}${seg === undefined ? '' : `, ${seg}`})`,
      applyEach: (h, v, seg) => ({ setup: '', test: g.apply(h, v, seg) }),
      own: (name) => `${src.constant(hasOwn)}(x, ${JSON.stringify(name)})`,
      read: (name) => `x[${JSON.stringify(name)}]`,
      ensure() {},
      known: () => false,
      inspect,
      fail: () => 'false',
    }
    // Stopping at a failing step is safe here: this node reaches no in-place cycle (exhaustive
    // nodes keep the interpreter's evaluator).
    const parts = node.table[t]!.map((s) => {
      const code = stepCode(s, g, src, 'run', node.policy !== null)
      return `${code.setup ?? ''}\nif (!(${code.test})) return false;`
    })
    return `${parts.join('\n')}\nreturn true;`
  }
  // Inside the general run a throw is the answer (an `exception` issue), so the type test is the
  // interpreter's own: a revoked Proxy is an object there too.
  const body = dispatch(node, branch, 'return false;', src.constant(isArrayLike))
  return src.build<Evaluate>(`return function generated(x, run) {
  if (run.collecting || run.evaluated !== null) return run.evaluateNode(node, x);
  ${src.locals.length > 0 ? `var ${src.locals.join(', ')};` : ''}
  ${body}
}`, { node })
}

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
export function generateModule(root: Node, makeRun: () => Run): GeneratedCheck | undefined {
  const nodes = reachable(root)
  for (const n of nodes) {
    if (n.pushScope || n.hasUnevaluated || n.exhaustive || n.policy !== null) return undefined
    if (n.edges.some((e) => e.guarded)) return undefined
  }
  const recursive = depthCountedNodes(nodes)
  const src = new Source()
  const fn = new Map<Node, string>(nodes.map((n) => [n, `n${n.id}`]))
  const incoming = new Map<Node, number>()
  for (const n of nodes) for (const e of n.edges) incoming.set(e.node, (incoming.get(e.node) ?? 0) + 1)
  // Own-property tests: an object whose prototype is Object.prototype (or null) inherits no
  // property the schema names, as long as Object.prototype has none of those names (checked once
  // per call: a polluted prototype sends every test to hasOwnProperty). A node whose code tests
  // own properties is generated twice: the plain-object form with no test at all, entered after
  // one prototype check per object, and a form testing every read (`<name>$own`) for the rest.
  const writer = new NodeWriter({ src, fn, recursive, incoming, hop: src.constant(hasOwn) })
  const functions = nodes.map((node) => writer.functions(node))
  const ownNames = writer.ownNames
  const clean = [...ownNames].map((n) => `OP[${JSON.stringify(n)}] === undefined`).join(' && ') || 'true'
  const built = src.build<GeneratedCheck & { enter(f: (x: unknown) => boolean, x: unknown): boolean; fns: ((x: unknown) => boolean)[] }>(`var FS = null, FX, FP = [], FE = [], FN = 0, D = 0, R = null, CLEAN = true, OP = Object.prototype;
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
};`, { makeRun, BAIL: { bail: true }, ESC: escapePointerToken })
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
