/**
 * The targets `$dynamicRef` / `$recursiveRef` may reach at run time. Which resource's anchor wins
 * depends on the dynamic scope, so every resource's anchor of a requested name is compiled ahead
 * of time, and linked as an edge from the referring node (conservative, for cycle classification).
 */
import { Handle } from '../evaluator/node.ts'
import type { Node } from '../evaluator/node.ts'
import type { Resource } from '../documents/schema-index.ts'

export class DynamicAnchors {
  /** Some reference is dynamic: nodes track the dynamic scope. */
  used = false
  private readonly sources: { node: Node; name: string; keyword: string }[] = []
  private readonly handles = new Map<Resource, Map<string, Handle>>()

  /** Records that `node` refers dynamically to anchor `name` through `keyword`. */
  request(node: Node, name: string, keyword: string): void {
    this.used = true
    this.sources.push({ node, name, keyword })
  }

  /** The handle of a resource's dynamic anchor (compiled by `link`). */
  handle(resource: Resource, anchor: string): Handle {
    const handle = this.handles.get(resource)?.get(anchor)
    if (handle === undefined) throw new Error(`internal: dynamic anchor ${anchor} of ${resource.uri} was not compiled`)
    return handle
  }

  /**
   * Compiles each resource's anchors the requests name, until nothing new appears (compiling a
   * target may index more resources or request more anchors).
   */
  link(resources: () => Iterable<Resource>, compile: (target: unknown) => Node): void {
    if (this.sources.length === 0) return
    const linked = new Set<string>()
    for (let changed = true; changed; ) {
      changed = false
      for (const { node, name, keyword } of [...this.sources]) {
        for (const resource of [...resources()]) {
          if (!resource.dynamicAnchors.has(name)) continue
          let handles = this.handles.get(resource)
          if (handles === undefined) this.handles.set(resource, (handles = new Map()))
          let handle = handles.get(name)
          if (handle === undefined) {
            handle = new Handle(compile(resource.anchors.get(name)!), false, keyword, true)
            handles.set(name, handle)
            changed = true
          }
          const key = `${node.id} ${handle.node.id}`
          if (!linked.has(key)) {
            linked.add(key)
            node.edges = [...node.edges, handle] // set by the compile: frozen when empty
          }
        }
      }
    }
  }
}
