/**
 * A module written whole: every export answered by the module's own code, importing from
 * `schemavet/runtime` only the named helpers that code calls (format checkers, the keywords'
 * error words, the copy), so a bundler keeps those alone and no interpreter. `isValid` is the
 * generated tier's boolean pass (the node functions its root reaches), `validate` the generated
 * failure code, `applyDefaults` the generated defaults code, `~standard` both (defaults applied
 * first, every issue up to the boundary's bound), and its JSON Schema views are converted when
 * the module is written.
 *
 * Written only where each part covers the compile; otherwise `compileModule` writes the module
 * that imports the interpreter for what its code does not answer (never a silent difference).
 */
import { COPY_LIMIT, copyJson, CyclicDataError } from '../core/documents/json.ts'
import { FailureRecord } from '../core/index.ts'
import { convertSchema, CONVERT_TARGETS } from '../convert/index.ts'
import type { Node } from '../core/evaluator/node.ts'
import type { Compilation } from '../core/compiler/compile.ts'
import type { ModuleSource } from '../core/index.ts'
import { RUNTIME_EXPORTS } from './runtime-names.ts'
import { isMultiple, MultipleOf } from '../plugins/validation/multipleOf.ts'
import { isIntegerMultiple } from '../runtime/integer-multiple.ts'
import { defaultsCode } from './defaults.ts'
import { FAILURE_PRELUDE, failureCode } from './failure.ts'

/** Functions the runtime entry exports, by the name it exports them under. */
const EXPORTED = new Map<unknown, string>()
for (const [name, v] of Object.entries(RUNTIME_EXPORTS)) if (typeof v === 'function' && !EXPORTED.has(v)) EXPORTED.set(v, name)

/** Slots below the root the data walk of a module written whole may reach (the interpreter checks data that contains itself from 8 on). */
const MAX_DEPTH = 7

