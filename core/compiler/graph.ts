/**
 * Cycle classification over the compiled graph. An in-place cycle (a strongly connected
 * component of in-place edges) never consumes input; only the references inside one carry a
 * run-time guard, so ordinary recursive schemas (trees through `properties`/`items`) pay nothing.
 */
import type { Handle, Node } from '../evaluator/node.ts'

/**
 * Strongly connected components over every edge, or the in-place ones only (iterative Tarjan). The component
 * of a node is at its `id`; -1 for a node not in `nodes`. Typed arrays by id, not maps by node:
 * this runs on every compile with a reference, over every node. Indexed loops, not `for...of`:
 * this code runs before the engine optimizes it, where each step of an iterator allocates. `ids`: a bound on every id the
 * nodes and their edges hold, when the caller knows one (else found by a scan of the edges).
 * `starts`: where the depth-first search begins (all nodes unless given); a node reached from
 * none of them keeps component -1.
 */
function components(nodes: readonly Node[], inPlaceOnly: boolean, ids?: number, starts: readonly Node[] = nodes): Int32Array {
  let size = ids ?? 0
  if (ids === undefined) {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!
      if (n.id >= size) size = n.id + 1
      for (let j = 0; j < n.edges.length; j++) if (n.edges[j]!.node.id >= size) size = n.edges[j]!.node.id + 1
    }
  }
  const index = new Int32Array(size).fill(-1)
  const low = new Int32Array(size)
  const onStack = new Uint8Array(size)
  const component = new Int32Array(size).fill(-1)
  const stack: Node[] = []
  // The depth-first path: a node and the next of its edges to look at.
  const path: Node[] = []
  const next: number[] = []
  let counter = 0
  let components = 0
  for (let s = 0; s < starts.length; s++) {
    const start = starts[s]!
    if (index[start.id] !== -1) continue
    path.push(start)
    next.push(0)
    index[start.id] = low[start.id] = counter++
    stack.push(start)
    onStack[start.id] = 1
    while (path.length > 0) {
      const top = path.length - 1
      const node = path[top]!
      const edges = node.edges
      if (next[top]! < edges.length) {
        const edge = edges[next[top]!++]!
        if (inPlaceOnly && edge.child) continue
        const to = edge.node
        if (index[to.id] === -1) {
          index[to.id] = low[to.id] = counter++
          stack.push(to)
          onStack[to.id] = 1
          path.push(to)
          next.push(0)
        } else if (onStack[to.id] === 1) {
          low[node.id] = Math.min(low[node.id]!, index[to.id]!)
        }
        continue
      }
      path.pop()
      next.pop()
      if (path.length > 0) {
        const parent = path[path.length - 1]!
        low[parent.id] = Math.min(low[parent.id]!, low[node.id]!)
      }
      if (low[node.id] === index[node.id]) {
        let member: Node
        do {
          member = stack.pop()!
          onStack[member.id] = 0
          component[member.id] = components
        } while (member !== node)
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
export function classifyCycles(nodes: readonly Node[], reentered?: readonly Node[]): string[][] {
  // A compile's node list holds every node its edges reach, each at its id: no edge to scan for a larger one.
  // `reentered`: the nodes some edge reached after they were made. Every other edge is the one
  // that made its target, and those edges form a forest: a cycle needs an edge back to a node
  // made before, so searching from those nodes finds every cycle (a compile's references mostly
  // lead to objects whose subschemas sit under child edges: the in-place search from them is short).
  const component = components(nodes, true, nodes.length, reentered)
  const guardedBy = new Map<number, Handle[]>()
  for (let i = 0; i < nodes.length; i++) {
    const from = nodes[i]!
    for (let j = 0; j < from.edges.length; j++) {
      const edge = from.edges[j]!
      const c = component[from.id]!
      if (edge.child || c === -1 || c !== component[edge.node.id]) continue
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
  if (cycles.length === 0) return cycles
  for (const from of nodes) if (from.edges.some((e) => e.guarded)) sources.add(from)
  if (sources.size === 0) return cycles
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
function describeCycle(nodes: readonly Node[], component: Int32Array, c: number): string[] {
  const members = nodes.filter((n) => component[n.id] === c)
  const start = members[0]!
  // Breadth-first search back to `start` inside the component.
  const previous = new Map<Node, Node>()
  const queue: Node[] = [start]
  let closing: Node | undefined
  for (let i = 0; i < queue.length && closing === undefined; i++) {
    const n = queue[i]!
    for (const e of n.edges) {
      if (e.child || component[e.node.id] !== c) continue
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
  const component = components(nodes, false)
  const out = new Set<Node>()
  for (const from of nodes) {
    for (const e of from.edges) {
      if (!e.child || out.has(e.node)) continue
      // Same component as a different node: both lie on a cycle.
      if (e.node === from || component[e.node.id] === component[from.id]) out.add(e.node)
    }
  }
  return out
}
