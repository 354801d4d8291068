/**
 * JSON Schema (2020-12, 2019-09 or draft-07) to an OpenAPI 3.0 Schema Object. OpenAPI 3.0 has no
 * `$defs` and its `$ref`s point into a document's `components`, which a lone schema does not
 * have, so every `$ref` is replaced by (a converted copy of) its target: the result is
 * self-contained and needs no `components`. A recursive reference cannot be inlined and throws.
 */
import { copyJson, hasOwn, isObject } from '../core/index.ts'
import { DOCUMENT_BASE, SchemaDocument, eachSubschema, shapeOf } from './document.ts'
import type { Located } from './document.ts'
import { ANNOTATIONS, cannotExpress, isTrivial, setKey } from './shared.ts'
import type { Tokens } from './shared.ts'

const TARGET = 'openapi-3.0'

/** Dropped: identifiers and content annotations OpenAPI 3.0 does not have. */
const DROPPED = new Set([
  '$schema', '$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$vocabulary', '$comment', '$defs', 'definitions',
  'contentMediaType', 'contentEncoding', 'contentSchema', 'examples', 'minContains', 'maxContains',
  'exclusiveMinimum', 'exclusiveMaximum', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'additionalItems',
])

/** Output nodes a conversion may build before giving up (inlining a shared definition copies it). */
const MAX_NODES = 100_000

type Out = Record<string, unknown>

/** One conversion: the document index, the references being inlined (to catch recursion). */
class ToOpenApi30 {
  private readonly doc: SchemaDocument
  /** Targets being inlined, outermost first, with the reference that reached each. */
  private readonly inlining: { located: Located; key: string }[] = []
  private nodes = 0

  constructor(root: unknown) {
    this.doc = new SchemaDocument(root)
  }

  run(): Out {
    return this.convert(this.doc.root, [])
  }

  /** Converts the subschema at input `at` (pointer tokens from the document root). */
  private convert(node: unknown, at: Tokens): Out {
    if (++this.nodes > MAX_NODES) cannotExpress(TARGET, `this schema inline: its references expand past ${MAX_NODES} schemas`, at)
    if (node === true) return {}
    if (node === false) return { not: {} }
    if (!isObject(node)) return copyJson(node).copy as Out
    const here = this.doc.at(at)!
    if (here.dialect === 'draft-07' && typeof node.$ref === 'string') return this.inline(node.$ref, here.base, at) // siblings ignored
    const out: Out = {}
    const allOf: Out[] = []
    const sub = (keyword: string, value: unknown, ...segments: (string | number)[]) =>
      this.convert(value, [...at, keyword, ...segments])

    for (const keyword of Object.keys(node)) {
      const value = node[keyword]
      const shape = shapeOf(here.dialect, keyword)
      if (DROPPED.has(keyword)) continue
      switch (keyword) {
        case '$ref':
          if (typeof value === 'string') allOf.push(this.inline(value, here.base, at))
          break
        case '$dynamicRef':
        case '$recursiveRef':
          cannotExpress(TARGET, `${keyword} (resolution through the dynamic scope)`, [...at, keyword])
        case 'type':
          this.type(value, out, allOf)
          break
        case 'const':
          if (hasOwn(out, 'enum')) allOf.push({ enum: [copyJson(value).copy] })
          else out.enum = [copyJson(value).copy]
          break
        case 'enum':
          if (Array.isArray(value) && value.length === 0) allOf.push({ not: {} }) // admits nothing
          else if (hasOwn(out, 'enum')) allOf.push({ enum: copyJson(value).copy })
          else out.enum = copyJson(value).copy
          break
        case 'minimum':
        case 'maximum':
          break // with their exclusive forms, below
        case 'items':
          if (Array.isArray(value)) cannotExpress(TARGET, 'tuples (items as an array)', [...at, keyword])
          out.items = sub('items', value)
          break
        case 'prefixItems':
          cannotExpress(TARGET, 'tuples (prefixItems)', [...at, keyword])
        case 'unevaluatedProperties':
        case 'unevaluatedItems':
        case 'patternProperties':
        case 'propertyNames':
          if (!isTrivial(value)) cannotExpress(TARGET, keyword, [...at, keyword])
          break
        case 'contains':
          if (node.minContains !== 0 || node.maxContains !== undefined) cannotExpress(TARGET, 'contains', [...at, keyword])
          break // minContains 0 (and no maxContains): passes every array
        case 'if':
          allOf.push(...this.conditional(node, at))
          break
        case 'dependencies':
          allOf.push(...this.dependencies(node, at, isObject(value) ? value : {}, 'dependencies'))
          break
        case 'allOf':
          if (Array.isArray(value)) value.forEach((s, i) => allOf.push(sub('allOf', s, i)))
          break
        case 'anyOf':
        case 'oneOf': {
          if (!Array.isArray(value)) break
          const branches = nullAsNullable(value.map((s, i) => sub(keyword, s, i)))
          if (branches.length === 1) allOf.push(branches[0]!)
          else out[keyword] = branches
          break
        }
        default:
          if (shape === undefined) setKey(out, keyword, copyJson(value).copy) // a value, or a custom keyword: kept as it is
          else if (shape === 'schema') setKey(out, keyword, sub(keyword, value))
          else {
            const result: Record<string, unknown> = Array.isArray(value) ? ([] as unknown as Out) : {}
            eachSubschema(shape, value, (child, segments) => setKey(result, segments[0]!, sub(keyword, child, ...segments)))
            setKey(out, keyword, result)
          }
      }
    }
    for (const keyword of ['dependentRequired', 'dependentSchemas']) {
      if (isObject(node[keyword]) && here.dialect !== 'draft-07') allOf.push(...this.dependencies(node, at, node[keyword] as Out, keyword))
    }
    this.bounds(node, out)
    if (examplesOf(node) !== undefined && !hasOwn(out, 'example')) out.example = copyJson(examplesOf(node)).copy
    if (out.type === 'array' && !hasOwn(out, 'items')) out.items = {} // OpenAPI 3.0 requires items with type array
    return merge(out, allOf)
  }

