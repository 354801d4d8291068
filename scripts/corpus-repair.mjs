#!/usr/bin/env node
/**
 * Repair benchmark over the real-world corpus (`../shared/corpus/maskbench`, relative to the
 * project root; see its SOURCE.md). Every valid instance is corrupted the ways models corrupt JSON
 * and handed to `parseModelOutput`; a repair counts when the value comes back deep-equal to the
 * original after defaults, with a record of the expected kind. Type corruptions count only where
 * the corrupted value fails the schema. Invalid instances, given as clean JSON, must never come
 * back `success: true` without a record of what changed. jsonrepair followed by applyDefaults and
 * validate runs side by side on the same texts.
 *
 *   node --import tsx scripts/corpus-repair.mjs [--limit N] [--json out.json]
 *
 * Exits 1 when a Done-when bound is missed (syntax < 99%, type < 95%, or an unexplained success).
 * Without the corpus it prints one `corpus:repair: SKIPPED` line saying why and exits 0.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { jsonrepair } from 'jsonrepair'
import { REPAIR_KINDS, applyDefaults, newJSONSchema, parseModelOutput } from '../index.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const corpus = join(root, '..', 'shared', 'corpus', 'maskbench')
if (!existsSync(corpus)) {
  console.log(`corpus:repair: SKIPPED, nothing measured: no corpus at ${corpus} (the real-world corpus sits beside the project in ../shared/corpus and is not part of the repository)`)
  process.exit(0)
}
const args = process.argv.slice(2)
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined
const verbose = args.includes('--verbose')

// ---- corruption operators -------------------------------------------------------------------

/** JSON text written by `leaf`/`open` rules: single quotes, trailing commas. */
function write(value, { quote = '"', trailing = false } = {}) {
  const str = (s) => (quote === '"' ? JSON.stringify(s) : `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`)
  const out = []
  const stack = [{ v: value }]
  while (stack.length > 0) {
    const f = stack.pop()
    if (f.text !== undefined) {
      out.push(f.text)
      continue
    }
    const v = f.v
    if (Array.isArray(v)) {
      stack.push({ text: (trailing && v.length > 0 ? ',' : '') + ']' })
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ v: v[i] })
        if (i > 0) stack.push({ text: ',' })
      }
      out.push('[')
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v)
      stack.push({ text: (trailing && keys.length > 0 ? ',' : '') + '}' })
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ v: v[keys[i]] })
        stack.push({ text: `${str(keys[i])}:` })
        if (i > 0) stack.push({ text: ',' })
      }
      out.push('{')
    } else out.push(typeof v === 'string' ? str(v) : JSON.stringify(v))
  }
  return out.join('')
}

const isContainer = (v) => v !== null && typeof v === 'object'
const hasMembers = (v) => isContainer(v) && Object.keys(v).length > 0

/** Syntax operators: text, or undefined where the operator does not apply. */
const SYNTAX = {
  fenced: { kind: 'fence', make: (v) => '```json\n' + JSON.stringify(v, null, 2) + '\n```' },
  'prose-wrapped': { kind: 'extract', make: (v) => `Here is the JSON you asked for:\n${JSON.stringify(v)}\nLet me know if anything should change.` },
  'trailing-comma': { kind: 'trailing-comma', make: (v) => (hasMembers(v) ? write(v, { trailing: true }) : undefined) },
  comment: {
    kind: 'comment',
    make: (v) => {
      const t = JSON.stringify(v)
      return isContainer(v) ? `${t[0]} // the answer\n${t.slice(1)}` : `/* the answer */ ${t}`
    },
  },
  'single-quotes': { kind: 'quote', make: (v) => (JSON.stringify(v).includes('"') ? write(v, { quote: "'" }) : undefined) },
  truncated: {
    kind: 'truncation',
    make: (v) => {
      const t = JSON.stringify(v)
      const cut = t.replace(/[\]}]+$/, '')
      return cut.length < t.length && cut.length > 0 ? cut : undefined
    },
  },
}

