/**
 * schemavet: JSON Schema for structured LLM output and agent tool calls. The package entry: the
 * seed interface and kernel (api.ts), plus structured generation and the model-facing renderer.
 */
export * from './api.ts'
export { NoObjectGeneratedError, formatForModel, generateObject, streamObject } from './integrations/index.ts'
export type {
  AsyncIterableStream,
  DeepPartial,
  FormatForModelOptions,
  GenerateObjectOptions,
  GenerateObjectResult,
  GenerationUsage,
  LanguageModelLike,
  StreamObjectOptions,
  StreamObjectResult,
} from './integrations/index.ts'
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
