/**
 * Generated failure code for a compiled module's `validate`: per node, a function that walks the
 * node's steps in the interpreter's order on data the boolean pass has found invalid and returns
 * the first issue, as the runtime's `validate` does without `allErrors` (one issue: each node stops
 * at its first failing step, each applicator at its first failing subschema). A leaf step's test
 * is the keyword's own `emit` (the generated tier's form of it) and its issue is built with the
 * keyword's own `error` (params and message), imported by name from `schemavet/runtime`, so the
 * words are the runtime's by construction. Applicators are walked as their `validate` walks them.
 *
 * Written only where every step reached is one this file knows (see `LEAVES`, `walkers`) and
 * every constant it names has a source form; otherwise undefined, and the module's `validate`
 * keeps asking the interpreter (never a silent difference).
 */
import type { Handle, Node, Step } from '../core/evaluator/node.ts'
import type { Code, EmitContext, SchemaHandle } from '../core/index.ts'
import { escapePointerToken } from '../core/index.ts'
import { FALSE_SCHEMA } from '../core/compiler/compile.ts'
import { FailureRecord } from '../core/codegen/node-writer.ts'
import { RUNTIME_EXPORTS as words } from './runtime-names.ts'
import { hasOwn } from '../core/documents/json.ts'
import { additionalPropertiesKeyword } from '../plugins/applicator/additionalProperties.ts'
import { allOfKeyword } from '../plugins/applicator/allOf.ts'
import { itemsKeyword } from '../plugins/applicator/items.ts'
import { propertiesKeyword } from '../plugins/applicator/properties.ts'
import { refKeyword } from '../plugins/core/ref.ts'
import { requiredKeyword } from '../plugins/validation/required.ts'

/** Leaf keywords whose issue, without `allErrors`, is their `error` alone (their `validate` reports nothing itself), by the runtime export holding that `error`. */
const LEAVES = new Map<unknown, string>(
  Object.entries(words)
    .filter(([name, v]) => name.endsWith('Error') && typeof v === 'object' && v !== null)
    .map(([name, v]) => [v, name]),
)

/** Thrown while writing when a step or constant has no generated failure form. */
class NotCovered extends Error {}

const TYPE_NAMES = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const

