/**
 * UI messages (the AI SDK `UIMessage` shape) arriving from a client: the structure of messages and
 * of the part types the AI SDK defines is checked, and every value a caller-supplied schema covers
 * (metadata, data parts, tool input and output) is defaulted and validated. The result is a copy:
 * a new array of new message and part objects in which each checked value is its defaulted copy.
 * Parts of a type this module does not know pass through unchecked (as a new object with the same
 * fields), so a newer AI SDK's parts do not break an older schemavet. Each message and part is
 * read once, into the object that is checked and returned (a getter that answers anew cannot pass
 * a check with one value and be returned with another), and a hole in an array is a missing
 * message or part, reported as such.
 */
import type { ValidationError } from '../api.ts'
import { InvalidArgumentError, InvalidToolInputError, InvalidToolOutputError } from './errors.ts'
import { getOwn, parseWithDefaults, toSchema } from './parse-with-defaults.ts'
import type { SchemaInput } from './parse-with-defaults.ts'
import type { ToolSchemaSet } from './tool-call.ts'

/** One part of a UI message: `{ type, ... }`. */
export interface UIMessagePartLike {
  type: string
  [key: string]: unknown
}

/** A UI message: `{ id, role, metadata?, parts }`. */
export interface UIMessageLike {
  id: string
  role: 'system' | 'user' | 'assistant'
  metadata?: unknown
  parts: UIMessagePartLike[]
}

/** Options of `validateUIMessages` / `safeValidateUIMessages`. */
export interface ValidateUIMessagesOptions {
  /** The messages as received (unknown: this is untrusted input). */
  messages: unknown
  /** Schema of every message's `metadata` (checked even when absent, so a required metadata is enforced). */
  metadataSchema?: SchemaInput
  /** Schemas of data parts by name (`data-weather` → `weather`); given, every data part needs one. */
  dataSchemas?: Readonly<Record<string, SchemaInput>>
  /** Tools by name; given, the input and output of tool parts are checked against them. */
  tools?: ToolSchemaSet
}

/** The states of a tool part, in order. */
export const TOOL_STATES = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
] as const

/** One of `TOOL_STATES`. */
export type ToolState = (typeof TOOL_STATES)[number]

const TERMINAL: ReadonlySet<string> = new Set(['output-available', 'output-error', 'output-denied'])
const STRING = { type: 'string' }
const TEXT_STATE = { enum: ['streaming', 'done'] }

function shape(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties, required }
}

const MESSAGE = shape({ id: STRING, role: { enum: ['system', 'user', 'assistant'] }, parts: { type: 'array' } }, ['id', 'role', 'parts'])
const PART = shape({ type: STRING }, ['type'])

const STATIC_PARTS: Readonly<Record<string, Record<string, unknown>>> = {
  text: shape({ text: STRING, state: TEXT_STATE }, ['text']),
  reasoning: shape({ text: STRING, state: TEXT_STATE }, ['text']),
  'source-url': shape({ sourceId: STRING, url: STRING, title: STRING }, ['sourceId', 'url']),
  'source-document': shape({ sourceId: STRING, mediaType: STRING, title: STRING, filename: STRING }, ['sourceId', 'mediaType', 'title']),
  file: shape({ mediaType: STRING, url: STRING, filename: STRING }, ['mediaType', 'url']),
  'step-start': shape({}),
}
const DATA_PART = shape({ type: { type: 'string', pattern: '^data-' }, id: STRING })

const APPROVAL = shape({ id: STRING, approved: { type: 'boolean' }, reason: STRING }, ['id'])
const APPROVAL_RESPONDED = { ...APPROVAL, required: ['id', 'approved'] }
const APPROVAL_GRANTED = { ...APPROVAL_RESPONDED, properties: { ...APPROVAL.properties as object, approved: { const: true } } }
const APPROVAL_DENIED = { ...APPROVAL_RESPONDED, properties: { ...APPROVAL.properties as object, approved: { const: false } } }

/** What each state requires beyond the common fields (the AI SDK's discriminated union). */
const STATE_FIELDS: Record<ToolState, { properties: Record<string, unknown>; required: string[] }> = {
  'input-streaming': { properties: {}, required: [] },
  'input-available': { properties: {}, required: [] },
  'approval-requested': { properties: { approval: APPROVAL }, required: ['approval'] },
  'approval-responded': { properties: { approval: APPROVAL_RESPONDED }, required: ['approval'] },
  'output-available': { properties: { approval: APPROVAL_GRANTED, preliminary: { type: 'boolean' } }, required: [] },
  'output-error': { properties: { errorText: STRING, approval: APPROVAL_GRANTED }, required: ['errorText'] },
  'output-denied': { properties: { approval: APPROVAL_DENIED }, required: ['approval'] },
}

function toolPartShape(dynamic: boolean, state: ToolState): Record<string, unknown> {
  const fields = STATE_FIELDS[state]
  const common = { toolCallId: STRING, state: { const: state }, title: STRING, providerExecuted: { type: 'boolean' } }
  return shape(
    dynamic ? { ...common, toolName: STRING, ...fields.properties } : { ...common, ...fields.properties },
    dynamic ? ['toolCallId', 'state', 'toolName', ...fields.required] : ['toolCallId', 'state', ...fields.required],
  )
}

