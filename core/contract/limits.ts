/**
 * Limits of untrusted mode: their defaults, the schema snapshot (a copy read once, its size and
 * depth checked as it is read) that runs before anything else reads a schema, and the work meter of a validate call. Limits cost nothing unless set: a
 * schema compiled without them evaluates with the plain run (see `Driver.run`).
 */
import { SchemaError } from './errors.ts'
import type { ValidationIssue } from './errors.ts'
import type { ResolvedOptions } from './types.ts'

/**
 * Defaults of the limits in untrusted mode (`untrusted: true`); without it every limit is off
 * unless given. Sized for tool and model schemas (a few KB, a few hundred subschemas) with a
 * wide margin, and for a validate call of tens of milliseconds at most.
 */
export const UNTRUSTED_LIMITS = Object.freeze({
  /** Size of the schema document as JSON text, in UTF-16 code units (bytes for ASCII): 1 MiB. */
  maxSchemaBytes: 1_048_576,
  /** Nesting of objects and arrays in the schema document. */
  maxSchemaDepth: 128,
  /** Subschemas compiled (the root, every reachable subschema, referenced documents). */
  maxSchemaNodes: 10_000,
  /** `$ref`, `$dynamicRef` and `$recursiveRef` occurrences compiled. */
  maxRefs: 1_000,
  /**
   * Work units per evaluation pass of a validate call: one per subschema application plus one
   * per keyword of the applied subschema, and for regular expressions about one per 64
   * characters scanned (more for large patterns, and their one-time compile).
   */
  maxWork: 80_000,
})

/**
 * Work units of recording one issue (its message, an excerpt of the value, its path): measured
 * against an application in `bench/maxwork-bound.mjs`, where a failing union records an issue
 * per branch at every level of deep data.
 */
export const ISSUE_WORK = 16

/**
 * Work units per key of an object a keyword lists (`Object.keys`): listing the keys of a wide
 * object (a dictionary in the engine) costs several applications per key (`bench/maxwork-bound.mjs`).
 */
export const KEY_WORK = 4

/** The limit options, by name. */
export type LimitName = keyof typeof UNTRUSTED_LIMITS

/** How a compiled schema evaluates: its work budget and whether `maxErrors` always applies. */
export interface RunPolicy {
  readonly maxWork: number
  /** Stop collecting at `maxErrors` issues even without `allErrors` (untrusted mode). */
  readonly capErrors: boolean
}

/** The remaining budget of one evaluation pass. */
export interface Meter {
  left: number
}

/** Thrown when a pass runs out of work budget; aborts the whole evaluation (not an Error: cheap). */
export class WorkLimit {
  constructor(
    readonly max: number,
    readonly instancePath: string,
  ) {}

  /** The issue `validate` reports (and `applyDefaults` throws). */
  issue(): ValidationIssue {
    return {
      keyword: 'limit',
      instancePath: this.instancePath,
      schemaPath: '#',
      params: { limit: 'maxWork', max: this.max },
      message: `validation stopped: it used up its work budget (maxWork ${this.max}); the data or the schema is too large for this validator's limits`,
    }
  }
}

function tooLarge(option: LimitName, limit: number, what: string): SchemaError {
  return new SchemaError([{ schemaPath: '#', message: `${what} (${option} is ${limit})` }])
}

/** An object or array of a schema being copied: its copy, what is left to read, and what it adds up to. */
interface Frame {
  source: object
  copy: Record<string, unknown> | unknown[]
  /** Own enumerable keys (null for an array). */
  keys: string[] | null
  /** Entries left to read, read last first. */
  left: number
  depth: number
  /** Characters counted before this value's own. */
  before: number
  /** Levels of objects and arrays in it so far (itself included). */
  height: number
  copied: Copied
}

/** A copied object or array: read once, however often the schema refers to it. */
interface Copied {
  copy: unknown
  /** Its characters of JSON and its levels (known once `done`). */
  bytes: number
  height: number
  done: boolean
}

/**
 * The schema as it will be checked and compiled when `maxSchemaBytes` or `maxSchemaDepth` is set
 * (untrusted mode sets both): a copy made by reading each object's keys and each value once, with
 * the limits checked as it is read (the length of the JSON text `JSON.stringify` would write,
 * levels of objects and arrays: `{}` is 1, `{"a":{}}` is 2). Nothing after it reads the caller's
 * schema, so a getter or Proxy answering each read anew is read once, and cannot show the limits
 * one schema and the compile another. An object met twice is copied once and counted at each
 * place (as its JSON text would repeat it); one that contains itself is past any finite limit.
 * A non-JSON value (undefined, a function) is kept as it is and counts as `null`. Iterative, and
 * stops at the first limit passed: a huge, deep, self-containing or exponentially shared schema
 * costs at most the limit to reject. Returns `schema` itself when both limits are off.
 * @throws SchemaError
 */
