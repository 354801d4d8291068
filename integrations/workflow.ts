/**
 * Workflow tool input: a durable workflow serialises a tool call's input, and a later step (maybe
 * another process, maybe after a deploy) runs it. The input is checked when it is deserialised,
 * against the tool definition the step has now.
 */
import { InvalidToolInputError } from './errors.ts'
import { parseWithDefaults } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'

/** A serialisable tool definition: `inputSchema` (or the older `parameters`) describes the input. */
export interface SerializableToolDefinition {
  name?: string
  description?: string
  inputSchema?: SchemaInput
  /** Older name of `inputSchema`; used only when `inputSchema` is absent. */
  parameters?: SchemaInput
}

/**
 * Defaults and validates a workflow tool's input. `def.inputSchema` wins over `def.parameters`;
 * with neither, nothing is checked and `input` is returned as is. Otherwise returns the defaulted
 * copy; `input` is never mutated.
 * @throws InvalidToolInputError `workflow: invalid input for <name or "tool">: ...` (`cause`: the `ValidationError`)
 */
export function validateSerializableToolInput<T = unknown>(def: SerializableToolDefinition, input: unknown): T {
  const schema = def.inputSchema ?? def.parameters
  if (schema === undefined) return input as T
  const toolName = def.name ?? 'tool'
  const r = parseWithDefaults<T>(schema, input, { field: 'input', entityName: toolName })
  if (r.success) return r.value as T
  throw new InvalidToolInputError({
    toolName,
    toolInput: input,
    cause: r.validationError,
    message: `workflow: invalid input for ${toolName}: ${r.validationError.message}`,
  })
}
