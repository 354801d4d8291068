/**
 * Whether `applyDefaults` could change a parsed value, answered from the compiled graph's view
 * without copying: defaults are filled in only at a missing member of an object or a missing
 * position of an array, so a value with every such place present (or whose schema holds no
 * `default` below it) comes back unchanged. Conservative: anything this walk does not follow
 * (branches, conditionals, unevaluated*, ...) with a default below it answers "maybe".
 * Clean text against a schema with defaults then costs a walk instead of a copy.
 */
import type { SchemaHandle } from '../api.ts'
import { repairMeter } from './meter.ts'

const IN_PLACE = new Set(['$ref', '$dynamicRef', '$recursiveRef', 'allOf'])

/** The handles from which a `default` can be reached, per root (walked once). */
const reaching = new WeakMap<SchemaHandle, ReadonlySet<SchemaHandle>>()

function reachingDefaults(root: SchemaHandle): ReadonlySet<SchemaHandle> {
  const known = reaching.get(root)
  if (known !== undefined) return known
  const parents = new Map<SchemaHandle, SchemaHandle[]>()
  const all: SchemaHandle[] = [root]
  const seen = new Set<SchemaHandle>([root])
  for (let i = 0; i < all.length; i++) {
    const h = all[i]!
    for (const e of h.inspect().subschemas) {
      const list = parents.get(e.handle)
      if (list === undefined) parents.set(e.handle, [h])
      else list.push(h)
      if (!seen.has(e.handle)) {
        seen.add(e.handle)
        all.push(e.handle)
      }
    }
  }
  const out = new Set<SchemaHandle>()
  const queue = all.filter((h) => h.hasDefault)
  for (const h of queue) out.add(h)
  for (let i = 0; i < queue.length; i++) {
    for (const p of parents.get(queue[i]!) ?? []) {
      if (!out.has(p)) {
        out.add(p)
        queue.push(p)
      }
    }
  }
  reaching.set(root, out)
  return out
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

/** False only when `applyDefaults(value, schema)` is sure to return a deep copy of `value`. */
export function defaultsMayApply(value: unknown, root: SchemaHandle): boolean {
  const reach = reachingDefaults(root)
  if (!reach.has(root)) return false
  const visited = new Map<object, Set<SchemaHandle>>()
  const stack: [unknown, SchemaHandle][] = [[value, root]]
  while (stack.length > 0) {
    repairMeter.steps++
    const [v, h] = stack.pop()!
    // Only containers get defaults filled in.
    if (typeof v !== 'object' || v === null || !reach.has(h)) continue
    let hs = visited.get(v)
    if (hs === undefined) visited.set(v, (hs = new Set()))
    if (hs.has(h)) continue
    hs.add(h)
    for (const e of h.inspect().subschemas) {
      const t = e.handle
      if (!reach.has(t)) continue
      if (IN_PLACE.has(e.keyword)) stack.push([v, t])
      else if (e.keyword === 'properties' && typeof e.path[0] === 'string') {
        if (!isObject(v)) continue
        if (!Object.hasOwn(v, e.path[0])) return true
        stack.push([v[e.path[0]], t])
      } else if ((e.keyword === 'additionalProperties' || e.keyword === 'patternProperties') && e.path.length <= 1) {
        // Which members these apply to is not worked out here: every member is walked with them.
        if (isObject(v)) for (const k of Object.keys(v)) stack.push([v[k], t])
      } else if ((e.keyword === 'prefixItems' || e.keyword === 'items') && typeof e.path[0] === 'number') {
        if (!Array.isArray(v)) continue
        if (e.path[0] >= v.length) return true
        stack.push([v[e.path[0]], t])
      } else if ((e.keyword === 'items' || e.keyword === 'additionalItems') && e.path.length === 0) {
        if (Array.isArray(v)) for (const x of v) stack.push([x, t])
      } else return true
    }
  }
  return false
}
