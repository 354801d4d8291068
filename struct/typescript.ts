/**
 * Loads the user's TypeScript compiler on first use. `typescript` is an optional peer
 * dependency: installing schemavet installs no compiler (and no `tsc` binary that could shadow
 * the project's own), and nothing pays for loading it until a struct schema is derived.
 */
import type * as TS from 'typescript'
import { builtin } from './builtin.ts'

/** The TypeScript compiler API module. */
export type TypeScript = typeof TS

const PACKAGE = 'typescript'
let loaded: TypeScript | undefined

/** Whether `e` says the module itself (not one of its files) could not be found. */
function notFound(e: unknown): boolean {
  return (e as { code?: unknown }).code === 'MODULE_NOT_FOUND'
}

/**
 * The TypeScript compiler API, loaded with `require` on the first call and cached after that:
 * first as seen from this package (a peer dependency resolves from here), then from the working
 * directory (a project that has `typescript` where schemavet's own lookup does not reach).
 * `name` exists for tests (a package that is not installed).
 * @throws Error naming the install command when the package is missing
 */
export function loadTypeScript(name: string = PACKAGE): TypeScript {
  if (name === PACKAGE && loaded !== undefined) return loaded
  const { createRequire } = builtin('node:module')
  const path = builtin('node:path')
  let ts: TypeScript | undefined
  let failure: unknown
  for (const from of [import.meta.url, path.join(process.cwd(), 'package.json')]) {
    try {
      ts = createRequire(from)(name) as TypeScript
      break
    } catch (e) {
      if (!notFound(e)) throw e
      failure = e
    }
  }
  if (ts === undefined) {
    throw new Error(
      `schemavet: deriving a schema from a TypeScript declaration needs the TypeScript compiler (5.x or 6.x), an optional peer dependency, and "${name}" is not installed. ` +
        `Install it with: npm install --save-dev ${name} (or generate the schema at build time with "schemavet struct" and ship the JSON).`,
      { cause: failure },
    )
  }
  if (name === PACKAGE) loaded = ts
  return ts
}
