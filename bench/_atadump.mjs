import { Validator } from 'ata-validator'
import { toolSchema, toolValid } from '/work/main/bench/workloads.mjs'
const v = new Validator(structuredClone(toolSchema), { useDefaults: false })
v.isValidObject(toolValid)
for (let i=0;i<100;i++) v.isValidObject(toolValid)
console.log(v.isValidObject.toString().slice(0, 6000))
console.log(Object.keys(v))
