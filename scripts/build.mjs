#!/usr/bin/env node
/**
 * The build (`npm run build`, and `prepare`: after `npm install` / `npm ci` in the project, before
 * `npm pack` / `npm publish`, and in npm's temporary clone when a project installs schemavet from
 * a git URL): declarations with tsc, JavaScript with esbuild.
 *
 * Entries come from package.json: every `./dist/….js` target of `exports` and `bin` is built from
 * the source file of the same path (`dist/struct/index.js` from `struct/index.ts`), so a new
 * entry needs only its exports line. Entries share code through chunks (`dist/chunks/`), so the
 * optional entries (`schemavet/idn`, `schemavet/linear-regex`, `schemavet/struct`) register into
 * the same module state as the main entry. Dependencies stay external except tapable, inlined
 * with its browser `util` shim: its CommonJS `require('util')` would otherwise break ESM bundles
 * for Node (it stays a dependency for its type declarations). No source maps: the sources are not in the package.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** Files loaded by URL at run time rather than imported (the JSON Lines worker of the CLI). */
const LOADED_BY_URL = ['dist/cli/jsonl-worker.js']

/** Every `./dist/*.js` string under an exports or bin value (conditions nest). */
function targets(value, into) {
  if (typeof value === 'string') {
    if (/^(\.\/)?dist\/.*\.js$/.test(value)) into.add(value.replace(/^\.\//, ''))
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) targets(v, into)
  }
  return into
}

const outputs = targets(pkg.bin ?? {}, targets(pkg.exports ?? {}, new Set(LOADED_BY_URL)))
const entryPoints = {}
for (const out of outputs) {
  const name = out.slice('dist/'.length, -'.js'.length)
  const source = `${name}.ts`
  if (!existsSync(join(root, source))) throw new Error(`build: ${out} (package.json) has no source ${source}`)
  entryPoints[name] = join(root, source)
}

rmSync(join(root, 'dist'), { recursive: true, force: true })

const tsc = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
})
if (tsc.status !== 0) process.exit(tsc.status ?? 1)

// What `typesVersions` and the `types@<5.4` conditions hand a TypeScript older than the floor,
// instead of errors deep in our types: no API, and (without skipLibCheck) an error that says why.
writeFileSync(
  join(root, 'dist/needs-typescript-5.4.d.ts'),
  [
    "// schemavet's types need TypeScript 5.4 or later (they use NoInfer): npm install --save-dev typescript@latest",
    'interface Floor { schemavet: "schemavet\'s types need TypeScript 5.4 or later: npm install --save-dev typescript@latest" }',
    'export interface SchemavetNeedsTypeScript54 extends Floor { schemavet: 0 }',
    '',
  ].join('\n'),
)

// tapable stays a dependency for its types (the hook table is public API) but its code is inlined.
const INLINED = new Set(['tapable'])
const tapableDir = dirname(createRequire(import.meta.url).resolve('tapable/package.json'))
/** tapable's sync hooks only, without its code generator (see scripts/build/tapable-*.cjs). */
const tapableWithoutCodegen = {
  name: 'tapable-without-codegen',
  setup(b) {
    b.onResolve({ filter: /^tapable$/ }, (args) =>
      args.importer.endsWith('tapable-sync.cjs') ? undefined : { path: join(root, 'scripts/build/tapable-sync.cjs') },
    )
    b.onResolve({ filter: /^\.\/HookCodeFactory(\.js)?$/ }, (args) =>
      args.importer.startsWith(tapableDir) ? { path: join(root, 'scripts/build/tapable-no-codegen.cjs') } : undefined,
    )
  },
}

const external = Object.keys(pkg.dependencies ?? {})
  .concat(Object.keys(pkg.peerDependencies ?? {}))
  .filter((name) => !INLINED.has(name))
await build({
  entryPoints,
  outdir: join(root, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  external: [...external, 'node:*'],
  alias: { util: 'tapable/lib/util-browser.js' },
  plugins: [tapableWithoutCodegen],
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'inline',
  // Every Object.freeze in the sources freezes a value made on the spot, so an unused one can go.
  // Marked pure here, it is also annotated /* @__PURE__ */ in dist/, so a user's bundler drops the
  // ones it does not reach: entries share chunks, and an unmarked call kept, for example, every
  // provider profile in a bundle that only validates.
  pure: ['Object.freeze'],
  logLevel: 'warning',
})
// `schemavet compile --standalone` writes the runtime entry into each module: prebuilt here as one
// script (every dependency inlined, nothing imported) that binds `schemavetRuntime`, so compiling
// needs no bundler at run time.
await build({
  entryPoints: [join(root, 'runtime/interpreter.ts')],
  outfile: join(root, 'dist/runtime-standalone.js'),
  bundle: true,
  format: 'iife',
  globalName: 'schemavetRuntime',
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  alias: { util: 'tapable/lib/util-browser.js' },
  plugins: [tapableWithoutCodegen],
  minify: true,
  legalComments: 'inline',
  pure: ['Object.freeze'],
  logLevel: 'warning',
})
console.log(`build: ${Object.keys(entryPoints).length} entries (${Object.keys(entryPoints).sort().join(', ')})`)
