/**
 * Schema-driven coercions of a parsed value, only where the intent is unambiguous: a numeric
 * string where a number is wanted, `"true"`/`"false"` where a boolean is, a single value where
 * an array is, a string that matches exactly one enum member up to case and surrounding space,
 * `null` for a required member that is missing and may be null. Each change is recorded.
 *
 * Works in place on a value the caller owns (freshly parsed from the model's text), walking it
 * once with an explicit stack: linear in its size, whatever its depth.
 */
import type { SchemaHandle } from '../api.ts'
import { pointerOf } from './kinds.ts'
import type { PathNode, RepairKind, RepairRecord } from './kinds.ts'
import { repairMeter } from './meter.ts'
import { admits, admitsNull, effectiveTypes, shapeOf, typeOfValue } from './shape.ts'
import type { Shape, TypeName } from './shape.ts'

const MAX_BRANCH_DEPTH = 4
const NUMERIC = /^\s*-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\s*$/

/** A value to coerce; `wrapped`: it was just put into an array, so it is not wrapped again. */
type Slot = { holder: Record<string, unknown> | unknown[] | undefined; key: string | number; handles: readonly SchemaHandle[]; path: PathNode | undefined; wrapped?: boolean }

/** A value and the handles that apply to it; `shape` merges their in-place subschemas. */
function merged(handles: readonly SchemaHandle[]): Shape[] {
  return handles.map(shapeOf)
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function normal(s: string): string {
  return s.trim().toLowerCase()
}

/**
 * Coerces `root` against `handle` (in place where it is a container) and returns the possibly
 * replaced root. Only kinds `enabled` allows run; each change is pushed onto `records`.
 */
export function coerce(root: unknown, handle: SchemaHandle, enabled: (kind: RepairKind) => boolean, records: RepairRecord[]): unknown {
  const box = { root }
  const stack: Slot[] = [{ holder: undefined, key: 'root', handles: [handle], path: undefined }]
  const record = (kind: RepairKind, path: PathNode | undefined, from: unknown, to: unknown): void => {
    records.push({ kind, instancePath: pointerOf(path), from, to })
  }
  while (stack.length > 0) {
    repairMeter.steps++
    const slot = stack.pop()!
    const get = (): unknown => (slot.holder === undefined ? box.root : (slot.holder as Record<string | number, unknown>)[slot.key])
    const set = (v: unknown): void => {
      if (slot.holder === undefined) box.root = v
      else (slot.holder as Record<string | number, unknown>)[slot.key] = v
    }
    const shapes = chooseBranches(merged(slot.handles), get())
    let value = get()

    // Scalars first: the coerced value is then walked like any other.
    let wrapped = false
    for (const shape of shapes) {
      // One wrap per value, and none of a value just wrapped: a schema whose array items may be
      // arrays again would otherwise wrap without end.
      const allow = slot.wrapped === true || wrapped ? (k: RepairKind) => k !== 'wrap-array' && enabled(k) : enabled
      const next = coerceScalar(value, shape, allow, (kind, from, to) => record(kind, slot.path, from, to))
      if (next !== value) {
        if (Array.isArray(next) && !Array.isArray(value)) wrapped = true
        value = next
        set(value)
      }
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const hs: SchemaHandle[] = []
        for (const s of shapes) hs.push(...(s.tuple[i] ?? (i >= s.tuple.length ? s.items : [])))
        if (hs.length > 0) stack.push({ holder: value, key: i, handles: hs, path: { up: slot.path, seg: i }, wrapped })
      }
    } else if (isObject(value)) {
      const obj = value
      for (const key of Object.keys(obj)) {
        const hs: SchemaHandle[] = []
        for (const s of shapes) {
          const p = s.properties.get(key)
          let matched = p !== undefined
          if (p !== undefined) hs.push(...p)
          for (const pp of s.patternProperties) {
            if (pp.pattern.test(key)) {
              hs.push(pp.handle)
              matched = true
            }
          }
          if (!matched) hs.push(...s.additionalProperties)
        }
        if (hs.length > 0) stack.push({ holder: obj, key, handles: hs, path: { up: slot.path, seg: key } })
      }
      if (enabled('null-for-absent')) {
        for (const s of shapes) {
          for (const name of s.required) {
            if (Object.hasOwn(obj, name)) continue
            const p = s.properties.get(name)
            if (p === undefined || p.length === 0) continue
            const ps = merged(p)
            // A default fills it in later; null only where every subschema of the member allows it.
            if (ps.some((x) => x.hasDefault) || !ps.every(admitsNull)) continue
            Object.defineProperty(obj, name, { value: null, enumerable: true, writable: true, configurable: true })
            record('null-for-absent', { up: slot.path, seg: name }, undefined, null)
          }
        }
      }
    }
  }
  return box.root
}

/**
 * The shapes that apply to `value`: the given ones, plus for each `anyOf` / `oneOf` group the
 * branch the value fits best (its type, its enum, its required members, its members' types and
 * enums one level down), the first of equals.
 */
