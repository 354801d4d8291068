/**
 * The faster tier: a node's boolean-pass evaluator as generated code. The interpreter's loop calls
 * every keyword through one call site (megamorphic: V8 can neither specialise nor inline it); the
 * generated function gives each step its own call site, which stays monomorphic and inlinable.
 * Same steps, same order, same results; only the failure pass and nodes needing annotations or a
 * dynamic scope stay with the general evaluator. Code generation is found by trying once (edge
 * runtimes and a strict CSP forbid it); without it, or with `codegen: false`, nothing changes.
 */
import type { Evaluate, Node, Step } from './node.ts'
import type { EmitContext } from './types.ts'

let allowed: boolean | undefined

/** Whether this runtime lets us generate code (tried once). */
export function codegenAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = new Function('return true')() === true
    } catch {
      allowed = false
    }
  }
  return allowed
}

/** The generated evaluator of a node, or undefined when it must keep the general one. */
export function generateEvaluate(node: Node): Evaluate | undefined {
  if (node.pushScope || node.hasUnevaluated) return undefined
  const table = node.table
  const steps = [...new Set(table.flat())] as Step[]
  const names: string[] = []
  const values: unknown[] = []
  const locals: string[] = []
  const g: EmitContext = {
    exhaustive: node.exhaustive,
    constant(value: unknown): string {
      names.push(`k${names.length}`)
      values.push(value)
      return names[names.length - 1]!
    },
    local(): string {
      locals.push(`t${locals.length}`)
      return locals[locals.length - 1]!
    },
  }
  // Each step once: its own expression, or a call through its own call site.
  const code = new Map<Step, string>()
  for (const s of steps) {
    const emitted = s.definition.emit?.(s.compiled, g)
    code.set(s, emitted !== undefined ? `(${emitted})` : `${g.constant(s.validate)}(${g.constant(s.compiled)}, x, run)`)
  }
  const call = (s: Step) => code.get(s)!
  const branch = (t: number): string => {
    const list = table[t]!
    if (list.length === 0) return 'return true;'
    // Stopping at a failing step is safe even where a reference cycle is reachable: a false
    // boolean pass is always followed by the issue pass, which evaluates exhaustively and reports
    // the cycle. (Applicators that stop at a success, like anyOf, still read `ctx.exhaustive`.)
    return `return ${list.map(call).join(' && ')};`
  }
  const notJson = `return ${!node.asserts};`
  const body = `return function generated(x, run) {
  if (run.collecting || run.evaluated !== null) return run.evaluateNode(node, x);
  ${locals.length > 0 ? `var ${locals.join(', ')};` : ''}
  switch (typeof x) {
    case 'string': ${branch(0)}
    case 'number': if (x - x !== 0) ${notJson} ${branch(1)}
    case 'boolean': ${branch(2)}
    case 'object':
      if (x === null) { ${branch(3)} }
      if (Array.isArray(x)) { ${branch(4)} }
      ${branch(5)}
    default: ${notJson}
  }
}`
  const factory = new Function('node', ...names, body) as (...args: unknown[]) => Evaluate
  return factory(node, ...values)
}
