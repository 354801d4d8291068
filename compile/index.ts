/**
 * `schemavet/compile` (Node.js): schemas compiled ahead of time into modules that run where code
 * generation is forbidden (workerd, a strict CSP), with their TypeScript declarations. The CLI's
 * `schemavet compile` writes what `compileModule` returns.
 */
export { compileModule } from './module.ts'
export type { CompileModuleOptions, CompiledModule } from './module.ts'
