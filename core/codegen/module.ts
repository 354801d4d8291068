/**
 * The faster tier: the boolean pass as generated code. The interpreter's loop calls every keyword
 * through one call site (megamorphic: V8 can neither specialise nor inline it); generated code
 * gives each step its own code, specialised per instance type, and keywords with an `emit` become
 * inline source. Same steps, same order, same answers. Code generation is found by trying once
 * (edge runtimes and a strict CSP forbid it); without it, or with `codegen: false`, the
 * interpreter serves every call.
 *
 * One form: a whole compile without dynamic scope, annotations, in-place cycles or limits becomes
 * one module, a function per node calling its subschemas' functions directly (a subschema used
 * at one place only, off any recursion, written into its parent's function instead: see
 * `NodeWriter.apply`), no run object, a depth count only where a recursive schema moves into the
 * data, and a record of where a failure happened so its issues can be explained by the
 * interpreter from there alone. Other compiles
 * stay with the interpreter.
 */
import type { GeneratedCheck } from '../evaluator/accelerator.ts'
import { depthCountedNodes } from '../compiler/graph.ts'
import type { Node } from '../evaluator/node.ts'
import type { Run } from '../evaluator/run.ts'
import { hasOwn } from '../documents/json.ts'
import { escapePointerToken } from '../documents/pointer.ts'
import { Source } from './source.ts'
import { NodeWriter } from './node-writer.ts'
import { identifier, joinCode, js } from '../contract/code.ts'
import type { Code } from '../contract/code.ts'

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
 * The boolean pass from `root` as source text, not yet instantiated: `prelude` (the module's
 * state and helpers), `functions` (a function per node), the root's function name, and the
 * constants (`src`) the text names `k0`, `k1`...
 * Free names besides the constants: `makeRun`, `tooDeep`, `escapeToken` (see `generateModule`).
 * Undefined when some reachable node needs the general run (dynamic scope, annotations, a
 * guarded in-place cycle, or limits). Also what an ahead-of-time module is written from.
 */
export interface ModuleSource {
  src: Source
  nodes: Node[]
  fn: ReadonlyMap<Node, Code>
  prelude: Code
  functions: Code
  /** `functions` per node, in the order of `nodes` (a module written ahead of time keeps those its root reaches). */
  parts: Code[]
  root: Code
}

export function moduleSource(root: Node, inlineCheckers = true): ModuleSource | undefined {
  const nodes = reachable(root)
  for (const n of nodes) {
    if (n.pushScope || n.hasUnevaluated || n.exhaustive || n.policy !== null) return undefined
    if (n.edges.some((e) => e.guarded)) return undefined
  }
  const recursive = depthCountedNodes(nodes)
  const src = new Source()
  const fn = new Map<Node, Code>(nodes.map((n) => [n, identifier(`node${n.id}`)]))
  const incoming = new Map<Node, number>()
  for (const n of nodes) for (const e of n.edges) incoming.set(e.node, (incoming.get(e.node) ?? 0) + 1)
  // Own-property tests: a value found on an object whose prototype is Object.prototype is its own
  // unless Object.prototype has that name; the prototype is tested once per object, at the first
  // value found (see `NodeWriter`'s `own`), and other objects test each value found.
  const writer = new NodeWriter({ src, fn, recursive, incoming, hop: src.constant(hasOwn), inlineCheckers })
  const functions = nodes.map((node) => writer.functions(node))
  const prelude = js`var failedAt = null, failedValue, failPath = [], failPathIsToken = [], failPathLength = 0, depth = 0, run = null, objectPrototype = Object.prototype;
function failAt(record, x) { failedAt = record; failedValue = x; failPathLength = 0; return false; }
function pushSegment(segment) { failPathIsToken[failPathLength] = false; failPath[failPathLength++] = segment; return false; }
function pushToken(token) { failPathIsToken[failPathLength] = true; failPath[failPathLength++] = token; return false; }
function generalRun() { return run !== null ? run : (run = makeRun()); }
function notJson(x) { return typeof x === 'number' ? x - x !== 0 : typeof x !== 'string' && typeof x !== 'boolean' && typeof x !== 'object'; }`
  return { src, nodes, fn, prelude, functions: joinCode(functions, js`\n`), parts: functions, root: fn.get(root)! }
}

/**
 * The whole boolean pass from `root` as one module, or undefined when some reachable node needs
 * the general run (see `moduleSource`). `makeRun` gives a boolean-pass run for keywords without
 * an `emit`.
 */
export function generateModule(root: Node, makeRun: () => Run): GeneratedCheck | undefined {
  const m = moduleSource(root)
  if (m === undefined) return undefined
  const { src, nodes, fn } = m
  const built = src.build<GeneratedCheck & { enter(f: (x: unknown) => boolean, x: unknown): boolean; fns: ((x: unknown) => boolean)[] }>(js`${m.prelude}
${m.functions}
return {
  check: function (x) { depth = 0; run = null; failedAt = null; return ${m.root}(x); },
  enter: function (f, x) { depth = 0; run = null; failedAt = null; return f(x); },
  fns: [${joinCode(nodes.map((n) => fn.get(n)!), js`, `)}],
  failure: function () {
    if (failedAt === null) return null;
    for (var p = '', i = failPathLength - 1, s; i >= 0; i--) p += failPathIsToken[i] ? failPath[i] : typeof (s = failPath[i]) === 'number' ? '/' + s : '/' + escapeToken(s);
    return { node: failedAt.node, step: failedAt.step, instance: failedValue, pointer: p, depth: failPathLength, mirrors: failedAt.mirrors };
  },
};`, { makeRun, tooDeep: { tooDeep: true }, escapeToken: escapePointerToken })
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
