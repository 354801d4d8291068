// CPU profile of schemavet alone on chosen benchmark rows, with a self-time summary.
//
//   node bench/profile.mjs [rows...] [--seconds=3] [--top=20]
//   rows: 1v 1i 2v 2i 3v 3i 4v 4i 5 5n (no meta-schema check) 6 3b 3a (guarded tree);
//   default: 1v 3v 4v 5
//
// Each row runs in its own `node --cpu-prof` child (profiles go to $TMPDIR/schemavet-prof);
// the summary lists the functions with the most self time, with file:line.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const opt = (name, dflt) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt)

if (args[0] === '--child') {
  const [, row, secondsText] = args
  const { applyDefaults, createKernel, newJSONSchema } = await import('../dist/index.js')
  await import('../dist/idn.js')
  await import('../dist/linear-regex.js')
  const W = await import('./workloads.mjs')
  const ms = Number(secondsText) * 1000
  let fn
  let data
  const hot = W.hotWorkloads.find((w) => row.startsWith(w.id) && row.length === 2)
  if (hot !== undefined) {
    const v = newJSONSchema(hot.schema)
    fn = (d) => v.validate(d) === null
    data = row.endsWith('v') ? hot.valid : hot.invalid
  } else if (row === '5' || row === '5n') {
    // 5n: the same without the meta-schema check (validateSchema: false)
    const options = row === '5n' ? { validateSchema: false } : undefined
    let id = 1
    fn = () => {
      const { schema, valid } = W.distinctTool(id++)
      return newJSONSchema(schema, options).validate(valid) === null
    }
  } else if (row === '6' || row === '3b') {
    const schema = row === '6' ? W.toolSchema : W.meetingSchema
    const v = newJSONSchema(schema)
    fn = (x) => v.validate(applyDefaults(x, v)) === null
    data = row === '6' ? W.toolSparse : W.meetingInput
  } else if (row === '3a') {
    const v = createKernel().newJSONSchema(W.guardCycleSchema)
    fn = (d) => v.validate(d) === null
    data = W.guardTree
  } else {
    throw new Error(`unknown row ${row}`)
  }
  let n = 0
  const t0 = performance.now()
  while (performance.now() - t0 < ms) {
    fn(data)
    n++
  }
  console.log(JSON.stringify({ row, ops: n, opsPerSec: (n * 1000) / (performance.now() - t0) }))
  process.exit(0)
}

const rows = args.filter((a) => !a.startsWith('--'))
const seconds = opt('seconds', 3)
const top = opt('top', 20)
const dir = path.join(os.tmpdir(), 'schemavet-prof')
const self = fileURLToPath(import.meta.url)
const root = path.dirname(path.dirname(self))

for (const row of rows.length > 0 ? rows : ['1v', '3v', '4v', '5']) {
  const out = path.join(dir, row)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const r = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${out}`, self, '--child', row, String(seconds)], { encoding: 'utf8' })
  if (r.status !== 0) {
    console.log(`row ${row}: failed\n${r.stderr}`)
    continue
  }
  const info = JSON.parse(r.stdout.trim().split('\n').at(-1))
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'))
  const profile = JSON.parse(readFileSync(path.join(out, file), 'utf8'))
  // Self time per node: samples attributed to it, times the mean sampling interval.
  const counts = new Map()
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
  const total = profile.samples.length
  const byFunction = new Map()
  for (const node of profile.nodes) {
    const c = counts.get(node.id) ?? 0
    if (c === 0) continue
    const f = node.callFrame
    const file = f.url.startsWith('file:') ? path.relative(root, fileURLToPath(f.url)) : f.url
    const where = file ? `${file}:${f.lineNumber + 1}` : ''
    const key = `${f.functionName || '(anonymous)'} ${where}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + c)
  }
  const ranked = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)
  console.log(`\nrow ${row}: schemavet ${info.opsPerSec.toFixed(1)} ops/s under the profiler; ${path.join(out, file)}`)
  console.log('  self%  function')
  for (const [k, c] of ranked) console.log(`  ${((100 * c) / total).toFixed(1).padStart(5)}  ${k}`)
}
