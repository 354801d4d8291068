/**
 * schemavet: JSON Schema for structured LLM output and agent tool calls. The package entry.
 */
export * from './api.ts'
