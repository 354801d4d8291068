/**
 * Loads the TypeScript compiler on first use. It is an aliased optional dependency
 * (`typescript-6` = `typescript@~6.0`, the last release with a JavaScript compiler API) rather
 * than a peer, so projects on TypeScript 7 still install; and it is required lazily, so nothing
 * pays for its 9 MB until a struct schema is derived.
 */
import { createRequire } from 'node:module'
import type * as TS from 'typescript-6'

/** The TypeScript compiler API module. */
export type TypeScript = typeof TS

const PACKAGE = 'typescript-6'
let loaded: TypeScript | undefined

/**
 * The TypeScript compiler API, loaded with `require` on the first call and cached after that.
 * `name` exists for tests (a package that is not installed).
 * @throws Error saying how to install it when the package is missing
 */
export function loadTypeScript(name: string = PACKAGE): TypeScript {
  if (name === PACKAGE && loaded !== undefined) return loaded
  let ts: TypeScript
  try {
    ts = createRequire(import.meta.url)(name) as TypeScript
  } catch (e) {
    const code = (e as { code?: unknown }).code
    if (code !== 'MODULE_NOT_FOUND') throw e
    throw new Error(
      `schemavet: deriving a schema from a TypeScript declaration needs the TypeScript 6 compiler API, and the optional dependency "${name}" is not installed. ` +
        `Install it with: npm install ${name}@npm:typescript@~6.0 (or generate the schema at build time with "schemavet struct" and ship the JSON).`,
      { cause: e },
    )
  }
  if (name === PACKAGE) loaded = ts
  return ts
}
