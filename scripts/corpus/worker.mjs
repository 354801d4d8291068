// Worker threads do not inherit tsx's loader on Node 20: load the TypeScript worker through it.
import { tsImport } from 'tsx/esm/api'

await tsImport('./worker.ts', import.meta.url)
