// Struct schemas: schemavet's newStructSchema against ts-json-schema-generator on one fixture.
//
//   npm run build && node bench/struct.mjs [--runs N]      (default 7 runs)
//
// Cold: a fresh child process per measurement, timed from before the library is imported until
// the first schema (test/fixtures/struct/shop.ts#Order) is in hand; that includes loading the
// TypeScript compiler, which both tools need. Warm: in that same process, a second type from the
// same file (#Customer). schemavet's figure includes compiling the schema into a validator;
// ts-json-schema-generator only generates. Children run in alternating order and each figure is
// the median over the runs. ts-json-schema-generator runs with its defaults (it type-checks the
// program first) and again with skipTypeCheck, its fast mode.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.dirname(here)
const fixture = path.join(root, 'test/fixtures/struct/shop.ts')
const FIRST = 'Order'
const SECOND = 'Customer'

const tools = {
  /** schemavet from the build: the top-level newStructSchema once api.ts exports it, else the deriver plus newJSONSchema. */
  async schemavet() {
    const api = await import('../dist/index.js')
    const newStructSchema =
      api.newStructSchema ??
      (await import('../dist/struct.js').then((s) => (type) => api.newJSONSchema(s.deriveStructSchema(type, {}))))
    return (name) => newStructSchema(`${fixture}#${name}`).jsonSchema()
  },
  async tsj() {
    const tsj = createRequire(import.meta.url)('ts-json-schema-generator')
    let generator
    return (name) => (generator ??= tsj.createGenerator({ path: fixture, type: name })).createSchema(name)
  },
  async 'tsj-skip-type-check'() {
    const tsj = createRequire(import.meta.url)('ts-json-schema-generator')
    let generator
    return (name) => (generator ??= tsj.createGenerator({ path: fixture, type: name, skipTypeCheck: true })).createSchema(name)
  },
}

/** In a child: time the first and the second schema, print them as JSON. */
async function child(name) {
  const t0 = performance.now()
  const derive = await tools[name]()
  const first = derive(FIRST)
  const t1 = performance.now()
  const second = derive(SECOND)
  const t2 = performance.now()
  // A schema that is not what it should be would make the timing meaningless.
  if (JSON.stringify(first).length < 1000 || JSON.stringify(second).length < 300) throw new Error(`${name}: unexpected schema`)
  process.stdout.write(JSON.stringify({ cold: t1 - t0, warm: t2 - t1 }))
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

async function main() {
  const at = process.argv.indexOf('--runs')
  const runs = at > 0 ? Number(process.argv[at + 1]) : 7
  const names = Object.keys(tools)
  const samples = Object.fromEntries(names.map((n) => [n, { cold: [], warm: [], process: [] }]))
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      const t0 = performance.now()
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name], { encoding: 'utf8' })
      const wall = performance.now() - t0
      const { cold, warm } = JSON.parse(out)
      samples[name].cold.push(cold)
      samples[name].warm.push(warm)
      samples[name].process.push(wall)
      console.error(`run ${run + 1}/${runs} ${name}: cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(1)} ms, process ${wall.toFixed(0)} ms`)
    }
  }
  const m = Object.fromEntries(names.map((n) => [n, { cold: median(samples[n].cold), warm: median(samples[n].warm), process: median(samples[n].process) }]))
  const ms = (x) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`
  const pkg = (p) => createRequire(import.meta.url)(`${p}/package.json`).version
  const tsjTs = createRequire(createRequire(import.meta.url).resolve('ts-json-schema-generator'))('typescript/package.json').version
  console.log(`# Struct schemas: ${path.relative(root, fixture)} (#${FIRST} cold, then #${SECOND} warm)`)
  console.log('')
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), median of ${runs} fresh processes per tool.`)
  console.log(`schemavet with typescript ${pkg('typescript')}; ts-json-schema-generator ${pkg('ts-json-schema-generator')} with typescript ${tsjTs}.`)
  console.log('')
  console.log('| tool | cold: import + first schema | warm: second type, same file | whole child process |')
  console.log('|---|---|---|---|')
  for (const n of names) console.log(`| ${n} | ${ms(m[n].cold)} | ${ms(m[n].warm)} | ${ms(m[n].process)} |`)
  console.log('')
  const s = m.schemavet
  console.log(`cold ratio schemavet / ts-json-schema-generator: ${(s.cold / m.tsj.cold).toFixed(2)}x (goal < 0.5x); against its skipTypeCheck mode: ${(s.cold / m['tsj-skip-type-check'].cold).toFixed(2)}x`)
  console.log(`warm: ${ms(s.warm)} (goal < 10 ms)`)
}

if (process.argv[2] === '--child') await child(process.argv[3])
else await main()