  /** The converted target of a reference, inlined. */
  private inline(ref: string, base: string, at: Tokens): Out {
    const target = this.doc.resolve(ref, base)
    if (target?.located === undefined) {
      cannotExpress(TARGET, `the reference "${ref}" inline: its target is not a schema of this document`, [...at, '$ref'])
    }
    const key = `${target.uri === DOCUMENT_BASE ? '' : target.uri}#${target.fragment}`
    const seen = this.inlining.findIndex((e) => e.located === target.located)
    if (seen >= 0) {
      const loop = [...this.inlining.slice(seen).map((e) => e.key), key].join(' -> ')
      cannotExpress(TARGET, `a recursive reference inline (${loop}); OpenAPI 3.0 needs components for that`, [...at, '$ref'])
    }
    this.inlining.push({ located: target.located, key })
    try {
      return this.convert(target.located.node, [...target.located.tokens])
    } finally {
      this.inlining.pop()
    }
  }

  /** `type`: one type, or several as `anyOf`; `null` becomes `nullable: true`. */
  private type(value: unknown, out: Out, allOf: Out[]): void {
    const types = (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === 'string')
    const nullable = types.includes('null')
    let rest = types.filter((t) => t !== 'null')
    if (rest.includes('number')) rest = rest.filter((t) => t !== 'integer')
    if (rest.length === 0) {
      allOf.push(nullOnly())
    } else if (rest.length === 1) {
      out.type = rest[0]
      if (nullable) out.nullable = true
    } else {
      const branch = (t: string): Out => (t === 'array' ? { type: t, items: {} } : { type: t })
      allOf.push({ anyOf: rest.map((t, i) => (nullable && i === 0 ? { ...branch(t), nullable: true } : branch(t))) })
    }
  }

  /** Numeric `exclusiveMinimum`/`exclusiveMaximum` (draft-06+) become the boolean form with `minimum`/`maximum`. */
  private bounds(node: Record<string, unknown>, out: Out): void {
    for (const [limit, exclusive, stricter] of [
      ['minimum', 'exclusiveMinimum', (a: number, b: number) => a >= b],
      ['maximum', 'exclusiveMaximum', (a: number, b: number) => a <= b],
    ] as const) {
      const inclusive = node[limit]
      const strict = node[exclusive]
      if (typeof strict === 'number' && (typeof inclusive !== 'number' || stricter(strict, inclusive))) {
        out[limit] = strict
        out[exclusive] = true
      } else if (inclusive !== undefined) out[limit] = inclusive
    }
  }

