/**
 * Generated defaults code for a compiled module's `applyDefaults`: per node, a function filling
 * one slot (a holder and its key) of the copy, walking the node's steps in keyword order as the
 * runtime's defaults walk does (`core/defaults.ts`): `default` inserts a fresh copy where the
 * value is missing, `properties`, `items`, `additionalProperties` fill the children of a plain
 * container of the copy, `$ref` and `allOf` fill the same slot. The copy is `copyJson`'s, as at
 * run time, so the caller's data is never touched.
 *
 * Written only for schemas whose walk is finite and shallow: no node met twice on a path (a
 * recursive schema's defaults may fill inside their own defaults, which the runtime bounds), at
 * most `MAX_DEPTH` slots deep (the runtime checks data that contains itself from depth 8 on), and
 * only the keywords above; otherwise undefined and the module asks the interpreter.
 */
import type { Handle, Node } from '../core/evaluator/node.ts'
import { additionalPropertiesKeyword } from '../plugins/applicator/additionalProperties.ts'
import { allOfKeyword } from '../plugins/applicator/allOf.ts'
import { itemsKeyword } from '../plugins/applicator/items.ts'
import { propertiesKeyword } from '../plugins/applicator/properties.ts'
import { refKeyword } from '../plugins/core/ref.ts'
import { defaultKeyword } from '../plugins/meta-data/default.ts'

/** Slots below the root a covered walk may reach (the runtime's loop check starts at depth 8). */
const MAX_DEPTH = 7

class NotCovered extends Error {}

function str(s: string): string {
  return JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/**
 * The defaults code from `root`, or undefined where it does not cover the compile. `express`
 * gives a constant's source form. Free names: `hasOwn`, `setOwn`, `copyJson`, `isPlainContainer`.
 * `none`: no step of the walk fills anything (the copy is the answer).
 */
export function defaultsCode(root: Node, express: (v: unknown) => string | undefined): { text: string; root: string; none: boolean } | undefined {
  const w = new DefaultsWriter(express)
  try {
    const name = w.fn(root, 0)
    return { text: w.text(), root: name ?? '', none: name === null }
  } catch (e) {
    if (e instanceof NotCovered) return undefined
    throw e
  }
}

class DefaultsWriter {
  /** Each node's function name, or null where its walk fills nothing (no call is written). */
  private readonly names = new Map<Node, string | null>()
  private readonly functions: string[] = []
  private readonly decls: string[] = []
  private readonly constants = new Map<unknown, string>()
  /** Nodes on the path being written (met again: a recursive walk). */
  private readonly onPath = new Set<Node>()

  constructor(private readonly express: (v: unknown) => string | undefined) {}

  text(): string {
    return [...this.decls, ...this.functions].join('\n')
  }

  private constant(v: unknown): string {
    let name = this.constants.get(v)
    if (name !== undefined) return name
    const e = this.express(v)
    if (e === undefined) throw new NotCovered()
    name = `d${this.constants.size}`
    this.constants.set(v, name)
    this.decls.push(`var ${name} = ${e};`)
    return name
  }

  /** The function filling a slot from `node` (`depth` slots below the root). */
  fn(node: Node, depth: number): string | null {
    if (depth > MAX_DEPTH || this.onPath.has(node)) throw new NotCovered()
    const known = this.names.get(node)
    // A node written already is written at its shallowest depth first (breadth does not matter: every
    // use is checked against the bound as it is written).
    if (known !== undefined && !this.deeper(node, depth)) return known
    const name = `defaults${node.id}`
    if (known === undefined) this.names.set(node, null)
    this.depths.set(node, depth)
    this.onPath.add(node)
    try {
      const body: string[] = []
      for (const step of node.steps) {
        const d = step.definition
        if (d.defaults === undefined) continue
        if (d === defaultKeyword) {
          const value = this.constant((step.compiled as { value: unknown }).value)
          body.push(`if ((hasOwn(h, k) ? h[k] : undefined) === undefined) setOwn(h, k, copyJson(${value}).copy);`)
        } else if (d === propertiesKeyword) {
          const children = (step.compiled as [string, Handle][]).map(([n, handle]) => this.call(this.child(handle, depth), `x, ${str(n)}`)).filter((c) => c !== '')
          if (children.length > 0) body.push(`x = hasOwn(h, k) ? h[k] : undefined; if (typeof x === 'object' && x !== null && isPlainContainer(x) && !Array.isArray(x)) { ${children.join(' ')} }`)
        } else if (d === itemsKeyword) {
          const c = step.compiled as { handle: Handle; from: number }
          const call = this.call(this.child(c.handle, depth), 'x, i')
          if (call !== '') body.push(`x = hasOwn(h, k) ? h[k] : undefined; if (typeof x === 'object' && x !== null && Array.isArray(x)) for (var i = ${c.from}; i < x.length; i++) ${call}`)
        } else if (d === additionalPropertiesKeyword) {
          const a = step.compiled as { handle: Handle; named: Set<string>; patterns: readonly unknown[] }
          if (a.patterns.length > 0) throw new NotCovered()
          const call = this.call(this.child(a.handle, depth), 'x, ks[i]')
          if (call !== '') body.push(`x = hasOwn(h, k) ? h[k] : undefined; if (typeof x === 'object' && x !== null && isPlainContainer(x) && !Array.isArray(x)) for (var ks = Object.keys(x), i = 0; i < ks.length; i++) if (hasOwn(x, ks[i]) && !${this.constant(a.named)}.has(ks[i])) ${call}`)
        } else if (d === refKeyword) {
          body.push(this.call(this.same(step.compiled as Handle, depth), 'h, k'))
        } else if (d === allOfKeyword) {
          for (const b of step.compiled as Handle[]) body.push(this.call(this.same(b, depth), 'h, k'))
        } else {
          throw new NotCovered()
        }
      }
      const parts = body.filter((b) => b !== '')
      if (parts.length === 0) return null
      if (known === undefined) {
        this.names.set(node, name)
        this.functions.push(`function ${name}(h, k) { var x; ${parts.join('\n')} }`)
      }
      return name
    } finally {
      this.onPath.delete(node)
    }
  }

  private readonly depths = new Map<Node, number>()

  /** `node` is used deeper than it was written for: its children are checked again from there. */
  private deeper(node: Node, depth: number): boolean {
    return depth > this.depths.get(node)!
  }

  private call(name: string | null, args: string): string {
    return name === null ? '' : `${name}(${args});`
  }

  private child(h: Handle, depth: number): string | null {
    if (h.guarded) throw new NotCovered()
    return this.fn(h.node, depth + 1)
  }

  private same(h: Handle, depth: number): string | null {
    if (h.guarded) throw new NotCovered()
    return this.fn(h.node, depth)
  }
}