const TOOL_PART_STATE = shape({ toolCallId: STRING, state: { enum: [...TOOL_STATES] } }, ['toolCallId', 'state'])
const TOOL_PARTS = new Map(TOOL_STATES.map((s) => [s, toolPartShape(false, s)]))
const DYNAMIC_PARTS = new Map(TOOL_STATES.map((s) => [s, toolPartShape(true, s)]))

/** The tool a part calls: `tool-weather` → `weather`, a `dynamic-tool` part's `toolName`; else undefined. */
export function toolNameOfPart(part: UIMessagePartLike): string | undefined {
  if (part.type.startsWith('tool-')) return part.type.slice(5)
  if (part.type === 'dynamic-tool' && typeof part.toolName === 'string') return part.toolName
  return undefined
}

/**
 * Checks `value` against a structural shape.
 * @throws InvalidArgumentError (parameter `messages`) naming `field`
 */
export function checkShape(shapeSchema: Record<string, unknown>, value: unknown, field: string, what: string): void {
  const error = toSchema(shapeSchema).validator().validate(value)
  if (error !== null) throw structureError(field, value, `${what} ${error.message}`, error)
}

function structureError(field: string, value: unknown, detail: string, cause?: ValidationError): InvalidArgumentError {
  return new InvalidArgumentError({ parameter: 'messages', value, field, cause, message: `Invalid UI message at ${field}: ${detail}` })
}

/**
 * Validates UI messages and returns their defaulted copy (see the module comment). Metadata is
 * checked when `metadataSchema` is given; data parts when `dataSchemas` is given; tool parts when
 * `tools` is given: input from state `input-available` on (in `output-error` only when present,
 * and a mismatch there is accepted: the error already happened), output in `output-available`
 * against the tool's `outputSchema`. A `tool-<name>` part of an unknown tool is an error unless its
 * state is terminal (history may name tools no longer offered); a `dynamic-tool` part is checked
 * only when `tools` has its name. The input is never mutated.
 *
 * @throws InvalidArgumentError for missing or malformed messages and parts, an empty array, a
 *   data part without a schema, an unknown tool in a non-terminal state, and metadata or data that
 *   do not match (`cause`: the `ValidationError`)
 * @throws InvalidToolInputError / InvalidToolOutputError for tool input / output that do not match
 */
export function validateUIMessages<M extends UIMessageLike = UIMessageLike>(options: ValidateUIMessagesOptions): M[] {
  try {
    return validateAll<M>(options)
  } catch (e) {
    if (e instanceof Error && OUR_ERRORS.has(e.name)) throw e
    // Messages are untrusted input: one that cannot be read (a throwing getter or Proxy trap) is
    // an invalid argument, not an exception of ours.
    throw new InvalidArgumentError({ parameter: 'messages', value: undefined, message: `the messages could not be read: ${e instanceof Error ? e.message : String(e)}`, cause: e })
  }
}

const OUR_ERRORS = new Set(['InvalidArgumentError', 'InvalidToolInputError', 'InvalidToolOutputError', 'ValidationError', 'SchemaError'])

function validateAll<M extends UIMessageLike>(options: ValidateUIMessagesOptions): M[] {
  const { messages } = options
  if (messages === null || messages === undefined) {
    throw new InvalidArgumentError({ parameter: 'messages', value: messages, message: 'messages parameter must be provided' })
  }
  if (!Array.isArray(messages)) {
    throw new InvalidArgumentError({ parameter: 'messages', value: messages, message: 'messages must be an array of UI messages' })
  }
  if (messages.length === 0) {
    throw new InvalidArgumentError({ parameter: 'messages', value: messages, message: 'messages must not be empty' })
  }
  const out: M[] = []
  // every index, holes included (`map` would skip a hole and leave it in the result)
  for (let i = 0, n = messages.length; i < n; i++) out.push(validateMessage(messages[i], `messages[${i}]`, options) as M)
  return out
}

/** An object's own enumerable fields read once into a new object; anything else as it is. */
function readOnce(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : value
}

/** An array read once into a new dense array (a hole reads as undefined); anything else as it is. */
function itemsOnce(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  const out: unknown[] = []
  for (let i = 0, n = value.length; i < n; i++) out.push(value[i])
  return out
}

function validateMessage(message: unknown, field: string, options: ValidateUIMessagesOptions): UIMessageLike {
  const read = readOnce(message)
  if (read !== message) (read as { parts?: unknown }).parts = itemsOnce((read as { parts?: unknown }).parts)
  checkShape(MESSAGE, read, field, 'message')
  const m = read as UIMessageLike
  if (m.role !== 'assistant' && m.parts.length === 0) {
    throw structureError(`${field}.parts`, m.parts, `a ${m.role} message must contain at least one part`)
  }
  const parts: UIMessagePartLike[] = []
  for (let j = 0; j < m.parts.length; j++) parts.push(validatePart(m.parts[j], `${field}.parts[${j}]`, options))
  const copy: UIMessageLike = { ...m, parts }
  if (options.metadataSchema !== undefined) {
    const r = parseWithDefaults(options.metadataSchema, m.metadata, { field: `${field}.metadata`, entityId: m.id })
    if (!r.success) throw r.error
    if (r.value !== undefined || 'metadata' in m) copy.metadata = r.value
  }
  return copy
}