function chooseBranches(shapes: Shape[], value: unknown, depth = 0): Shape[] {
  // Branches that are themselves unions are followed a few levels down, not around a cycle.
  if (depth > MAX_BRANCH_DEPTH) return shapes
  const out = shapes
  let extended: Shape[] | undefined
  for (const s of shapes) {
    for (const group of s.branches) {
      const fits = group.map(shapeOf).map((b) => ({ b, score: fit(b, value) }))
      // The best fit; of equals, the first (the validator still judges the result, and the
      // records say what was changed).
      let best = 0
      let chosen: Shape | undefined
      for (const f of fits) {
        if (f.score > best) {
          best = f.score
          chosen = f.b
        }
      }
      if (chosen !== undefined) (extended ??= [...out]).push(...chooseBranches([chosen], value, depth + 1))
    }
  }
  return extended ?? out
}

/** How well `value` fits `shape` (0: not its type; higher: type, enum and members agree). */
function fit(shape: Shape, value: unknown): number {
  const t = typeOfValue(value)
  const types = effectiveTypes(shape)
  let score = 0
  if (admits(types, t)) score += 2
  else if (coercible(types, value)) score += 1
  else return 0
  if (shape.values !== undefined) {
    if (shape.values.includes(value)) score += 4
    else if (typeof value === 'string' && shape.values.some((m) => typeof m === 'string' && normal(m) === normal(value))) score += 2
    else return 0
  }
  if (isObject(value)) {
    for (const r of shape.required) {
      if (!Object.hasOwn(value, r)) return 0
    }
    for (const k of Object.keys(value)) {
      const hs = shape.properties.get(k)
      if (hs === undefined) continue
      score += 1
      // One level into the members: `{"type": "FIELD"}` fits the branch whose `type` enum has "field".
      for (const h of hs) score += memberFit(shapeOf(h), value[k])
    }
  }
  return score
}

/** A member's agreement with its property schema, not looking deeper (0 when it says nothing). */
function memberFit(shape: Shape, value: unknown): number {
  let score = 0
  if (shape.types !== undefined) score += admits(shape.types, typeOfValue(value)) ? 1 : -1
  if (shape.values !== undefined) {
    if (shape.values.includes(value)) score += 3
    else if (typeof value === 'string' && shape.values.some((m) => typeof m === 'string' && normal(m) === normal(value))) score += 2
    else score -= 2
  }
  return score
}

function coercible(types: ReadonlySet<TypeName> | undefined, value: unknown): boolean {
  if (types === undefined) return false
  if (types.has('array')) return true
  if (typeof value !== 'string') return false
  if ((types.has('number') || types.has('integer')) && NUMERIC.test(value)) return true
  return types.has('boolean') && (normal(value) === 'true' || normal(value) === 'false')
}

function coerceScalar(
  value: unknown,
  shape: Shape,
  enabled: (kind: RepairKind) => boolean,
  record: (kind: RepairKind, from: unknown, to: unknown) => void,
): unknown {
  const types = effectiveTypes(shape)
  const t = typeOfValue(value)
  if (types !== undefined && !admits(types, t)) {
    if (typeof value === 'string') {
      if ((types.has('number') || types.has('integer')) && enabled('number-from-string') && NUMERIC.test(value)) {
        const n = Number(value)
        if (Number.isFinite(n) && (types.has('number') || Number.isInteger(n))) {
          record('number-from-string', value, n)
          return enumMatch(n, shape, enabled, record)
        }
      }
      if (types.has('boolean') && enabled('boolean-from-string')) {
        const b = normal(value)
        if (b === 'true' || b === 'false') {
          record('boolean-from-string', value, b === 'true')
          return b === 'true'
        }
      }
    }
    if (types.has('array') && !Array.isArray(value) && enabled('wrap-array')) {
      record('wrap-array', value, [value])
      return [value]
    }
    return value
  }
  return enumMatch(value, shape, enabled, record)
}

/**
 * A string that is no member but matches exactly one up to case and surrounding space; or, in an
 * enum of numbers or booleans (`enum: [0, 1]`), the string form of one of them.
 */
function enumMatch(value: unknown, shape: Shape, enabled: (kind: RepairKind) => boolean, record: (kind: RepairKind, from: unknown, to: unknown) => void): unknown {
  const values = shape.values
  if (values === undefined || typeof value !== 'string' || values.includes(value)) return value
  if (NUMERIC.test(value) && enabled('number-from-string')) {
    const n = Number(value)
    if (values.includes(n)) {
      record('number-from-string', value, n)
      return n
    }
  }
  const b = normal(value)
  if ((b === 'true' || b === 'false') && enabled('boolean-from-string') && values.includes(b === 'true')) {
    record('boolean-from-string', value, b === 'true')
    return b === 'true'
  }
  if (!enabled('enum-match')) return value
  const want = normal(value)
  let found: string | undefined
  for (const m of values) {
    if (typeof m === 'string' && normal(m) === want) {
      if (found !== undefined && found !== m) return value
      found = m
    }
  }
  if (found === undefined) return value
  record('enum-match', value, found)
  return found
}
