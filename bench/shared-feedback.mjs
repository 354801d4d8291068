// Same-shape schemas with different constants (patterns, formats, const objects and decimal
// divisors): schemavet's generated code of such schemas is the same text, and V8's compilation
// cache then hands every validator of a shape one shared function and feedback vector. Does that
// slow a round-robin over N validators of one shape? Compare a run with the cache on against one
// with it off, several times alternating (the machine's noise is the yardstick):
//
//   npm run build && for i in 1 2 3; do node bench/shared-feedback.mjs 8; node --no-compilation-cache bench/shared-feedback.mjs 8; done
import { newJSONSchema } from '../dist/index.js'
const N = Number(process.argv[2] ?? 8)
const shapes = {
  pattern: (i) => ({ schema: { type: 'object', properties: { q: { type: 'string', pattern: `^${'abcdefgh'[i]}[0-9]+$` }, n: { type: 'integer', minimum: i } }, required: ['q'] }, data: { q: `${'abcdefgh'[i]}123`, n: 10 } }),
  format: (i) => ({ schema: { type: 'object', properties: { d: { type: 'string', format: ['date', 'email', 'uri', 'uuid', 'date-time', 'ipv4', 'hostname', 'time'][i] } } }, data: { d: ['2020-01-01', 'a@b.co', 'http://x.y/z', '123e4567-e89b-12d3-a456-426614174000', '2020-01-01T00:00:00Z', '1.2.3.4', 'example.com', '12:00:00Z'][i] } }),
  constObj: (i) => ({ schema: { type: 'object', properties: { k: { const: { v: i, w: [i] } }, m: { multipleOf: [0.01, 0.05, 0.1, 0.25, 0.02, 0.5, 0.001, 0.2][i] } } }, data: { k: { v: i, w: [i] }, m: 2 } }),
}
let sink = 0
for (const [name, make] of Object.entries(shapes)) {
  const vs = Array.from({ length: 8 }, (_, i) => { const { schema, data } = make(i); return { v: newJSONSchema(schema), data } })
  const used = vs.slice(0, N)
  for (const { v, data } of used) if (!v.isValid(data)) throw new Error(name + ' invalid')
  const t = (ms) => { let ops = 0; const t0 = performance.now(); let t1; do { for (let r = 0; r < 64; r++) for (const { v, data } of used) if (v.isValid(data)) sink++; ops += 64 * used.length; t1 = performance.now() } while (t1 - t0 < ms); return ops / (t1 - t0) * 1000 }
  t(400)
  const rs = []; for (let r = 0; r < 9; r++) rs.push(t(40))
  rs.sort((a, b) => a - b)
  console.log(`${name.padEnd(9)} N=${N} ${(rs[4] / 1e6).toFixed(2)}M/s`)
}
