/**
 * `schemavet/struct`: schemas derived from TypeScript declarations (Node.js only). Importing this
 * entry registers the deriver, so `newStructSchema` and `kernel.newStructSchema` work (in Node the
 * main entry also loads it on the first call); it reads your project's own `typescript` package
 * (an optional peer dependency, 5.x or 6.x) when a schema is derived, or else TypeScript 6's API
 * from `@typescript/typescript6` (see struct/typescript.ts).
 */
import { provideStructDeriver } from './core/optional.ts'
import { deriveStruct } from './struct/index.ts'

provideStructDeriver(deriveStruct)

export { newStructSchema } from './api.ts'
export { deriveStruct, deriveStructSchema, structCacheStats } from './struct/index.ts'