function str(s: string): string {
  return JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The longest path of child edges from `root` (Infinity for a cycle of them). */
function depthOf(root: Node): number {
  const memo = new Map<Node, number>()
  const visiting = new Set<Node>()
  const walk = (n: Node): number => {
    const known = memo.get(n)
    if (known !== undefined) return known
    if (visiting.has(n)) return Infinity
    visiting.add(n)
    let d = 0
    for (const e of n.edges) d = Math.max(d, walk(e.node) + (e.child ? 1 : 0))
    visiting.delete(n)
    memo.set(n, d)
    return d
  }
  return walk(root)
}

export interface LeanInput {
  schema: unknown
  compilation: Compilation
  source: ModuleSource
  format: 'esm' | 'cjs'
  from: string
  /** A constant's source form (`compileModule`'s), functions excepted. */
  constantExpression: (v: unknown) => string | undefined
  jsonExpression: (v: unknown) => string
}

/** The whole module's code, or undefined where some part does not cover the compile. */
export function leanModule(input: LeanInput): string | undefined {
  const { compilation, source: m } = input
  const o = compilation.options
  if (depthOf(compilation.root) > MAX_DEPTH) return undefined
  const imports = new Set<string>()
  const fnName = (v: unknown): string | undefined => {
    const name = EXPORTED.get(v)
    if (name !== undefined) imports.add(name)
    return name
  }
  // Every `multipleOf` divisor a safe integer: the smaller exact test for those (isMultiple's
  // answer) in place of isMultiple; a divisor of another kind met anyway leaves the module to
  // the interpreter rather than answer differently.
  const integerDivisors = m.src.values.every((v) => !(v instanceof MultipleOf) || v.integer)
  const express = (v: unknown): string | undefined =>
    typeof v === 'function'
      ? v === Object.keys ? 'Object.keys' : v === Object.getOwnPropertyNames ? 'Object.getOwnPropertyNames' : fnName(v === isMultiple && integerDivisors ? isIntegerMultiple : v)
      : v instanceof MultipleOf && !v.integer && integerDivisors ? undefined : dataExpression(v, input.constantExpression)

  // The node functions the root reaches, and the constants they name.
  const parts = new Map<string, string>()
  m.nodes.forEach((n, i) => parts.set(String(m.fn.get(n)), m.parts[i]!))
  const kept: string[] = []
  const seen = new Set<string>([String(m.root)])
  const queue = [String(m.root)]
  while (queue.length > 0) {
    const text = parts.get(queue.shift()!)
    if (text === undefined) return undefined
    kept.push(text)
    for (const [, name] of text.matchAll(/\b(node\d+)(?:\$own|_)?\(/g)) {
      if (!seen.has(name!)) {
        seen.add(name!)
        queue.push(name!)
      }
    }
  }
  const text = kept.join('\n')
  // Keywords called through their `validate`, depth counts (recursion), or too many constants: the interpreter's.
  if (/\bgeneralRun\(|\btooDeep\b|\bconstants\[/.test(text)) return undefined
  const values = m.src.values
  const used = new Set<number>()
  for (const [, i] of text.matchAll(/\bk(\d+)\b/g)) used.add(Number(i))
  const decls: string[] = []
  for (const i of [...used].sort((a, b) => a - b)) {
    const v = values[i]
    // A failure record: only stored where the check fails (the failure code explains on its own).
    if (v instanceof FailureRecord) continue
    const e = express(v)
    if (e === undefined) return undefined
    decls.push(`k${i} = ${e}`)
  }
  // The failure code the exports need: `validate` (first issue, or all with `allErrors`) and `~standard` (the boundary's bound).
  const named = new Map<unknown, number>()
  values.forEach((v, i) => used.has(i) && !named.has(v) && named.set(v, i))
  const failExpress = (v: unknown) => (named.has(v) ? `k${named.get(v)!}` : express(v))
  const boundaryAll = o.boundaryErrors !== 0
  // One walk serves every bound: the first issue of the walk collecting all of them, stopped at
  // one, is the issue of the walk stopping at the first failure (both go in the interpreter's order).
  const all = failureCode(compilation.root, failExpress, true, values.map((v, i) => (used.has(i) ? v : undefined)))
  if (all === undefined) return undefined
  // A failure record is the function giving its issue (where the step alone explains it), else 0.
  for (const i of [...used].sort((a, b) => a - b)) if (values[i] instanceof FailureRecord) decls.push(`k${i} = ${all.records.get(i) ?? '0'}`)
  const defaults = defaultsCode(compilation.root, failExpress)
  if (defaults === undefined) return undefined
  for (const n of all.imports) imports.add(n)
  for (const n of ['copyJson', 'hasOwn', 'isPlainContainer', 'setOwn', 'ValidationError', 'pathOf', 'escapeToken']) imports.add(n)

  // The JSON Schema views, converted now: each target's input and output side (or its error).
  const views: Record<string, Record<string, { value: unknown } | { error: string }>> = { input: {}, output: {} }
  for (const side of ['input', 'output'] as const) {
    for (const target of ['draft-2020-12', ...CONVERT_TARGETS]) {
      try {
        views[side]![target] = { value: side === 'input' && target === 'draft-2020-12' ? inputView(input.schema) : convertSchema(input.schema, target, side === 'output' ? 'output' : undefined) }
      } catch (e) {
        views[side]![target] = { error: (e as Error).message }
      }
    }
  }
  // Each distinct view written once (an entry's index; -1: the `schema` export's own text).
  const schemaText = JSON.stringify(input.schema)
  const entries: unknown[] = []
  const entryAt = new Map<string, number>()
  const viewIndex: Record<string, Record<string, number>> = { input: {}, output: {} }
  for (const side of ['input', 'output'] as const) {
    for (const [target, entry] of Object.entries(views[side]!)) {
      const text = JSON.stringify(entry)
      let at = 'value' in entry && JSON.stringify(entry.value) === schemaText ? -1 : entryAt.get(text)
      if (at === undefined) entryAt.set(text, (at = entries.push(entry) - 1))
      viewIndex[side]![target] = at
    }
  }
  const marker = '\u0000target\u0000'
  let unknownTarget: string
  try {
    convertSchema(input.schema, marker, undefined)
    return undefined
  } catch (e) {
    unknownTarget = (e as Error).message
  }
  if (!unknownTarget.includes(marker)) return undefined

  // A pass that collects every issue, bounded as the validator bounds it.
  const collect = (root: string, max: number) => [
    `  var out = [], errors = null; out.max = ${max};`,
    `  try { ${root}(data, '', out); errors = out; } catch (e) { return { errors: [threw(e)] }; }`,
    '  return errors.length === 0 ? { errors: [unexplained()] } : { errors: collected(errors) };',
  ]
  // Without allErrors, a failure recorded at a leaf step is its issue at once.
  const atRecord = [
    "  if (typeof failedAt === 'function') {",
    "    for (var p = '', i = failPathLength - 1, s; i >= 0; i--) p += failPathIsToken[i] ? failPath[i] : typeof (s = failPath[i]) === 'number' ? '/' + s : '/' + escapeToken(s);",
    '    return { errors: [failedAt(failedValue, p)] };',
    '  }',
  ]
  const failing = (allErrors: boolean, max: number) => (allErrors ? collect(all.root, Math.max(1, max)) : [...atRecord, ...collect(all.root, 1)])

  const lines: string[] = ['// Written by `schemavet compile`: regenerate it rather than editing it.']
  const names = [...imports].sort()
  lines.push(input.format === 'esm' ? `import { ${names.join(', ')} } from ${input.from};` : `const { ${names.join(', ')} } = require(${input.from});`)
  lines.push(`const schema = ${input.jsonExpression(input.schema)};`)
  if (decls.length > 0) lines.push(`var ${decls.join(',\n  ')};`)
  lines.push(
    m.prelude,
    text,
    `function check(x) { depth = 0; run = null; failedAt = null; return ${m.root}(x); }`,
    FAILURE_PRELUDE,
    all.text,
    defaults.text,
    // As the validator words them: a value that is missing, data that threw, a failure with no issue.
    "function missing() { return { keyword: 'required', instancePath: '', schemaPath: '#', params: {}, message: 'a value is required (got undefined)' }; }",
    // Data that contains itself, met by an equality test (`uniqueItems`, `enum`), is the runtime's
    // `cyclic` issue (its CyclicDataError, known here by name and message: nothing imported for it).
    "function threw(e) { var m = e instanceof Error ? e.message : String(e); if (e instanceof Error && e.name === 'CyclicDataError' && m === " + JSON.stringify(new CyclicDataError().message) + ") return { keyword: 'cyclic', instancePath: '', schemaPath: '#', params: {}, message: m }; return { keyword: 'exception', instancePath: '', schemaPath: '#', params: { error: m }, message: 'evaluating the data threw: ' + m }; }",
    "function unexplained() { return { keyword: 'exception', instancePath: '', schemaPath: '#', params: {}, message: 'invalid (a keyword failed without reporting why)' }; }",
    'function isValid(data) {',
    '  if (data === undefined) return false;',
    '  try { return check(data); } catch (e) { return false; }',
    '}',
    'function validate(data) {',
    '  if (data === undefined) return { errors: [missing()] };',
    '  try { if (check(data)) return null; } catch (e) { return { errors: [threw(e)] }; }',
    ...failing(o.allErrors, o.maxErrors),
    '}',
    // `~standard` reports every issue up to the boundary's bound (`validateAll`).
    'function validateAll(data) {',
    '  if (data === undefined) return { errors: [missing()] };',
    '  try { if (check(data)) return null; } catch (e) { return { errors: [threw(e)] }; }',
    ...(boundaryAll ? failing(true, o.boundaryErrors) : failing(o.allErrors, o.maxErrors)),
    '}',
    'function applyDefaults(data) {',
    '  var copied;',
    '  try { copied = copyJson(data); } catch (e) {',
    '    var m = e instanceof Error ? e.message : String(e);',
    `    throw new ValidationError([{ keyword: m.includes(${str(String(COPY_LIMIT))}) ? 'size' : 'exception', instancePath: '', schemaPath: '#', params: {}, message: m }]);`,
    '  }',
    ...(defaults.none ? ['  return copied.copy;'] : ['  var box = { value: copied.copy };', `  ${defaults.root}(box, 'value');`, '  return box.value;']),
    '}',
    `var views = ${input.jsonExpression(viewIndex)}, viewEntries = ${input.jsonExpression(entries)}, unknownTarget = ${str(unknownTarget)};`,
    'function view(options, side) {',
    "  var target = options == null || options.target == null ? 'draft-2020-12' : options.target;",
    '  var i = hasOwn(views[side], target) ? views[side][target] : undefined;',
    '  var v = i === undefined ? undefined : i < 0 ? { value: schema } : viewEntries[i];',
    `  if (v === undefined) throw new Error(unknownTarget.split(${str(marker)}).join(String(target)));`,
    '  if (hasOwn(v, "error")) throw new Error(v.error);',
    '  return copyJson(v.value).copy;',
    '}',
    'function failed(errors, data) { return { issues: errors.map(function (issue) { return { message: issue.message, path: pathOf(issue, data) }; }) }; }',
    "const standard = Object.freeze({ version: 1, vendor: 'schemavet',",
    '  validate: function (value) {',
    '    var copy;',
    '    try { copy = applyDefaults(value); } catch (e) { if (ValidationError.isInstance(e)) return failed(e.errors, value); throw e; }',
    '    var r = validateAll(copy);',
    '    return r === null ? { value: copy } : failed(r.errors, copy);',
    '  },',
    "  jsonSchema: Object.freeze({ input: function (options) { return view(options, 'input'); }, output: function (options) { return view(options, 'output'); } }),",
    '});',
    "const standardSchema = { '~standard': standard };",
  )
  if (input.format === 'esm') lines.push('export { isValid, validate, applyDefaults, schema, standardSchema, standardSchema as default };')
  else lines.push('exports.isValid = isValid;', 'exports.validate = validate;', 'exports.applyDefaults = applyDefaults;', 'exports.schema = schema;', 'exports.standardSchema = standardSchema;', 'exports.default = standardSchema;')
  return lines.join('\n') + '\n'
}

/** The input view of the schema as the runtime gives it for `draft-2020-12`: a copy, `true`/`false` as `{}`/`{ not: {} }`. */
function inputView(schema: unknown): unknown {
  const copy = copyJson(schema).copy
  return typeof copy === 'boolean' ? (copy ? {} : { not: {} }) : copy
}

/**
 * A data constant's source form: `constantExpression`'s, or, for an instance of a class that
 * holds only data (a compiled keyword value such as `multipleOf`'s), an object literal of its
 * own fields (BigInt written as a literal), which the code reads alike.
 */
function dataExpression(v: unknown, constantExpression: (v: unknown) => string | undefined): string | undefined {
  const e = constantExpression(v)
  if (e !== undefined) return e
  if (typeof v === 'bigint') return `${v}n`
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined
  const proto = Object.getPrototypeOf(v) as object | null
  if (proto === null || Object.getOwnPropertyNames(proto).some((n) => n !== 'constructor') || Object.getOwnPropertySymbols(v).length > 0) return undefined
  if (Object.getPrototypeOf(proto) !== Object.prototype) return undefined
  const fields: string[] = []
  for (const key of Object.getOwnPropertyNames(v)) {
    const d = Object.getOwnPropertyDescriptor(v, key)!
    if (!('value' in d) || !d.enumerable || key === '__proto__') return undefined
    const fe = typeof d.value === 'function' ? undefined : dataExpression(d.value, constantExpression)
    if (fe === undefined) return undefined
    fields.push(`${str(key)}: ${fe}`)
  }
  return `{ ${fields.join(', ')} }`
}
