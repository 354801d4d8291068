/**
 * A small consumer of the main entry, bundled for `--platform=browser` by test/bundle.test.ts
 * (run in workerd) and test/browser/run.mjs (run in headless Chromium). It uses only what a
 * browser or Worker user would: newJSONSchema, applyDefaults, validate with the standard formats.
 * `runChecks()` returns one `{ name, ok, detail }` per check; nothing here throws.
 */
import { SchemaError, applyDefaults, newJSONSchema, newStructSchema } from 'schemavet'

const tool = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    when: { type: 'string', format: 'date-time' },
    site: { type: 'string', format: 'uri' },
    id: { type: 'string', format: 'uuid' },
    ip: { type: 'string', format: 'ipv4' },
    host: { type: 'string', format: 'hostname' },
    days: { type: 'integer', minimum: 1, default: 3 },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
  },
  required: ['email', 'days'],
  additionalProperties: false,
}

/** The message of what `f` throws, or undefined when it does not throw. */
function thrown(f) {
  try {
    f()
    return undefined
  } catch (e) {
    return `${e instanceof SchemaError ? 'SchemaError' : e?.name}: ${e?.message}`
  }
}

/** Whether this runtime lets code build functions from strings (Workers and strict CSPs do not). */
export function codeGenerationAllowed() {
  try {
    return new Function('return true')() === true
  } catch {
    return false
  }
}

export function runChecks() {
  const results = []
  const check = (name, f) => {
    try {
      const detail = f()
      results.push({ name, ok: detail === true, detail: detail === true ? undefined : detail })
    } catch (e) {
      results.push({ name, ok: false, detail: String(e?.stack ?? e) })
    }
  }
  const schema = newJSONSchema(tool)
  const input = { email: 'ada@example.com', when: '2026-11-26T10:00:00Z', site: 'https://example.com/a', id: '2c8e5b4e-3f1a-4a7e-9b1c-0d2e3f4a5b6c', ip: '192.0.2.1', host: 'example.com' }
  check('applyDefaults fills in defaults without touching the input', () => {
    const filled = applyDefaults(input, schema)
    return (filled.days === 3 && Array.isArray(filled.tags) && !('days' in input)) || JSON.stringify(filled)
  })
  check('validate accepts the defaulted value', () => schema.validate(applyDefaults(input, schema)) ?? true)
  check('validate names the format a value fails', () => {
    const error = newJSONSchema(tool, { allErrors: true }).validate({ ...input, days: 1, email: 'not an address', id: 'nope' })
    const formats = (error?.errors ?? []).filter((e) => e.keyword === 'format').map((e) => e.params.format).sort()
    return formats.join(',') === 'email,uuid' || JSON.stringify(error?.errors)
  })
  check('validate stays right past the code-generation threshold', () => {
    let wrong = 0
    for (let i = 0; i < 100; i++) {
      if (schema.validate({ ...input, days: i + 1 }) !== null) wrong++
      if (schema.validate({ ...input, days: 0 }) === null) wrong++
    }
    return wrong === 0 || `${wrong} wrong answers`
  })
  check('an IDN format without schemavet/idn is a SchemaError naming the entry', () => {
    const message = thrown(() => newJSONSchema({ type: 'string', format: 'idn-hostname' }))
    return /^SchemaError: .*schemavet\/idn/.test(message ?? '') || String(message)
  })
  check('a hostname with an xn-- label fails naming schemavet/idn, which checks it', () => {
    const error = newJSONSchema({ type: 'string', format: 'hostname' }).validate('xn--mnchen-3ya.de')
    return /xn-- label is checked only with 'schemavet\/idn' imported/.test(error?.message ?? '') || String(error?.message)
  })
  check('untrusted mode without schemavet/linear-regex is a SchemaError naming the entry', () => {
    const message = thrown(() => newJSONSchema({ type: 'string', pattern: '^a+$' }, { untrusted: true }))
    return /^SchemaError: .*schemavet\/linear-regex/.test(message ?? '') || String(message)
  })
  check('a hostname with an xn-- label is refused, not passed unchecked, without schemavet/idn', () => {
    return newJSONSchema({ type: 'string', format: 'hostname' }).validate('xn--bcher-kva.example') !== null || 'passed'
  })
  check('struct derivation where schemavet/struct cannot load is a SchemaError naming it', () => {
    const message = thrown(() => newStructSchema('./types.ts#T'))
    return /^SchemaError: .*schemavet\/struct/.test(message ?? '') || String(message)
  })
  return results
}
