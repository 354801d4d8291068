/**
 * Standard Schema V1 (and the Standard JSON Schema trait) for every schemavet schema, so the
 * libraries that accept Standard Schema (AI SDK, MCP SDK v2, tRPC, Hono, TanStack...) take a
 * schemavet schema with no glue, and keep its defaults semantics: success carries the defaulted
 * copy, never the input.
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import type { AppliedResult } from './applied.ts'
import type { ValidationError, ValidationIssue } from '../contract/errors.ts'
import { copyJson } from '../documents/json.ts'
import type { SchemaConverter } from '../contract/types.ts'
import { parsePointer } from '../documents/pointer.ts'

/** What `~standard` needs from a validator. */
export interface StandardSource {
  /** Apply defaults, then validate the copy (`applyThenValidate` with the validator's kernel). */
  check(value: unknown): AppliedResult<unknown>
  jsonSchema(): unknown
  convert: SchemaConverter | undefined
}

/** The `~standard` value: Standard Schema V1 plus the JSON Schema trait. */
export type StandardProps<Input, Output> = StandardSchemaV1.Props<Input, Output> & StandardJSONSchemaV1.Props<Input, Output>

/** Keys and indices along an issue's instance path (indices as numbers where the data has an array). */
export function pathOf(issue: ValidationIssue, data: unknown): PropertyKey[] {
  let tokens: string[]
  try {
    tokens = parsePointer(issue.instancePath)
  } catch {
    return []
  }
  const path: PropertyKey[] = []
  let at = data
  for (const token of tokens) {
    const index = Array.isArray(at) && /^(0|[1-9][0-9]*)$/.test(token)
    path.push(index ? Number(token) : token)
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[token] : undefined
  }
  return path
}

function failure(error: ValidationError, data: unknown): StandardSchemaV1.FailureResult {
  return { issues: error.errors.map((issue) => ({ message: issue.message, path: pathOf(issue, data) })) }
}

/** Builds the frozen `~standard` object of a validator (once, on first access). */
export function standardProps<Input, Output>(source: StandardSource): StandardProps<Input, Output> {
  // `input` is the schema as written; the converter also describes the `output` side.
  const toJsonSchema = (options: StandardJSONSchemaV1.Options, side?: 'output'): Record<string, unknown> => {
    const target = options?.target ?? 'draft-2020-12'
    const schema = source.jsonSchema()
    if (source.convert !== undefined && (side !== undefined || target !== 'draft-2020-12')) return source.convert(schema, target, side)
    if (target !== 'draft-2020-12') throw new Error(`schemavet: JSON Schema target "${target}" is not supported`)
    // A fresh copy each call: consumers (the AI SDK) mutate what they get.
    const copy = copyJson(schema).copy
    return typeof copy === 'boolean' ? (copy ? {} : { not: {} }) : (copy as Record<string, unknown>)
  }
  return Object.freeze({
    version: 1 as const,
    vendor: 'schemavet',
    validate(value: unknown): StandardSchemaV1.Result<Output> {
      const result = source.check(value)
      return result.error === undefined ? { value: result.value as Output } : failure(result.error, result.checked)
    },
    jsonSchema: Object.freeze({ input: toJsonSchema, output: (options: StandardJSONSchemaV1.Options) => toJsonSchema(options, 'output') }),
  })
}
