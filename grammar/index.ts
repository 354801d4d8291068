/**
 * `schemavet/grammar`: a schema as a grammar for constrained decoding, llama.cpp's GBNF
 * (node-llama-cpp, Ollama, llama.cpp's server) or XGrammar's EBNF (vLLM, SGLang, web-llm), with
 * the writer of values in the form the grammar takes. Built from the compiled graph
 * (`validator.root()`), so every dialect schemavet reads, `$ref`s and recursion (as rules) are the
 * kernel's. The grammar narrows what a model writes; the validator still decides.
 */
import { newJSONSchema } from '../api.ts'
import type { JSONSchemaValidator, SchemaHandle, SchemaOptions } from '../api.ts'
import { Emitter, literalText } from './emit.ts'
import type { GrammarFormat } from './emit.ts'
import { ShapeBuilder, extraFor, fits, isAnyNode, jsonEqual } from './shape.ts'
import type { Lost, Ref } from './shape.ts'

export type { GrammarFormat } from './emit.ts'
export type { Lost as LostKeyword } from './shape.ts'

export interface GrammarOptions extends SchemaOptions {
  /** `gbnf` (llama.cpp) or `xgrammar` (XGrammar's EBNF). */
  format: GrammarFormat
  /** Spaces per nesting level, each member on a line of its own; compact when 0 or absent. */
  indent?: number
}

export interface GrammarResult {
  /** The grammar text; its start rule is `root`. */
  readonly grammar: string
  /** True when the grammar accepts only texts of valid documents (no duplicate key, in its whitespace and key order). */
  readonly exact: boolean
  /**
   * Each keyword the grammar holds only in part, where it is, and how: most accept more than the
   * schema (then `exact` is false); a `how` that says "fewer texts accepted" narrows only, which
   * leaves `exact` as it is.
   */
  readonly lost: readonly Lost[]
  /**
   * `value` as JSON text in the form the grammar takes: declared properties in declared order,
   * then extra keys in the value's order, whitespace as the grammar's (`indent`, default the
   * grammar's). For every valid value the grammar accepts the text, and it parses back to `value`.
   */
  serialize(value: unknown, options?: { indent?: number }): string
}

/** Nodes distribution may add per node of the schema itself, beyond which a union is left out. */
const BUDGET_FACTOR = 4

/**
 * The grammar of `schema` (a JSON Schema document, or a schemavet schema compiled by
 * `newJSONSchema`) for `options.format`.
 *
 * Size: with N the number of schema locations reachable (each subschema once, however often it
 * is referenced), the grammar has O(N) nodes (at most 4N + 1,000 from distributing unions over
 * sibling keywords), each node O(k) rules where k is its own keyword count (properties,
 * prefixItems, enum values, the digits of an integer bound, the length of a pattern); with
 * `indent`, at most `DEPTH_CAP` (8) copies of each node, one per nesting level; an object's
 * `patternProperties` add at most `MAX_STATES` (2,000) key rules per region. No enumeration
 * of property orders or subsets: n optional properties in order are 2n rules.
 * @throws SchemaError for a schema that does not compile; TypeError for an unknown format
 */
export function toGrammar(schema: unknown, options: GrammarOptions): GrammarResult {
  const { format, indent: rawIndent, ...compileOptions } = options
  if (format !== 'gbnf' && format !== 'xgrammar') throw new TypeError(`schemavet: unknown grammar format ${JSON.stringify(format)}; known: gbnf, xgrammar`)
  const indent = Math.max(0, Math.min(16, Math.floor(rawIndent ?? 0)))
  const validator = compiled(schema, compileOptions)
  const root = validator.root()
  const formatsAsserted = (validator as unknown as { compilation?: { options?: { formats?: string } } }).compilation?.options?.formats !== 'annotate'
  const locations = countLocations(root)
  const builder = new ShapeBuilder(BUDGET_FACTOR * locations + 1000, formatsAsserted)
  const top = builder.ref([root])
  const emitter = new Emitter(format, indent)
  const grammar = emitter.grammar(top)
  const lost = [...builder.lost, ...emitter.lost].map((l) => Object.freeze({ ...l }))
  return {
    grammar,
    exact: !builder.widened && emitter.lost.length === 0,
    lost: Object.freeze(lost),
    serialize: (value, o) => write(value, top, Math.max(0, Math.floor(o?.indent ?? indent)), 0),
  }
}

function compiled(schema: unknown, options: SchemaOptions): JSONSchemaValidator {
  if (typeof schema === 'object' && schema !== null && typeof (schema as { root?: unknown }).root === 'function' && typeof (schema as { validator?: unknown }).validator === 'function') {
    return schema as JSONSchemaValidator
  }
  return newJSONSchema<unknown>(schema, options) as unknown as JSONSchemaValidator
}

function countLocations(root: SchemaHandle): number {
  const seen = new Set<string>()
  const stack = [root]
  while (stack.length) {
    const h = stack.pop()!
    if (seen.has(h.location)) continue
    seen.add(h.location)
    for (const e of h.inspect().subschemas) stack.push(e.handle)
  }
  return seen.size
}

/** JSON text of `value` in the grammar's form (see `GrammarResult.serialize`). */
function write(value: unknown, ref: Ref | undefined, indent: number, depth: number): string {
  const n = ref?.get()
  if (n === undefined || n.k === 'never' || (n.k === 'typed' && isAnyNode(n))) return plain(value, indent, depth)
  if (n.k === 'union') {
    const chosen = n.alts.find((a) => fits(value, a, 0)) ?? n.alts[0]
    return write(value, chosen, indent, depth)
  }
  if (n.k === 'lits') {
    const lit = n.values.find((v) => jsonEqual(v, value))
    return lit === undefined ? plain(value, indent, depth) : literalText(lit, indent, depth)
  }
  const pad = (d: number) => (indent ? '\n' + ' '.repeat(indent * d) : '')
  const colon = indent ? ': ' : ':'
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const { prefix, items } = n.arr
    const parts = value.map((x, i) => write(x, i < prefix.length ? prefix[i] : (items ?? undefined), indent, depth + 1))
    return '[' + pad(depth + 1) + parts.join(',' + pad(depth + 1)) + pad(depth) + ']'
  }
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>
    const parts: string[] = []
    const declared = new Set<string>()
    for (const p of n.obj.props) {
      declared.add(p.name)
      if (Object.hasOwn(o, p.name) && o[p.name] !== undefined) parts.push(JSON.stringify(p.name) + colon + write(o[p.name], p.value, indent, depth + 1))
    }
    for (const key of Object.keys(o)) {
      if (declared.has(key) || o[key] === undefined) continue
      parts.push(JSON.stringify(key) + colon + write(o[key], extraFor(n.obj, key)?.value, indent, depth + 1))
    }
    if (parts.length === 0) return '{}'
    return '{' + pad(depth + 1) + parts.join(',' + pad(depth + 1)) + pad(depth) + '}'
  }
  return plain(value, indent, depth)
}

function plain(value: unknown, indent: number, depth: number): string {
  const t = JSON.stringify(value, null, indent || undefined)
  if (t === undefined) return 'null'
  return indent && depth ? t.replace(/\n/g, '\n' + ' '.repeat(indent * depth)) : t
}
