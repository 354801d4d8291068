// The main job, end to end: compile a tool-input schema once, fill defaults into a copy of the
// input, validate the copy, and show the errors a person (or a model, on retry) would act on.
import { readFileSync } from 'node:fs'
import { applyDefaults, formatForModel, newJSONSchema } from '../dist/index.js'

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'))

const schema = newJSONSchema(read('./tool-input.schema.json'), { allErrors: true })
console.log('schema: examples/tool-input.schema.json\n')

for (const file of ['valid.json', 'invalid.json']) {
  const input = read(`./${file}`)
  const value = applyDefaults(input, schema)
  const error = schema.validate(value)
  console.log(`── examples/${file}`)
  if (error === null) {
    console.log('valid. With defaults filled in (the input object itself is unchanged):')
    console.log(JSON.stringify(value, null, 2))
  } else {
    console.log(`invalid, ${error.errors.length} problems:`)
    for (const issue of error.errors) console.log(`  ${issue.instancePath || '(root)'}  ${issue.message}  [${issue.keyword}]`)
    console.log('\nthe same, written for a model to fix on retry (formatForModel):')
    console.log(formatForModel(error, { value }))
  }
  console.log()
}
