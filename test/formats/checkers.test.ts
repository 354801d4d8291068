/**
 * The string format checkers (formats/) against the official JSON Schema Test Suite (draft
 * 2020-12, `optional/format`), read from the vendored copy in test/json-schema-test-suite. One
 * suite per group of formats; every string case is its own test. Non-string cases are skipped:
 * `format` ignores non-strings, so they say nothing about a checker.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { formatCheckers } from '../../formats/index.ts'

interface SuiteCase {
  description: string
  data: unknown
  valid: boolean
}

interface SuiteGroup {
  description: string
  schema: { format?: unknown }
  tests: SuiteCase[]
}

const FORMAT_DIR = new URL('../json-schema-test-suite/tests/draft2020-12/optional/format/', import.meta.url)

const GROUPS: readonly { title: string; formats: readonly string[] }[] = [
  { title: 'Date and time formats follow RFC 3339', formats: ['date-time', 'date', 'time'] },
  {
    title: 'Network formats follow the IP, host name and mailbox RFCs',
    formats: ['ipv4', 'ipv6', 'hostname', 'idn-hostname', 'email', 'idn-email'],
  },
  {
    title: 'URI formats follow RFC 3986, RFC 3987 and RFC 6570',
    formats: ['uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template'],
  },
  {
    title: 'Miscellaneous formats follow their grammars',
    formats: ['duration', 'uuid', 'json-pointer', 'relative-json-pointer', 'regex'],
  },
]

/** Every string case of every file in the format directory, with the format its schema names. */
function loadCases(): { format: string; group: string; test: SuiteCase & { data: string } }[] {
  const cases: { format: string; group: string; test: SuiteCase & { data: string } }[] = []
  for (const file of readdirSync(FORMAT_DIR).filter((name) => name.endsWith('.json')).sort()) {
    const groups = JSON.parse(readFileSync(new URL(file, FORMAT_DIR), 'utf8')) as SuiteGroup[]
    for (const group of groups) {
      const format = group.schema.format
      if (typeof format !== 'string') continue
      for (const test of group.tests) {
        if (typeof test.data === 'string') cases.push({ format, group: group.description, test: { ...test, data: test.data } })
      }
    }
  }
  return cases
}

const cases = loadCases()

for (const { title, formats } of GROUPS) {
  const formatSuite = suite(title)
  for (const format of formats) {
    const check = formatCheckers[format]
    formatSuite(`the "${format}" checker exists and the suite has string cases for it`, () => {
      assert.type(check, 'function')
      assert.ok(cases.some((c) => c.format === format))
    })
    if (check === undefined) continue
    for (const { test, group } of cases.filter((c) => c.format === format)) {
      const verdict = test.valid ? 'accepts' : 'rejects'
      formatSuite(`"${format}" ${verdict} ${JSON.stringify(test.data)}: ${group}, ${test.description}`, () => {
        assert.is(check(test.data), test.valid)
      })
    }
  }
  formatSuite.run()
}

const table = suite('The checker table holds exactly the formats of draft 2020-12')

table('its keys are the nineteen format names and every value is a function', () => {
  const expected = GROUPS.flatMap((g) => g.formats).sort()
  assert.equal(Object.keys(formatCheckers).sort(), expected)
  for (const name of expected) assert.type(formatCheckers[name], 'function')
})

table('it is frozen and inherits nothing, so "constructor" is not a format', () => {
  assert.ok(Object.isFrozen(formatCheckers))
  assert.is(formatCheckers['constructor'], undefined)
  assert.is(formatCheckers['toString'], undefined)
})

table('every format the suite names is covered by a group, apart from the unknown-format file', () => {
  const grouped = new Set(GROUPS.flatMap((g) => g.formats))
  const uncovered = [...new Set(cases.map((c) => c.format))].filter((f) => !grouped.has(f) && f !== 'unknown')
  assert.equal(uncovered, [])
})

table.run()

// The generated tier inlines the date and time scanner as statements: the same answers as the
// function on the suite's strings and on edge cases, and no inlining for what it cannot take.
const inline = suite('format checkers inlined into generated code')
inline('date, time and date-time inlined answer as the functions', async () => {
  const { INLINE_DATE_TIME } = await import('../../formats/date-time.ts')
  const { inline: inlined } = await import('../../core/codegen/inline.ts')
  const { js, literal } = await import('../../core/index.ts')
  const strings = new Set<string>(['2026-02-29T10:00:00Z', '2024-02-29t10:00:00.5z', '1998-12-31T23:59:60Z', '1998-12-31T15:59:60-08:00', '1998-12-31T23:59:60+01:00', '2026-11-21', '23:59:60Z', '10:00:00+24:00', ''])
  for (const c of loadCases()) strings.add(c.test.data)
  for (const [check, { fn, mode }] of INLINE_DATE_TIME) {
    const block = inlined(fn, [js`x`, literal(mode), js`String.prototype.charCodeAt`], () => js`t0`)
    assert.ok(block !== undefined, `${check.name} is inlined`)
    const compiled = new Function('x', `var ${block.test}; ${block.setup} return ${block.test};`) as (x: string) => boolean
    for (const s of strings) assert.is(compiled(s), check(s), `${check.name}(${JSON.stringify(s)})`)
  }
  const free = 1
  const refused = [(s: string) => s.length > free, function (s: string) { return s === 'a' }, function (s: string) { var n = s.length; return n > 0 }]
  for (const fn of refused) assert.is(inlined(fn as never, [js`x`], () => js`t0`), undefined, String(fn))
})
inline('email: the plain scan inlined accepts only what isEmail accepts, and every plain address', async () => {
  const { isEmail, plainEmail } = await import('../../formats/network.ts')
  const { inline: inlined } = await import('../../core/codegen/inline.ts')
  const { js } = await import('../../core/index.ts')
  const block = inlined(plainEmail, [js`x`, js`String.prototype.charCodeAt`], () => js`t0`)
  assert.ok(block !== undefined, 'plainEmail is inlined')
  const compiled = new Function('x', `var ${block.test}; ${block.setup} return ${block.test};`) as (x: string) => boolean
  const strings = new Set<string>(['ada.lovelace@example.com', 'a@b', 'a.@b', '.a@b', 'a..b@c', 'a@b.', 'a@.b', 'a@-b', 'a@b-', 'a@xn--b', 'a@b.XN--c', "!#$%&'*+-/=?^_`{|}~@x", '"a"@b', 'a@[1.2.3.4]', 'é@b', 'a@bé', 'a b@c', 'a@b_c', ''])
  strings.add(`${'a'.repeat(64)}@b`).add(`${'a'.repeat(65)}@b`).add(`a@${'b'.repeat(63)}`).add(`a@${'b'.repeat(64)}`).add(`a@${`${'b'.repeat(62)}.`.repeat(4)}c`)
  for (let c = 0; c < 0x2100; c++) strings.add(`a${String.fromCharCode(c)}b@c.d`).add(`ab@c${String.fromCharCode(c)}d`)
  for (const c of loadCases()) if (c.format === 'email' || c.format === 'idn-email') strings.add(c.test.data)
  let plain = 0
  for (const s of strings) {
    const answer = compiled(s)
    assert.is(answer, plainEmail(s, String.prototype.charCodeAt), `inline = function on ${JSON.stringify(s)}`)
    if (answer) plain++
    if (answer) assert.ok(isEmail(s), `plain only if isEmail: ${JSON.stringify(s)}`)
  }
  assert.ok(plain > 100, 'the scan accepts the common addresses')
})
inline.run()
