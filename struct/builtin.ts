/**
 * Node's built-in modules for struct derivation, reached at run time through
 * `process.getBuiltinModule` instead of a static `import 'node:…'`, so that no bundler follows
 * them into a browser or Worker bundle that merely imports the package.
 */

interface Builtins {
  'node:fs': typeof import('node:fs')
  'node:module': typeof import('node:module')
  'node:path': typeof import('node:path')
}

/**
 * The built-in module `name`. Called when a struct module loads (in Node) or a schema is derived.
 * @throws Error outside Node.js (struct derivation reads TypeScript files from disk)
 */
export function builtin<K extends keyof Builtins>(name: K): Builtins[K] {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule
  if (typeof get !== 'function') {
    throw new Error('schemavet/struct derives schemas from TypeScript files on disk and runs only in Node.js 20.16 or later (process.getBuiltinModule)')
  }
  return get(name) as Builtins[K]
}