function validatePart(part: unknown, field: string, options: ValidateUIMessagesOptions): UIMessagePartLike {
  const read = readOnce(part)
  checkShape(PART, read, field, 'part')
  // `p` is this call's own object: the functions below copy it again before changing anything
  const p = read as UIMessagePartLike
  const known = getOwn(STATIC_PARTS, p.type)
  if (known !== undefined) {
    checkShape(known, p, field, `${p.type} part`)
    return p
  }
  if (p.type.startsWith('data-')) return validateDataPart(p, field, options)
  if (p.type.startsWith('tool-') || p.type === 'dynamic-tool') return validateToolPart(p, field, options)
  // A part type from a newer AI SDK (or a custom one): not ours to judge, but a new object all the same.
  return p
}

function validateDataPart(p: UIMessagePartLike, field: string, options: ValidateUIMessagesOptions): UIMessagePartLike {
  checkShape(DATA_PART, p, field, `${p.type} part`)
  if (options.dataSchemas === undefined) return { ...p }
  const name = p.type.slice(5)
  const id = typeof p.id === 'string' ? p.id : undefined
  const schema = getOwn(options.dataSchemas, name)
  if (schema === undefined) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: p.data,
      field: `${field}.data`,
      entityName: name,
      entityId: id,
      message: `No data schema found for data part "${name}" at ${field} (dataSchemas has: ${Object.keys(options.dataSchemas).join(', ') || 'none'})`,
    })
  }
  const r = parseWithDefaults(schema, p.data, { field: `${field}.data`, entityName: name, entityId: id })
  if (!r.success) throw r.error
  return { ...p, data: r.value }
}

function validateToolPart(p: UIMessagePartLike, field: string, options: ValidateUIMessagesOptions): UIMessagePartLike {
  const dynamic = p.type === 'dynamic-tool'
  checkShape(TOOL_PART_STATE, p, field, 'tool part')
  const state = p.state as ToolState
  checkShape((dynamic ? DYNAMIC_PARTS : TOOL_PARTS).get(state)!, p, field, `${p.type} part in state ${state}`)
  const copy: UIMessagePartLike = { ...p }
  if (options.tools === undefined) return copy
  const toolName = toolNameOfPart(p)!
  const toolCallId = p.toolCallId as string
  const tool = getOwn(options.tools, toolName)
  if (tool === undefined) {
    if (dynamic || TERMINAL.has(state)) return copy
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: p,
      field,
      entityName: toolName,
      entityId: toolCallId,
      message: `No tool schema found for tool part "${toolName}" at ${field} (state ${state}); known tools: ${Object.keys(options.tools).join(', ') || 'none'}`,
    })
  }
  if (state !== 'input-streaming' && (state !== 'output-error' || p.input !== undefined)) {
    const r = parseWithDefaults(tool.inputSchema, p.input, { field: `${field}.input`, entityName: toolName, entityId: toolCallId })
    if (r.success) copy.input = r.value
    else if (state !== 'output-error') {
      throw new InvalidToolInputError({
        toolName,
        toolInput: p.input,
        toolCallId,
        field: `${field}.input`,
        cause: r.validationError,
        message: `Invalid input for tool "${toolName}" at ${field}.input: ${r.validationError.message}`,
      })
    }
  }
  if (state === 'output-available' && tool.outputSchema !== undefined) {
    const r = parseWithDefaults(tool.outputSchema, p.output, { field: `${field}.output`, entityName: toolName, entityId: toolCallId })
    if (!r.success) {
      throw new InvalidToolOutputError({
        toolName,
        toolOutput: p.output,
        toolCallId,
        field: `${field}.output`,
        cause: r.validationError,
        message: `Invalid output of tool "${toolName}" at ${field}.output: ${r.validationError.message}`,
      })
    }
    copy.output = r.value
  }
  return copy
}

/** The outcome of `safeValidateUIMessages`. */
export type SafeValidateUIMessagesResult<M extends UIMessageLike = UIMessageLike> =
  | { success: true; data: M[] }
  | { success: false; error: Error }

/**
 * `validateUIMessages` without throwing: `{ success: true, data }` with the defaulted copy, or
 * `{ success: false, error }` with the error `validateUIMessages` would have thrown (including a
 * `SchemaError` for a malformed schema among the options).
 */
export function safeValidateUIMessages<M extends UIMessageLike = UIMessageLike>(options: ValidateUIMessagesOptions): SafeValidateUIMessagesResult<M> {
  try {
    return { success: true, data: validateUIMessages<M>(options) }
  } catch (e) {
    return { success: false, error: e instanceof Error ? e : new Error(String(e)) }
  }
}
