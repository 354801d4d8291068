/**
 * schemavet: JSON Schema for structured LLM output and agent tool calls. The package entry: the
 * seed interface and kernel (api.ts), plus structured generation and the model-facing renderer.
 */
export * from './api.ts'
// From the modules themselves, not the integrations barrel: the main entry loads what these need
// and nothing of the other integrations (MCP, UI messages, workflows), which bundlers and Node's
// loader would otherwise evaluate on import.
export { NoObjectGeneratedError } from './integrations/errors.ts'
export type { GenerationUsage } from './integrations/errors.ts'
export { formatForModel } from './integrations/format-for-model.ts'
export type { FormatForModelOptions } from './integrations/format-for-model.ts'
export type { LanguageModelLike } from './integrations/language-model.ts'
export { generateObject } from './integrations/generate-object.ts'
export type { GenerateObjectOptions, GenerateObjectResult } from './integrations/generate-object.ts'
export { streamObject } from './integrations/stream-object.ts'
export type { AsyncIterableStream, DeepPartial, StreamObjectOptions, StreamObjectResult } from './integrations/stream-object.ts'
export { REPAIR_KINDS, parseModelOutput } from './repair/index.ts'
export type {
  ParseModelOutputFailure,
  ParseModelOutputOptions,
  ParseModelOutputResult,
  ParseModelOutputSuccess,
  RepairKind,
  RepairRecord,
  RepairSetting,
} from './repair/index.ts'
