// Row 7, run by harness.mjs in a fresh process per library (node --expose-gc):
//   node --expose-gc bench/memory.mjs retain <library> <N>   heap retained per compiled schema
//   node --expose-gc bench/memory.mjs drop schemavet <N>     heap after compiling N and dropping them
// Prints one JSON line. Each schema is a distinct tool schema parsed fresh from text, compiled,
// used once (so lazily built parts exist), and then only the library's validator is kept: what
// the library holds on to (the schema document included, if it keeps it) is what is counted.
import { libraries } from './libs.mjs'
import { distinctTool } from './workloads.mjs'

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc')
const [mode, name, nText] = process.argv.slice(2)
const n = Number(nText)
const lib = libraries.find((l) => l.name === name)
if (lib === undefined) throw new Error(`unknown library ${name}`)

function settledHeap() {
  for (let i = 0; i < 4; i++) globalThis.gc()
  return process.memoryUsage().heapUsed
}

// Warm up: the library's lazily initialized module state is not per-schema cost.
const warm = []
for (let i = 0; i < 30; i++) {
  const { schema, valid } = distinctTool(900_000_000 + i)
  const f = lib.compileOwn(schema)
  if (f(valid) !== true) throw new Error(`${name} rejected a valid value`)
  warm.push(f)
}
warm.length = 0

if (mode === 'retain') {
  const start = settledHeap()
  const keep = new Array(n)
  for (let i = 0; i < n; i++) {
    const { schema, valid } = distinctTool(i)
    const f = lib.compileOwn(schema)
    f(valid)
    keep[i] = f
  }
  const end = settledHeap()
  console.log(JSON.stringify({ mode, name, n, start, end, perSchema: (end - start) / n, kept: keep.length }))
} else if (mode === 'drop') {
  const start = settledHeap()
  const checkpoints = []
  const every = Math.max(1, Math.floor(n / 5))
  let peak = start
  const t0 = performance.now()
  for (let i = 0; i < n; i++) {
    const { schema, valid } = distinctTool(i)
    const f = lib.compileOwn(schema)
    if (f(valid) !== true) throw new Error(`${name} rejected a valid value`)
    lib.release?.(schema)
    if ((i + 1) % every === 0) {
      const used = process.memoryUsage().heapUsed
      if (used > peak) peak = used
      checkpoints.push({ compiled: i + 1, heapUsed: settledHeap() })
    }
  }
  const seconds = (performance.now() - t0) / 1000
  const end = settledHeap()
  console.log(JSON.stringify({ mode, name, n, start, end, peak, checkpoints, seconds }))
} else {
  throw new Error(`unknown mode ${mode}`)
}
