/**
 * Schema conversion for the Standard JSON Schema trait (`~standard.jsonSchema.input/output`):
 * the targets other than draft 2020-12, which the kernel hands out as a copy itself. Keyword
 * knowledge lives here, not in the kernel; a kernel gets it as `KernelSetup.convert`.
 */
import { copyJson } from '../core/index.ts'
import type { SchemaConverter } from '../core/index.ts'
import { outputSide } from './output.ts'
import { toDraft07 } from './draft07.ts'
import { toOpenApi30 } from './openapi30.ts'

export { toDraft07 } from './draft07.ts'
export { toOpenApi30 } from './openapi30.ts'

/** The targets `convertSchema` knows besides `draft-2020-12`. */
export const CONVERT_TARGETS = ['draft-07', 'openapi-3.0'] as const

/**
 * Converts a schema document (draft 2020-12, 2019-09 or draft-07, by its `$schema`; 2020-12
 * without one) to `target`:
 *
 * - `draft-07`: the same structure; `$defs` as `definitions` and every `$ref` into the document
 *   re-pointed, `prefixItems`/`items` as `items`/`additionalItems`, `dependentRequired` and
 *   `dependentSchemas` as `dependencies`, `$anchor` as a `#name` `$id`, a `$ref` with assertions
 *   beside it moved into `allOf` (draft-07 ignores `$ref` siblings).
 * - `openapi-3.0`: a self-contained Schema Object, every `$ref` inlined (so no `components` are
 *   needed), `null` in `type` as `nullable`, `const` as `enum`, numeric exclusive bounds in the
 *   boolean form, `if`/`then`/`else` and dependencies rewritten with `anyOf`/`not`.
 *
 * With `side` `output` (also for `draft-2020-12`), the schema first describes what
 * `~standard.validate` returns: each property with a `default` that `applyDefaults` is sure to
 * fill in is added to `required` (see output.ts).
 *
 * Runs once per call and returns a fresh object that shares nothing with `schema` (consumers
 * such as the AI SDK mutate what they get). A boolean schema becomes `{}` or `{ not: {} }`.
 * @throws Error for an unknown target, and (naming the keyword and its location) where the
 *   target cannot express the schema: `unevaluated*`, `$dynamicRef` and `$recursiveRef` in both;
 *   for `openapi-3.0` also recursive and external `$ref`s, tuples, `patternProperties`,
 *   `propertyNames`, `contains`
 */
export const convertSchema: SchemaConverter = (schema, target, side) => {
  if (side === 'output') schema = outputSide(copyJson(schema).copy)
  if (target === 'draft-07' || target === 'draft-2020-12') {
    const out = target === 'draft-07' ? toDraft07(schema) : copyJson(schema).copy
    return typeof out === 'boolean' ? (out ? {} : { not: {} }) : (out as Record<string, unknown>)
  }
  if (target === 'openapi-3.0') return toOpenApi30(schema)
  throw new Error(`schemavet: JSON Schema target "${target}" is not supported (supported: draft-2020-12, ${CONVERT_TARGETS.join(', ')})`)
}
