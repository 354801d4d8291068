#!/usr/bin/env node
/**
 * Import time of each library's main entry in a fresh process (`node bench/import-time.mjs
 * [runs]`, after `npm run build` and `npm --prefix bench install`): each run spawns one Node
 * process per library, interleaved, that times `await import(entry)` with `performance.now()`;
 * the table gives medians (and the process's whole wall time, Node's own start-up included).
 * Peers: ajv (alone, and with ajv-formats, which schemavet's standard formats correspond to),
 * ata-validator and @cfworker/json-schema, resolved from bench/node_modules.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const benchRequire = createRequire(join(here, 'package.json'))
const url = (id) => pathToFileURL(benchRequire.resolve(id)).href
const runs = Number(process.argv[2] ?? 21)

/** What each process imports: a list of module URLs, imported in order. */
const LIBRARIES = {
  'schemavet (main entry)': [pathToFileURL(join(here, '../dist/index.js')).href],
  ajv: [url('ajv')],
  'ajv + ajv-formats': [url('ajv'), url('ajv-formats')],
  'ata-validator': [url('ata-validator')],
  '@cfworker/json-schema': [url('@cfworker/json-schema')],
}

/** One fresh process importing `urls`: [import ms, process wall ms]. */
function once(urls) {
  const code = `const t = performance.now(); for (const u of ${JSON.stringify(urls)}) await import(u); console.log(performance.now() - t)`
  const start = process.hrtime.bigint()
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' })
  const wall = Number(process.hrtime.bigint() - start) / 1e6
  if (r.status !== 0) throw new Error(`import of ${urls.join(', ')} failed:\n${r.stderr}`)
  return [Number(r.stdout.trim()), wall]
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const samples = Object.fromEntries(Object.keys(LIBRARIES).map((name) => [name, { imports: [], walls: [] }]))
for (let i = 0; i < runs; i++) {
  for (const [name, urls] of Object.entries(LIBRARIES)) {
    const [imported, wall] = once(urls)
    samples[name].imports.push(imported)
    samples[name].walls.push(wall)
  }
}

const ajvImport = median(samples.ajv.imports)
const lines = [
  `Import of each main entry in a fresh process, median of ${runs} interleaved runs (Node ${process.version}, ${new Date().toISOString().slice(0, 10)}):`,
  '',
  '| library | import (ms) | vs ajv | process wall (ms) |',
  '|---|---:|---:|---:|',
]
for (const [name, s] of Object.entries(samples)) {
  const m = median(s.imports)
  lines.push(`| ${name} | ${m.toFixed(1)} | ${(m / ajvImport).toFixed(2)}x | ${median(s.walls).toFixed(0)} |`)
}
console.log(lines.join('\n'))
// The last run's table is kept beside the other results.
writeFileSync(join(here, 'RESULTS.import-time.md'), `# Import time\n\n${lines.join('\n')}\n\nMade by \`npm run bench:import\` (bench/import-time.mjs).\n`)