/** The first place (preorder) where `test(value)` holds: `[holder, key]`, or undefined. */
function find(root, test) {
  const stack = [[{ root }, 'root']]
  while (stack.length > 0) {
    const [holder, key] = stack.pop()
    const v = holder[key]
    if (test(v)) return [holder, key]
    if (isContainer(v)) {
      const keys = Object.keys(v)
      for (let i = keys.length - 1; i >= 0; i--) stack.push([v, Array.isArray(v) ? Number(keys[i]) : keys[i]])
    }
  }
  return undefined
}

/** Every string in `enum` / `const` of the schema document. */
function enumStrings(schema) {
  const out = new Set()
  const stack = [schema]
  while (stack.length > 0) {
    const s = stack.pop()
    if (!isContainer(s)) continue
    if (!Array.isArray(s)) {
      if (Array.isArray(s.enum)) for (const m of s.enum) if (typeof m === 'string') out.add(m)
      if (typeof s.const === 'string') out.add(s.const)
    }
    for (const [k, v] of Object.entries(s)) if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') stack.push(v)
  }
  return out
}

function changeCase(s) {
  const up = s.toUpperCase()
  return up !== s ? up : s.toLowerCase()
}

/** Type operators: a corrupted copy, or undefined where the operator does not apply. */
const TYPE = {
  'number-as-string': { kind: 'number-from-string', make: (v) => replace(v, (x) => typeof x === 'number' && Number.isFinite(x) && !Object.is(x, -0), String) },
  'boolean-as-string': { kind: 'boolean-from-string', make: (v) => replace(v, (x) => typeof x === 'boolean', String) },
  'single-for-array': { kind: 'wrap-array', make: (v) => replace(v, (x) => Array.isArray(x) && x.length === 1, (x) => x[0]) },
  'enum-case': {
    kind: 'enum-match',
    make: (v, schema) => {
      const members = enumStrings(schema)
      return replace(v, (x) => typeof x === 'string' && members.has(x) && changeCase(x) !== x, changeCase)
    },
  },
}

function replace(value, test, change) {
  const copy = { root: structuredClone(value) }
  const at = find(copy.root === undefined ? copy : copy, test)
  if (at === undefined) return undefined
  const [holder, key] = at
  holder[key] = change(holder[key])
  return copy.root
}

// ---- the run ---------------------------------------------------------------------------------

const tally = () => ({ cases: 0, ours: 0, oursRecorded: 0, jsonrepair: 0 })
const syntax = Object.fromEntries(Object.keys(SYNTAX).map((k) => [k, tally()]))
const types = Object.fromEntries(Object.keys(TYPE).map((k) => [k, tally()]))
const skipped = { 'no tests': 0, 'schema does not compile': 0, 'label disputed (schemavet rejects a valid instance)': 0, 'defaults fail': 0 }
const invalid = { cases: 0, rejected: 0, repairedValid: 0, unexplained: 0, byKind: Object.fromEntries(REPAIR_KINDS.map((k) => [k, 0])) }
const misses = []
const disputed = []

function viaJsonrepair(text, compiled, expected) {
  try {
    const v = applyDefaults(JSON.parse(jsonrepair(text)), compiled)
    return compiled.validate(v) === null && isDeepStrictEqual(v, expected)
  } catch {
    return false
  }
}

function attempt(t, text, compiled, expected, kind, file, op) {
  t.cases++
  const r = parseModelOutput(text, compiled)
  if (r.success && isDeepStrictEqual(r.value, expected)) {
    t.ours++
    if (r.repairs.some((x) => x.kind === kind)) t.oursRecorded++
  } else if (misses.length < 200) misses.push({ file, op, text: text.slice(0, 200), error: r.success ? 'value differs' : String(r.error?.message).slice(0, 200) })
  if (viaJsonrepair(text, compiled, expected)) t.jsonrepair++
}

