// The main job, end to end: compile a tool-input schema once, fill defaults into a copy of the
// input, validate the copy, and show the errors a person (or a model, on retry) would act on.
import { readFileSync } from 'node:fs'
import { applyDefaults, formatForModel, newJSONSchema } from '../dist/index.js'

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'))
const isObject = (v) => typeof v === 'object' && v !== null

/**
 * `value` as indented JSON, each line that `applyDefaults` added (absent from `input`) marked
 * `// default`, so the reader sees what the schema filled in, not only the result.
 */
function showDefaults(value, input, indent = '') {
  if (!isObject(value)) return JSON.stringify(value)
  const inner = indent + '  '
  const array = Array.isArray(value)
  const entries = array ? value.map((v, i) => [i, v]) : Object.entries(value)
  if (entries.length === 0) return array ? '[]' : '{}'
  const lines = entries.map(([key, v], i) => {
    const given = isObject(input) && Object.hasOwn(input, key)
    const text = showDefaults(v, given ? input[key] : undefined, inner)
    const comma = i < entries.length - 1 ? ',' : ''
    return `${inner}${array ? '' : `${JSON.stringify(key)}: `}${text}${comma}${given ? '' : '   // default'}`
  })
  return `${array ? '[' : '{'}\n${lines.join('\n')}\n${indent}${array ? ']' : '}'}`
}

/** JSON Pointers of what `applyDefaults` added to `input`. */
function defaultedPaths(value, input, at = '') {
  if (!isObject(value)) return []
  return Object.entries(value).flatMap(([key, v]) => {
    const here = `${at}/${key}`
    return isObject(input) && Object.hasOwn(input, key) ? defaultedPaths(v, input[key], here) : [here]
  })
}

/** One line per problem: the keyword's message already names the extra property, the allowed values, the value received. */
function describe(issue) {
  return `  ${issue.instancePath || '(root)'}  ${issue.message}  [${issue.keyword}]`
}

const schema = newJSONSchema(read('./tool-input.schema.json'), { allErrors: true })
console.log('schema: examples/tool-input.schema.json\n')

for (const file of ['valid.json', 'invalid.json']) {
  const input = read(`./${file}`)
  const value = applyDefaults(input, schema)
  const error = schema.validate(value)
  console.log(`── examples/${file}`)
  if (error === null) {
    console.log('valid. With defaults filled in (marked; the input object itself is unchanged):')
    console.log(showDefaults(value, input))
  } else {
    console.log(`defaults filled in first: ${defaultedPaths(value, input).join(', ') || 'none'}`)
    console.log(`invalid, ${error.errors.length} problems:`)
    for (const issue of error.errors) console.log(describe(issue))
    console.log('\nthe same, written for a model to fix on retry (formatForModel):')
    console.log(formatForModel(error, { value }))
  }
  console.log()
}