  /** `if`/`then`/`else` as `anyOf`: (if and then) or (not if, and else). */
  private conditional(node: Record<string, unknown>, at: Tokens): Out[] {
    const hasThen = hasOwn(node, 'then')
    const hasElse = hasOwn(node, 'else')
    if (!hasThen && !hasElse) return []
    const test = this.convert(node.if, [...at, 'if'])
    const then = hasThen ? this.convert(node.then, [...at, 'then']) : {}
    const otherwise = hasElse ? this.convert(node.else, [...at, 'else']) : {}
    return [{ anyOf: [merge({}, [test, then]), merge({}, [{ not: copyJson(test).copy }, otherwise])] }]
  }

  /** Each dependency as "not an object, or the property is absent, or the dependency holds". */
  private dependencies(node: Record<string, unknown>, at: Tokens, map: Out, keyword: string): Out[] {
    const objectOnly = node.type === 'object'
    return Object.keys(map).map((name) => {
      const dep = map[name]
      const holds = Array.isArray(dep) ? { required: copyJson(dep).copy } : this.convert(dep, [...at, keyword, name])
      const branches: Out[] = [{ not: { required: [name] } }, holds]
      return { anyOf: objectOnly ? branches : [{ not: { type: 'object' } }, ...branches] }
    })
  }
}

/** OpenAPI 3.0 has no null type: only null is a nullable type whose `enum` holds only null. */
function nullOnly(): Out {
  return { type: 'string', nullable: true, enum: [null] }
}

function isNullOnly(s: Out): boolean {
  return Object.keys(s).length === 3 && s.type === 'string' && s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null
}

/**
 * `anyOf: [X, {type: 'null'}]` (how generators write "X or null") as `X` with `nullable: true`,
 * when some branch has a single `type` to carry the flag.
 */
function nullAsNullable(branches: Out[]): Out[] {
  const nulls = branches.filter(isNullOnly)
  const carrier = branches.find((b) => !isNullOnly(b) && typeof b.type === 'string')
  if (nulls.length === 0 || carrier === undefined) return branches
  carrier.nullable = true
  if (Array.isArray(carrier.enum) && !carrier.enum.includes(null)) carrier.enum.push(null)
  return branches.filter((b) => !isNullOnly(b))
}

function examplesOf(node: Record<string, unknown>): unknown {
  return Array.isArray(node.examples) && node.examples.length > 0 ? node.examples[0] : undefined
}

/**
 * `out` with the schemas of `allOf` added: merged in when only annotations would collide (an
 * inlined `$ref` with a `description` beside it), otherwise as an `allOf`.
 */
function merge(out: Out, allOf: Out[]): Out {
  const parts = allOf.filter((s) => !isTrivial(s))
  if (parts.length === 0) return out
  if (parts.length === 1 && Object.keys(out).every((k) => ANNOTATIONS.has(k))) {
    const result = parts[0]!
    for (const k of Object.keys(out)) setKey(result, k, out[k])
    return result
  }
  out.allOf = parts
  return out
}

/**
 * Converts a schema document to an OpenAPI 3.0 Schema Object: `$ref`s inlined (no `components`
 * needed), `$defs`/`definitions` and `$schema` dropped, `type` arrays with `null` as `nullable`,
 * `const` as a one-value `enum`, numeric exclusive bounds in the boolean form, `if`/`then`/`else`
 * and dependencies rewritten with `anyOf`/`not`. Returns a fresh object.
 * @throws Error where OpenAPI 3.0 cannot express the schema: recursive `$ref`s, `$ref`s to other
 *   documents, tuples (`prefixItems`, array `items`), `patternProperties`, `propertyNames`,
 *   `contains`, `unevaluated*`, `$dynamicRef`, `$recursiveRef`
 */
export function toOpenApi30(schema: unknown): Out {
  return new ToOpenApi30(schema).run()
}
