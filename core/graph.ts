/**
 * Cycle classification over the compiled graph. An in-place cycle (a strongly connected
 * component of in-place edges) never consumes input; only the references inside one carry a
 * run-time guard, so ordinary recursive schemas (trees through `properties`/`items`) pay nothing.
 */
import type { Handle, Node } from './node.ts'

/** Strongly connected components over the edges `follow` admits (iterative Tarjan). */
function components(nodes: readonly Node[], follow: (edge: Handle) => boolean): Map<Node, number> {
  const index = new Map<Node, number>()
  const low = new Map<Node, number>()
  const onStack = new Set<Node>()
  const stack: Node[] = []
  const component = new Map<Node, number>()
  let counter = 0
  let components = 0
  for (const start of nodes) {
    if (index.has(start)) continue
    const work: { node: Node; next: number }[] = [{ node: start, next: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const edges = frame.node.edges
      if (frame.next < edges.length) {
        const edge = edges[frame.next++]!
        if (!follow(edge)) continue
        const to = edge.node
        if (!index.has(to)) {
          index.set(to, counter)
          low.set(to, counter++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, next: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        let member: Node
        do {
          member = stack.pop()!
          onStack.delete(member)
          component.set(member, components)
        } while (member !== frame.node)
        components++
      }
    }
  }
  return component
}

/**
 * Marks the guarded handles (references inside an in-place cycle; every in-place edge of a
 * cycle without a reference, which only a schema object containing itself can make) and the
 * exhaustive nodes (those from which a guarded handle is reachable). Returns one entry per
 * cycle-carrying component: the locations around one cycle, for the `cycle` hook.
 */
export function classifyCycles(nodes: readonly Node[]): string[][] {
  const component = components(nodes, (e) => !e.child)
  const guardedBy = new Map<number, Handle[]>()
  const inComponent = (from: Node, edge: Handle) => !edge.child && component.get(from) === component.get(edge.node)
  for (const from of nodes) {
    for (const edge of from.edges) {
      if (!inComponent(from, edge)) continue
      const c = component.get(from)!
      const list = guardedBy.get(c) ?? []
      list.push(edge)
      guardedBy.set(c, list)
    }
  }
  const cycles: string[][] = []
  const sources = new Set<Node>()
  for (const [c, edges] of guardedBy) {
    const refs = edges.filter((e) => e.isRef)
    for (const e of refs.length > 0 ? refs : edges) e.guarded = true
    cycles.push(describeCycle(nodes, component, c))
  }
  for (const from of nodes) if (from.edges.some((e) => e.guarded)) sources.add(from)
  // Reverse reachability: every node that can reach a guarded edge evaluates exhaustively.
  const parents = new Map<Node, Node[]>()
  for (const from of nodes) {
    for (const edge of from.edges) {
      const list = parents.get(edge.node) ?? []
      list.push(from)
      parents.set(edge.node, list)
    }
  }
  const work = [...sources]
  for (const n of work) n.exhaustive = true
  while (work.length > 0) {
    const n = work.pop()!
    for (const p of parents.get(n) ?? []) {
      if (!p.exhaustive) {
        p.exhaustive = true
        work.push(p)
      }
    }
  }
  return cycles
}

/** One cycle through a component, as reference-target locations (`#/$defs/A -> ... -> #/$defs/A`). */
function describeCycle(nodes: readonly Node[], component: Map<Node, number>, c: number): string[] {
  const members = nodes.filter((n) => component.get(n) === c)
  const start = members[0]!
  // Breadth-first search back to `start` inside the component.
  const previous = new Map<Node, Node>()
  const queue: Node[] = [start]
  let closing: Node | undefined
  for (let i = 0; i < queue.length && closing === undefined; i++) {
    const n = queue[i]!
    for (const e of n.edges) {
      if (e.child || component.get(e.node) !== c) continue
      if (e.node === start) {
        closing = n
        break
      }
      if (!previous.has(e.node)) {
        previous.set(e.node, n)
        queue.push(e.node)
      }
    }
  }
  const path: Node[] = []
  for (let n: Node | undefined = closing; n !== undefined && n !== start; n = previous.get(n)) path.unshift(n)
  path.unshift(start)
  path.push(start)
  return path.map((n) => n.location)
}

/**
 * Where a recursive schema's evaluation counts nesting: the nodes entered through a child edge
 * (one that moves into the data) inside a cycle of the whole graph. Every cycle without an
 * in-place-only loop has such an edge, so the count grows with the data's depth, and the nodes
 * between two counted ones are a bounded in-place chain.
 */
export function depthCountedNodes(nodes: readonly Node[]): Set<Node> {
  const component = components(nodes, () => true)
  const out = new Set<Node>()
  for (const from of nodes) {
    for (const e of from.edges) {
      if (!e.child || out.has(e.node)) continue
      // Same component as a different node: both lie on a cycle.
      if (e.node === from || component.get(e.node) === component.get(from)) out.add(e.node)
    }
  }
  return out
}
