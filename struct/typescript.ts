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
/**
 * TypeScript 6's compiler API as Microsoft publishes it beside TypeScript 7, whose `typescript`
 * package exports only its version (and an unstable out-of-process API under `unstable/`). Its
 * own command is `tsc6`; it carries TypeScript 6 as a dependency of its own (`@typescript/old`),
 * which npm hoists and whose `tsc` it then links over the project's unless that copy is installed
 * nested, hence `--install-strategy=nested` (recorded in the lockfile, so `npm ci` keeps it).
 */
const COMPAT = '@typescript/typescript6'
let loaded: TypeScript | undefined

/** The one command that makes struct derivation work, with or without a TypeScript of the project's own. */
export function typeScriptInstall(compat: string = COMPAT): string {
  return `npm install --save-dev --install-strategy=nested ${compat}`
}

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
 * The TypeScript compiler API, loaded with `require` on the first call and cached after that,
 * each package looked up first as seen from this package (a peer dependency resolves from here),
 * then from the working directory: the project's own `typescript` when it has the API (5.x,
 * 6.x); else TypeScript 6's API from `@typescript/typescript6`; else `typescript-6`, the alias an
 * earlier version of this message suggested. `name` and `compat` exist for tests (packages that
 * are not installed).
 * @throws Error giving the one install command (`typeScriptInstall()`) when no usable compiler is installed
 */
export function loadTypeScript(name: string = PACKAGE, compat: string = COMPAT): TypeScript {
  if (name === PACKAGE && loaded !== undefined) return loaded
  const found = find(name)
  let ts = found.ts !== undefined && hasCompilerApi(found.ts) ? found.ts : undefined
  for (const other of [compat, `${name}-6`]) {
    if (ts !== undefined) break
    const candidate = find(other).ts
    if (candidate !== undefined && hasCompilerApi(candidate)) ts = candidate
  }
  if (ts === undefined) {
    const has = found.ts === undefined ? `"${name}" is not installed` : `this project has TypeScript ${String(found.ts.version)}, whose package has no JavaScript compiler API`
    throw new Error(
      `schemavet: deriving a schema from a TypeScript declaration needs the compiler API of TypeScript 5.x or 6.x, and ${has}. ` +
        `Install TypeScript 6's API with: ${typeScriptInstall(compat)} (it adds only a tsc6 command; a tsc of the project's own stays as it is). ` +
        'Or generate the schema at build time with "schemavet struct" and ship the JSON.',
      { cause: found.failure },
    )
  }
  if (name === PACKAGE) loaded = ts
  return ts
}
