/**
 * Limits of untrusted mode: their defaults, the schema-size walk that runs before anything else
 * reads a schema, and the work meter of a validate call. Limits cost nothing unless set: a
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
  maxWork: 1_000_000,
})

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

/**
 * Checks `maxSchemaBytes` (the length of the schema's JSON text, as `JSON.stringify` would write
 * it) and `maxSchemaDepth` (levels of objects and arrays: `{}` is 1, `{"a":{}}` is 2) with an
 * iterative walk that stops at the first limit passed, so a huge, deep, self-containing or
 * exponentially shared schema object costs at most the limit to reject. No-op when both limits
 * are off. @throws SchemaError
 */
export function checkSchemaSize(schema: unknown, options: ResolvedOptions): void {
  const { maxSchemaBytes: maxBytes, maxSchemaDepth: maxDepth } = options
  if (maxBytes === Infinity && maxDepth === Infinity) return
  let bytes = 0
  const values: unknown[] = [schema]
  const depths: number[] = [0]
  const add = (n: number) => {
    if ((bytes += n) > maxBytes) throw tooLarge('maxSchemaBytes', maxBytes, `the schema is longer than ${maxBytes} characters of JSON`)
  }
  while (values.length > 0) {
    const value = values.pop()
    const depth = depths.pop()!
    if (typeof value !== 'object' || value === null) {
      // What JSON cannot hold (undefined, functions) counts as `null` would.
      add(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? JSON.stringify(value).length : 4)
      continue
    }
    if (depth >= maxDepth) throw tooLarge('maxSchemaDepth', maxDepth, `the schema nests objects and arrays deeper than ${maxDepth} levels`)
    if (Array.isArray(value)) {
      add(value.length === 0 ? 2 : value.length + 1) // brackets and commas
      for (let i = 0; i < value.length; i++) {
        values.push(value[i])
        depths.push(depth + 1)
      }
    } else {
      const record = value as Record<string, unknown>
      const keys = Object.keys(record)
      add(keys.length === 0 ? 2 : keys.length + 1) // braces and commas
      for (const key of keys) {
        add(JSON.stringify(key).length + 1) // the key and its colon
        values.push(record[key])
        depths.push(depth + 1)
      }
    }
  }
}

/** The `SchemaError` for a count limit passed while compiling (`maxSchemaNodes`, `maxRefs`). */
export function countExceeded(option: 'maxSchemaNodes' | 'maxRefs', limit: number, schemaPath: string): SchemaError {
  const what = option === 'maxSchemaNodes' ? 'subschemas' : 'references ($ref, $dynamicRef, $recursiveRef)'
  return new SchemaError([{ schemaPath, message: `too many ${what}: more than ${limit} (${option} is ${limit})` }])
}