export function snapshotSchema(schema: unknown, options: ResolvedOptions): unknown {
  const { maxSchemaBytes: maxBytes, maxSchemaDepth: maxDepth } = options
  if (maxBytes === Infinity && maxDepth === Infinity) return schema
  let bytes = 0
  const add = (n: number) => {
    if ((bytes += n) > maxBytes) throw tooLarge('maxSchemaBytes', maxBytes, `the schema is longer than ${maxBytes} characters of JSON`)
  }
  const tooDeep = () => tooLarge('maxSchemaDepth', maxDepth, `the schema nests objects and arrays deeper than ${maxDepth} levels`)
  const copies = new Map<object, Copied>()
  const frames: Frame[] = []
  /** The copy of `value` at `depth` (an object or array is filled in as its frame is read); its levels go to the frame below. */
  const enter = (value: unknown, depth: number, parent: Frame | null): unknown => {
    if (typeof value !== 'object' || value === null) {
      add(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value).length : 4)
      return value
    }
    const known = copies.get(value)
    if (known !== undefined) {
      // Being read still: the schema contains itself, as deep and as long as any limit.
      if (!known.done) {
        if (maxDepth !== Infinity) throw tooDeep()
        add(Infinity)
      }
      if (depth + known.height > maxDepth) throw tooDeep()
      add(known.bytes)
      if (parent !== null && known.height + 1 > parent.height) parent.height = known.height + 1
      return known.copy
    }
    if (depth >= maxDepth) throw tooDeep()
    const before = bytes
    let frame: Frame
    if (Array.isArray(value)) {
      const length = value.length
      add(length === 0 ? 2 : length + 1) // brackets and commas
      frame = { source: value, copy: new Array<unknown>(length), keys: null, left: length, depth, before, height: 1, copied: null as never }
    } else {
      const keys = Object.keys(value)
      add(keys.length === 0 ? 2 : keys.length + 1) // braces and commas
      for (const key of keys) add(JSON.stringify(key).length + 1) // the key and its colon
      frame = { source: value, copy: {}, keys, left: keys.length, depth, before, height: 1, copied: null as never }
    }
    frame.copied = { copy: frame.copy, bytes: 0, height: 0, done: false }
    copies.set(value, frame.copied)
    frames.push(frame)
    return frame.copy
  }
  const root = enter(schema, 0, null)
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!
    if (frame.left === 0) {
      frames.pop()
      const copied = frame.copied
      copied.bytes = bytes - frame.before
      copied.height = frame.height
      copied.done = true
      const parent = frames.length > 0 ? frames[frames.length - 1]! : null
      if (parent !== null && frame.height + 1 > parent.height) parent.height = frame.height + 1
      continue
    }
    const keys = frame.keys
    // First to last: the copy keeps the schema's key order (the order issues and defaults follow).
    const i = (keys === null ? (frame.copy as unknown[]).length : keys.length) - frame.left--
    if (keys === null) {
      ;(frame.copy as unknown[])[i] = enter((frame.source as unknown[])[i], frame.depth + 1, frame)
    } else {
      const key = keys[i]!
      const child = enter((frame.source as Record<string, unknown>)[key], frame.depth + 1, frame)
      const copy = frame.copy as Record<string, unknown>
      // An own key whatever its name (`__proto__` included), as in the schema.
      if (key === '__proto__') Object.defineProperty(copy, key, { value: child, writable: true, enumerable: true, configurable: true })
      else copy[key] = child
    }
  }
  return root
}

/** The `SchemaError` for a count limit passed while compiling (`maxSchemaNodes`, `maxRefs`). */
export function countExceeded(option: 'maxSchemaNodes' | 'maxRefs', limit: number, schemaPath: string): SchemaError {
  const what = option === 'maxSchemaNodes' ? 'subschemas' : 'references ($ref, $dynamicRef, $recursiveRef)'
  return new SchemaError([{ schemaPath, message: `too many ${what}: more than ${limit} (${option} is ${limit})` }])
}
