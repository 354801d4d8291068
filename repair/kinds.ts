/**
 * The repairs `parseModelOutput` can make, the record each one leaves, and which are enabled.
 * A record is the only trace of a change: nothing is changed silently.
 */
import { appendPointer } from '../api.ts'

/** Every kind of repair, in the order the pipeline applies them (text, syntax, schema, defaults). */
export const REPAIR_KINDS = Object.freeze([
  'extract',
  'fence',
  'comment',
  'trailing-comma',
  'quote',
  'unquoted-key',
  'python-constant',
  'newline-in-string',
  'truncation',
  'number-from-string',
  'boolean-from-string',
  'wrap-array',
  'enum-match',
  'null-for-absent',
  'default',
] as const)

/** One kind of repair (see docs/repair.md for what each does). */
export type RepairKind = (typeof REPAIR_KINDS)[number]

/**
 * One change made to the model's output. `instancePath` is a JSON Pointer into the returned value
 * (the container being parsed, for syntax repairs). `from` and `to` are what was there and what
 * replaced it: text fragments for text and syntax repairs (long ones cut to 60 characters), JSON
 * values for schema repairs and defaults (`from` is undefined for something added).
 */
export interface RepairRecord {
  readonly kind: RepairKind
  readonly instancePath: string
  readonly from: unknown
  readonly to: unknown
}

/**
 * Which repairs run: `'all'` (the default), `'none'` (the text must be one JSON value as
 * `JSON.parse` reads it; defaults are still filled in and recorded), or an object whose `false`
 * entries turn single kinds off (`{ 'wrap-array': false, default: false }`).
 */
export type RepairSetting = 'all' | 'none' | { readonly [K in RepairKind]?: boolean }

/** The enabled kinds, as a predicate. Unknown kinds in an object are ignored. */
export function enabledKinds(setting: RepairSetting | undefined): (kind: RepairKind) => boolean {
  if (setting === undefined || setting === 'all') return () => true
  if (setting === 'none') return (kind) => kind === 'default'
  if (typeof setting !== 'object' || setting === null) return () => true
  const off = new Set<string>()
  for (const k of REPAIR_KINDS) if (Object.hasOwn(setting, k) && setting[k] === false) off.add(k)
  return (kind) => !off.has(kind)
}

const MAX_FRAGMENT = 60

/** A text fragment for a record, cut so records stay small whatever the text. */
export function fragment(text: string): string {
  return text.length <= MAX_FRAGMENT ? text : `${text.slice(0, MAX_FRAGMENT - 1)}…`
}

/** A place in a value being built or walked: its parent and its key there. */
export interface PathNode {
  readonly up: PathNode | undefined
  readonly seg: string | number | undefined
  /** Cached pointer (filled in by `pointerOf`). */
  at?: string
}

/**
 * The JSON Pointer of `node`, built once per node from its parent's: each node costs one string
 * concatenation (constant time in V8), so records deep in a value cost no more than shallow ones.
 * Iterative, so any depth is fine.
 */
export function pointerOf(node: PathNode | undefined): string {
  if (node === undefined) return ''
  const pending: PathNode[] = []
  let n: PathNode | undefined = node
  while (n !== undefined && n.at === undefined) {
    pending.push(n)
    n = n.up
  }
  let base = n?.at ?? ''
  for (let i = pending.length - 1; i >= 0; i--) {
    const p = pending[i]!
    base = p.seg === undefined ? base : appendPointer(base, p.seg)
    p.at = base
  }
  return base
}
