import { Validator } from 'ata-validator'
import { hotWorkloads } from './workloads.mjs'
import { newJSONSchema } from '../dist/index.js'
for (const w of hotWorkloads) {
  const v = new Validator(structuredClone(w.schema), { useDefaults: false })
  const s = newJSONSchema(structuredClone(w.schema))
  const clones = Array.from({ length: 8 }, () => structuredClone(w.valid))
  const n = w.id === '4' ? 200 : w.id === '3' ? 2000 : w.id === '2' ? 20000 : 200000
  for (const [name, f] of [['ata', (d) => v.isValidObject(d)], ['sv', (d) => s.validate(d) === null]]) {
    for (let i = 0; i < 1000; i++) f(w.valid)
    let t = performance.now()
    for (let i = 0; i < n; i++) f(w.valid)
    const same = n / (performance.now() - t) * 1000
    t = performance.now()
    for (let i = 0; i < n; i++) f(clones[i & 7])
    const fresh = n / (performance.now() - t) * 1000
    console.log(w.id, name, 'same', same.toFixed(0), 'rotating clones', fresh.toFixed(0))
  }
}