const files = readdirSync(corpus).filter((f) => f.endsWith('.json')).sort()
let done = 0
for (const file of files) {
  if (done >= limit) break
  done++
  if (verbose) process.stderr.write(`${file}\n`)
  const doc = JSON.parse(readFileSync(join(corpus, file), 'utf8'))
  if (!Array.isArray(doc.tests) || doc.tests.length === 0) {
    skipped['no tests']++
    continue
  }
  let compiled
  try {
    compiled = newJSONSchema(doc.schema, { allErrors: true, maxErrors: 20 })
  } catch {
    skipped['schema does not compile']++
    continue
  }
  for (const test of doc.tests) {
    const data = test.data
    if (data === undefined) continue
    if (!test.valid) {
      // Labels can be wrong (SOURCE.md): an instance schemavet accepts as it is is a disputed
      // label, listed, not a repair that went unrecorded.
      if (compiled.validate(data) === null) {
        disputed.push(file)
        continue
      }
      invalid.cases++
      const r = parseModelOutput(JSON.stringify(data), compiled)
      if (!r.success) invalid.rejected++
      else {
        invalid.repairedValid++
        if (r.repairs.length === 0) invalid.unexplained++
        for (const k of new Set(r.repairs.map((x) => x.kind))) invalid.byKind[k]++
      }
      continue
    }
    let expected
    try {
      expected = applyDefaults(data, compiled)
    } catch {
      skipped['defaults fail']++
      continue
    }
    if (compiled.validate(expected) !== null) {
      skipped['label disputed (schemavet rejects a valid instance)']++
      continue
    }
    for (const [op, { kind, make }] of Object.entries(SYNTAX)) {
      const text = make(data)
      if (text !== undefined) attempt(syntax[op], text, compiled, expected, kind, file, op)
    }
    for (const [op, { kind, make }] of Object.entries(TYPE)) {
      const bad = make(data, doc.schema)
      // A type corruption counts only where the corrupted value fails the schema.
      if (bad === undefined || compiled.validate(bad) === null) continue
      attempt(types[op], JSON.stringify(bad), compiled, expected, kind, file, op)
    }
  }
}

const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(2)}%`)
const sum = (group) => Object.values(group).reduce((a, t) => ({ cases: a.cases + t.cases, ours: a.ours + t.ours, oursRecorded: a.oursRecorded + t.oursRecorded, jsonrepair: a.jsonrepair + t.jsonrepair }), tally())
const rows = (group) =>
  Object.entries(group).map(([op, t]) => `| ${op} | ${t.cases} | ${pct(t.ours, t.cases)} | ${pct(t.oursRecorded, t.cases)} | ${pct(t.jsonrepair, t.cases)} |`)
const S = sum(syntax)
const T = sum(types)
const lines = [
  `Corpus repair benchmark: ${done} files of ${corpus}`,
  '',
  '| operator | cases | parseModelOutput deep-equal | ... with its repair record | jsonrepair + validate |',
  '|---|---|---|---|---|',
  ...rows(syntax),
  `| **syntax, all** | ${S.cases} | ${pct(S.ours, S.cases)} | ${pct(S.oursRecorded, S.cases)} | ${pct(S.jsonrepair, S.cases)} |`,
  ...rows(types),
  `| **type, all** | ${T.cases} | ${pct(T.ours, T.cases)} | ${pct(T.oursRecorded, T.cases)} | ${pct(T.jsonrepair, T.cases)} |`,
  '',
  `Invalid instances as clean JSON: ${invalid.cases}; rejected ${invalid.rejected}; came back valid ${invalid.repairedValid}, of which without any repair record: ${invalid.unexplained}`,
  `Came back valid, by repair kind: ${Object.entries(invalid.byKind).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
  `Invalid-labelled instances schemavet accepts as they are (disputed labels, not counted): ${disputed.length}${disputed.length > 0 ? ` (${[...new Set(disputed)].join(', ')})` : ''}`,
  `Skipped: ${Object.entries(skipped).map(([k, n]) => `${k} ${n}`).join(', ')}`,
]
console.log(lines.join('\n'))
if (jsonOut !== undefined) writeFileSync(jsonOut, JSON.stringify({ syntax, types, invalid, skipped, misses }, null, 1))
const ok = S.oursRecorded >= 0.99 * S.cases && T.oursRecorded >= 0.95 * T.cases && invalid.unexplained === 0
process.exit(ok ? 0 : 1)
