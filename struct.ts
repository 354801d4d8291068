/**
 * `schemavet/struct`: schemas derived from TypeScript declarations (Node.js only). Importing this
 * entry registers the deriver, so `newStructSchema` and `kernel.newStructSchema` work (in Node the
 * main entry also loads it on the first call); it reads your project's own `typescript` package
 * (an optional peer dependency: `npm install --save-dev typescript`) when a schema is derived.
 */
import { provideStructDeriver } from './core/optional.ts'
import { deriveStruct } from './struct/index.ts'

provideStructDeriver(deriveStruct)

export { newStructSchema } from './api.ts'
export { deriveStruct, deriveStructSchema, structCacheStats } from './struct/index.ts'
