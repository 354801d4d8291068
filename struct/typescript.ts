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

/** `name` required from this package, then from the working directory; undefined when absent. */
function find(name: string): { ts: TypeScript | undefined; failure: unknown } {
  const { createRequire } = builtin('node:module')
  const path = builtin('node:path')
  let failure: unknown
  for (const from of [import.meta.url, path.join(process.cwd(), 'package.json')]) {
    try {
      return { ts: createRequire(from)(name) as TypeScript, failure: undefined }
    } catch (e) {
      if (!notFound(e)) throw e
      failure = e
    }
  }
  return { ts: undefined, failure }
}

/** Whether `ts` has the JavaScript compiler API this derivation uses (5.x and 6.x do; the native 7 does not). */
function hasCompilerApi(ts: TypeScript): boolean {
  return typeof ts.createProgram === 'function' && typeof ts.version === 'string' && Number(ts.version.split('.')[0]) < 7
}

/**
 * The TypeScript compiler API, loaded with `require` on the first call and cached after that:
 * first as seen from this package (a peer dependency resolves from here), then from the working
 * directory (a project that has `typescript` where schemavet's own lookup does not reach). A
 * project on TypeScript 7, which has no JavaScript compiler API, can install 6 beside it under
 * the alias `typescript-6`, which is tried next. `name` exists for tests (a package that is not
 * installed).
 * @throws Error naming the install command when no usable compiler is installed
 */
export function loadTypeScript(name: string = PACKAGE): TypeScript {
  if (name === PACKAGE && loaded !== undefined) return loaded
  const found = find(name)
  let ts = found.ts
  if (ts !== undefined && !hasCompilerApi(ts)) {
    const alias = find(`${name}-6`).ts
    if (alias === undefined || !hasCompilerApi(alias)) {
      throw new Error(
        `schemavet: deriving a schema from a TypeScript declaration needs the compiler API of TypeScript 5.x or 6.x, and this project has TypeScript ${String(ts.version)}. ` +
          `Install 6 beside it under an alias: npm install --save-dev ${name}-6@npm:typescript@~6.0 (or generate the schema at build time with "schemavet struct" and ship the JSON).`,
      )
    }
    ts = alias
  }
  if (ts === undefined) {
    throw new Error(
      `schemavet: deriving a schema from a TypeScript declaration needs the TypeScript compiler (5.x or 6.x), an optional peer dependency, and "${name}" is not installed. ` +
        `Install it with: npm install --save-dev ${name} (or generate the schema at build time with "schemavet struct" and ship the JSON).`,
      { cause: found.failure },
    )
  }
  if (name === PACKAGE) loaded = ts
  return ts
}