/** A JavaScript string literal. */
function str(s: string): string {
  return JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** Values a compiled value's `error` is probed with, to check that its plain projection reads alike. */
const PROBES: unknown[] = ['', 'ab', 'xn--a.example', 0, 1.5, -7, true, null, [], [1, 1], [{ a: 1 }, { a: 1 }], {}, { a: 1 }]

/**
 * The failure code of the compile whose root is `root`, or undefined where it does not cover it.
 * `express` gives a constant's source form (undefined: none). Names used besides its own:
 * `escapeToken`, `hasOwn`, the `*Error` words and `additionalText`, `nonFinite` (see `imports`).
 */
export function failureCode(
  root: Node,
  express: (v: unknown) => string | undefined,
  all = false,
  /** The boolean pass's constants: each failure record among them gets `recordIssue`'s function where it has one. */
  constants: readonly unknown[] = [],
): { text: string; root: string; imports: Set<string>; records: Map<number, string> } | undefined {
  const w = new Writer(express, all)
  try {
    const name = w.fn(root)
    w.drain()
    const records = new Map<number, string>()
    constants.forEach((v, i) => {
      if (!(v instanceof FailureRecord)) return
      const f = w.recordIssue(v)
      if (f !== undefined) records.set(i, f)
    })
    return { text: w.text(), root: name, imports: w.imports, records }
  } catch (e) {
    if (e instanceof NotCovered) return undefined
    throw e
  }
}

class Writer {
  readonly imports = new Set<string>(['nonFinite'])
  private readonly names = new Map<Node, string>()
  private readonly queue: Node[] = []
  private readonly functions: string[] = []
  private readonly constants = new Map<unknown, string>()
  private readonly decls: string[] = []
  private locals: string[] = []
  /** Compiled values given to an `error` as their plain data, by value. */
  private readonly projections = new Map<unknown, string>()

  /**
   * `all`: every issue in the interpreter's order (`allErrors`): each node walks all its steps,
   * each applicator all its subschemas, `required` reports each missing name; a node's function
   * `collectN(x, p, out)` pushes onto `out` through `report` (which stops the walk at the bound)
   * and answers whether `x` passed. Otherwise the first issue: `explainN(x, p)` returns it or null.
   */
  constructor(
    private readonly express: (v: unknown) => string | undefined,
    private readonly all: boolean,
  ) {
    this.prefix = all ? 'g' : 'f'
  }

  private readonly prefix: string

  /** The name of `node`'s failure function (written later, from the queue). */
  fn(node: Node): string {
    let name = this.names.get(node)
    if (name === undefined) {
      name = `${this.all ? 'collect' : 'explain'}${node.id}`
      this.names.set(node, name)
      this.queue.push(node)
    }
    return name
  }

  drain(): void {
    for (let i = 0; i < this.queue.length; i++) this.functions.push(this.node(this.queue[i]!))
  }

  text(): string {
    return [...this.decls, ...this.functions].join('\n')
  }

  constant(v: unknown): string {
    let name = this.constants.get(v)
    if (name !== undefined) return name
    const e = this.express(v)
    if (e === undefined) throw new NotCovered()
    // Already one of the module's constants (`k3`): named as it is, not through an alias.
    if (/^k\d+$/.test(e)) {
      this.constants.set(v, e)
      return e
    }
    name = `${this.prefix}${this.constants.size}`
    this.constants.set(v, name)
    this.decls.push(`var ${name} = ${e};`)
    return name
  }

  private local(): string {
    const name = `l${this.locals.length}`
    this.locals.push(name)
    return name
  }

  private word(name: string): string {
    this.imports.add(name)
    return name
  }

  /** The steps of each JSON type as code; types whose steps read alike (the usual type mismatch) share one case. */
  private bodiesByType(node: Node): Map<string, number[]> {
    const bodies = new Map<string, number[]>()
    for (let t = 0; t < 6; t++) {
      const steps = node.table[t]!
      if (steps.length === 0) continue
      const body = steps.map((s) => this.step(node, s, t)).filter((c) => c !== '').join('\n')
      if (body === '') continue
      const types = bodies.get(body)
      if (types === undefined) bodies.set(body, [t])
      else types.push(t)
    }
    return bodies
  }

  /** One node's function: dispatch on the JSON type, then its steps for that type in order. */
  private node(node: Node): string {
    const name = this.names.get(node)!
    if (this.all) return this.collectNode(node, name)
    if (!node.asserts) return `function ${name}(x, p) { return null; }`
    this.locals = []
    const bodies = this.bodiesByType(node)
    const branches = [...bodies].map(([body, types]) => `${types.map((t) => `case ${t}:`).join(' ')} {\n${body}\nreturn null; }`)
    const locals = this.locals.length === 0 ? '' : `var ${this.locals.join(', ')};\n`
    return `function ${name}(x, p) {
${locals}var t = typeIndex(x);
if (t < 0) return nonJsonIssue(x, p, ${str(node.location)});
switch (t) {
${branches.join('\n')}
}
return null; }`
  }

  /** `node`'s function in `all` mode: every step, the answer in `ok`. */
  private collectNode(node: Node, name: string): string {
    if (!node.asserts) return `function ${name}(x, p, out) { return true; }`
    this.locals = []
    const bodies = this.bodiesByType(node)
    const branches = [...bodies].map(([body, types]) => `${types.map((t) => `case ${t}:`).join(' ')} {\n${body}\nreturn ok; }`)
    const locals = this.locals.length === 0 ? '' : `, ${this.locals.join(', ')}`
    return `function ${name}(x, p, out) {
var ok = true${locals};
var t = typeIndex(x);
if (t < 0) { report(out, nonJsonIssue(x, p, ${str(node.location)})); return false; }
switch (t) {
${branches.join('\n')}
}
return true; }`
  }

  /**
   * For a failure record of the boolean pass at a leaf step this file covers, a function of the
   * failing value and its pointer giving the step's issue: without `allErrors` the runtime explains
   * such a failure by that step alone (see `JSONSchemaValidator.explain`), so the module need not
   * walk from the root. Undefined for other records (a node, an applicator): the walk answers.
   */
  recordIssue(record: FailureRecord): string | undefined {
    const s = record.step
    if (s === null || record.node.policy !== null) return undefined
    const d = s.definition
    if (d.applies !== undefined || d.error === undefined) return undefined
    const error = LEAVES.get(d.error)
    if (error === undefined) return undefined
    try {
      const compiled = d === FALSE_SCHEMA ? 'true' : this.errorValue(s)
      return this.builder(`issueOf(${this.word(error)}, ${compiled}, x, ${str(s.keyword)}, p, ${str(s.schemaPath)})`)
    } catch (e) {
      if (e instanceof NotCovered) return undefined
      throw e
    }
  }

  private records = 0
  private readonly builders = new Map<string, string>()

  /**
   * The function `(x, p)` giving `issue` (an expression of `x` and `p`), one per distinct issue:
   * a failure record and the walk reporting the same step share it.
   */
  private builder(issue: string): string {
    let name = this.builders.get(issue)
    if (name === undefined) {
      name = `issueAt${this.records++}`
      this.builders.set(issue, name)
      this.functions.push(`function ${name}(x, p) { return ${issue}; }`)
    }
    return name
  }

  /** What a failing leaf step does: return its issue, or (`all`) report it and go on. */
  private fails(issue: string): string {
    return this.all ? `{ ok = false; if (report(out, ${issue})) return false; }` : `return ${issue};`
  }

  private step(node: Node, s: Step, t: number): string {
    const d = s.definition
    if (d === propertiesKeyword) return this.properties(s)
    if (d === additionalPropertiesKeyword) return this.additional(s)
    if (d === itemsKeyword) return this.items(s)
    if (d === refKeyword) return this.apply(s.compiled as Handle, 'x', 'p')
    if (d === allOfKeyword) return (s.compiled as Handle[]).map((h) => this.apply(h, 'x', 'p')).join('\n')
    if (d.applies !== undefined || d.error === undefined || node.policy !== null) throw new NotCovered()
    const error = LEAVES.get(d.error)
    if (error === undefined) throw new NotCovered()
    if (d === FALSE_SCHEMA) return this.fails(`${this.builder(`issueOf(${this.word(error)}, true, x, ${str(s.keyword)}, p, ${str(s.schemaPath)})`)}(x, p)`)
    // With `allErrors`, `required` reports each missing name itself.
    if (this.all && d === requiredKeyword) {
      return (s.compiled as string[])
        .map((n) => `if (!(x[${str(n)}] !== undefined && ${this.constant(hasOwn)}(x, ${str(n)}))) ${this.fails(`{ keyword: ${str(s.keyword)}, instancePath: p, schemaPath: ${str(s.schemaPath)}, params: { missingProperty: ${str(n)} }, message: ${this.word('missingText')}(${str(n)}, x) }`)}`)
        .join('\n')
    }
    const test = this.leafTest(s, t)
    if (test.test === 'true' && test.setup === '') return ''
    const compiled = this.errorValue(s)
    return `${test.setup}if (!(${test.test})) ${this.fails(`${this.builder(`issueOf(${this.word(error)}, ${compiled}, x, ${str(s.keyword)}, p, ${str(s.schemaPath)})`)}(x, p)`)}`
  }

  /** A child's failure, returned when it fails. */
  private apply(h: Handle, value: string, path: string): string {
    if (h.guarded) throw new NotCovered()
    if (!h.node.asserts) return ''
    if (this.all) return `if (!${this.fn(h.node)}(${value}, ${path}, out)) { ok = false; if (out.length >= out.max) return false; }`
    const r = this.local()
    return `if ((${r} = ${this.fn(h.node)}(${value}, ${path})) !== null) return ${r};`
  }

  /** `properties`: each named own property whose value is not undefined, in the schema's order. */
  private properties(s: Step): string {
    const v = this.local()
    const out: string[] = []
    for (const [name, handle] of s.compiled as [string, Handle][]) {
      if (!handle.asserts) continue
      const key = str(name)
      const child = this.apply(handle, v, `p + ${str('/' + escapePointerToken(name))}`)
      out.push(`if ((${v} = x[${key}]) !== undefined && ${this.constant(hasOwn)}(x, ${key})) { ${child} }`)
    }
    return out.join('\n')
  }

  /** `additionalProperties` without `patternProperties`: the object's keys, in `Object.keys` order. */
  private additional(s: Step): string {
    const a = s.compiled as { handle: Handle; named: Set<string>; patterns: readonly unknown[]; forbidden: boolean }
    if (a.patterns.length > 0) throw new NotCovered()
    if (!a.forbidden && !a.handle.asserts) return ''
    const keys = this.local()
    const i = this.local()
    const k = this.local()
    const v = this.local()
    const named = this.constant(a.named)
    const on = a.forbidden
      ? this.fails(`{ keyword: ${str(s.keyword)}, instancePath: p, schemaPath: ${str(s.schemaPath)}, params: { additionalProperty: ${k} }, message: ${this.word('additionalText')}(${k}) }`)
      : this.apply(a.handle, v, `p + '/' + escapeToken(${k})`)
    return `for (${keys} = Object.keys(x), ${i} = 0; ${i} < ${keys}.length; ${i}++) { ${k} = ${keys}[${i}]; if (${named}.has(${k}) || (${v} = x[${k}]) === undefined) continue; ${on} }`
  }

  /** `items` (a schema, after `prefixItems`): each item from there on. */
  private items(s: Step): string {
    const c = s.compiled as { handle: Handle; from: number; forbidden: boolean }
    if (c.forbidden) throw new NotCovered()
    if (!c.handle.asserts) return ''
    const i = this.local()
    return `for (${i} = ${c.from}; ${i} < x.length; ${i}++) { ${this.apply(c.handle, `x[${i}]`, `p + '/' + ${i}`)} }`
  }

  /** A leaf step's test: the keyword's own `emit`, given a context with no subschema to apply. */
  private leafTest(s: Step, t: number): { setup: string; test: string } {
    const g: EmitContext = {
      type: TYPE_NAMES[t]!,
      constant: (v) => this.constant(v) as Code,
      local: () => this.local() as Code,
      apply: () => {
        throw new NotCovered()
      },
      applyEach: () => {
        throw new NotCovered()
      },
      own: (key) => `${this.constant(hasOwn)}(x, ${str(key)})` as Code,
      read: (key) => `x[${str(key)}]` as Code,
      ensure: () => {},
      known: () => false,
      inspect: (h: SchemaHandle) => h.inspect(),
      fail: () => {
        throw new NotCovered()
      },
      failNode: () => {
        throw new NotCovered()
      },
      inline: () => undefined,
    }
    const emitted = s.definition.emit?.(s.compiled as never, g)
    if (emitted === undefined) throw new NotCovered()
    if (typeof emitted === 'string') return { setup: '', test: emitted }
    return { setup: emitted.setup === undefined ? '' : `${emitted.setup}\n`, test: emitted.test }
  }

  /**
   * The compiled value the step's `error` is given: its source form, or else its plain data (its
   * own properties that have one: a checker function dropped), used only where the `error` reads
   * the same from both on every probe.
   */
  private errorValue(s: Step): string {
    const known = this.projections.get(s.compiled)
    if (known !== undefined) return known
    const direct = this.express(s.compiled)
    if (direct !== undefined) return this.constant(s.compiled)
    const c = s.compiled
    if (typeof c !== 'object' || c === null) throw new NotCovered()
    const plain: Record<string, unknown> = {}
    for (const key of Object.keys(c)) {
      const v = (c as Record<string, unknown>)[key]
      if (this.express(v) !== undefined && typeof v !== 'function') plain[key] = v
    }
    const error = s.definition.error!
    for (const x of PROBES) {
      let a: string
      let b: string
      try {
        const pa = error.params ? error.params(c as never, x, undefined as never) : {}
        a = JSON.stringify([pa, error.message(pa, c as never, x)])
      } catch {
        a = 'threw'
      }
      try {
        const pb = error.params ? error.params(plain as never, x, undefined as never) : {}
        b = JSON.stringify([pb, error.message(pb, plain as never, x)])
      } catch {
        b = 'threw'
      }
      if (a !== b) throw new NotCovered()
    }
    const parts = Object.entries(plain).map(([k, v]) => `${str(k)}: ${this.express(v)!}`)
    const name = `${this.prefix}${this.constants.size}`
    this.constants.set({}, name)
    this.projections.set(c, name)
    this.decls.push(`var ${name} = { ${parts.join(', ')} };`)
    return name
  }
}

/** The module's shared failure helpers (the interpreter's type index, its non-JSON issue, a leaf's issue). */
export const FAILURE_PRELUDE = `function typeIndex(x) {
  switch (typeof x) {
    case 'string': return 0;
    case 'number': return x - x === 0 ? 1 : -1;
    case 'boolean': return 2;
    case 'object': if (x === null) return 3; try { return Array.isArray(x) ? 4 : 5; } catch (e) { return 5; }
    default: return -1;
  }
}
function nonJsonIssue(x, p, schemaPath) {
  var what = typeof x === 'number' ? String(x) : typeof x === 'bigint' ? 'a BigInt' : typeof x;
  var nf = nonFinite(x);
  return { keyword: 'type', instancePath: p, schemaPath: schemaPath, params: { type: 'json', value: what }, message: 'must be a JSON value (got ' + (nf === undefined ? what : nf) + ')' };
}
function report(out, issue) { out.push(issue); return out.length >= out.max; }
function collected(out) {
  // As the validator's \`distinct\`: one issue per path, schema path, keyword and message.
  if (out.length < 2) return out;
  var seen = new Set(), kept = [];
  for (var i = 0; i < out.length; i++) { var e = out[i], key = e.instancePath + '\\0' + e.schemaPath + '\\0' + e.keyword + '\\0' + e.message; if (seen.has(key)) continue; seen.add(key); kept.push(e); }
  return kept.length === out.length ? out : kept;
}
function issueOf(error, compiled, x, keyword, p, schemaPath) {
  var params = error.params ? error.params(compiled, x) : {};
  return { keyword: keyword, instancePath: p, schemaPath: schemaPath, params: params, message: error.message(params, compiled, x) };
}`
