/**
 * Draft 2020-12 / 2019-09 to draft-07. Keeps the document's structure and its `$ref`s (the AI SDK
 * and model providers read `$ref` + `definitions`), renames what draft-07 spells differently,
 * re-points every `$ref` into this document at the moved location, and throws where draft-07
 * cannot say the same thing. Draft-07 parts of a document are copied as they are.
 */
import { copyJson, formatPointer, hasOwn, isObject, parsePointer, uriFragmentOf } from '../core/index.ts'
import { SchemaDocument, eachSubschema, shapeOf } from './document.ts'
import { ANNOTATIONS, cannotExpress, isTrivial, setKey } from './shared.ts'
import type { Tokens } from './shared.ts'

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'
const CONTENT = new Set(['contentMediaType', 'contentEncoding', 'contentSchema'])

/** Keywords read together after the loop (their output depends on each other). */
const LATER_HANDLED = new Set([
  '$schema', '$vocabulary', '$recursiveAnchor', '$id', '$anchor', '$dynamicAnchor',
  'minContains', 'maxContains', 'prefixItems', 'items', 'additionalItems',
  'dependencies', 'dependentRequired', 'dependentSchemas',
])

interface PendingRef {
  holder: Record<string, unknown>
  ref: string
  base: string
}

/** One conversion: the document index, where each input subschema went, the `$ref`s to re-point. */
class ToDraft07 {
  private readonly doc: SchemaDocument
  /** Input pointer (from the document root) to output pointer tokens, for every subschema. */
  private readonly moved = new Map<string, Tokens>()
  private readonly refs: PendingRef[] = []

  constructor(root: unknown) {
    this.doc = new SchemaDocument(root)
  }

  run(): unknown {
    const out = this.convert(this.doc.root, [], [])
    // Every location is known only once the whole document is converted.
    for (const r of this.refs) r.holder.$ref = this.repoint(r.ref, r.base)
    return out
  }

  /** Converts the subschema at input `at`, placed at output `to`. */
  private convert(node: unknown, at: Tokens, to: Tokens): unknown {
    this.moved.set(formatPointer(at), to)
    if (!isObject(node)) return node
    const here = this.doc.at(at)!
    const out: Record<string, unknown> = {}
    const sub = (keyword: string, outKeyword: string, value: unknown): unknown => {
      const shape = shapeOf(here.dialect, keyword)
      if (shape === undefined) return copyJson(value).copy
      if (shape === 'schema' || (shape === 'schemaOrArray' && !Array.isArray(value))) {
        return this.convert(value, [...at, keyword], [...to, outKeyword])
      }
      if (typeof value !== 'object' || value === null) return copyJson(value).copy
      // Dependency lists (not subschemas) come along with the copy; subschemas replace theirs.
      const result = (shape === 'dependencies' ? copyJson(value).copy : Array.isArray(value) ? [] : {}) as Record<string, unknown>
      eachSubschema(shape, value, (child, segments) => {
        setKey(result, segments[0]!, this.convert(child, [...at, keyword, ...segments], [...to, outKeyword, ...segments]))
      })
      return result
    }

    const later = here.dialect !== 'draft-07'
    if (later) {
      if (at.length === 0 && hasOwn(node, '$schema')) out.$schema = DRAFT_07
      this.identity(node, out, at)
    }
    for (const keyword of Object.keys(node)) {
      const value = node[keyword]
      if (keyword === '$ref') out.$ref = value
      else if (!later) setKey(out, keyword, sub(keyword, keyword, value))
      else if (LATER_HANDLED.has(keyword)) continue
      else if (keyword === '$defs' || keyword === 'definitions') {
        const converted = sub(keyword, 'definitions', value)
        const into = (out.definitions ??= {}) as Record<string, unknown>
        if (!isObject(converted)) continue
        for (const name of Object.keys(converted)) {
          if (hasOwn(into, name)) cannotExpress('draft-07', `both $defs and definitions defining "${name}"`, at)
          setKey(into, name, converted[name])
        }
      } else if (CONTENT.has(keyword)) {
        continue // annotations from 2019-09 on; draft-07 may assert them (schemavet does)
      } else if (keyword === '$dynamicRef' || keyword === '$recursiveRef') {
        cannotExpress('draft-07', `${keyword} (resolution through the dynamic scope)`, [...at, keyword])
      } else if (keyword === 'unevaluatedProperties' || keyword === 'unevaluatedItems') {
        if (!isTrivial(value)) cannotExpress('draft-07', `${keyword} (it depends on what other keywords evaluated)`, [...at, keyword])
      } else if (keyword === 'contains') {
        const { minContains: min, maxContains: max } = node
        if (min === 0 && max === undefined) continue // passes every array
        if (max !== undefined) cannotExpress('draft-07', 'maxContains', [...at, 'maxContains'])
        if (min !== undefined && min !== 1) cannotExpress('draft-07', 'minContains above 1', [...at, 'minContains'])
        out.contains = sub('contains', 'contains', value)
      } else setKey(out, keyword, sub(keyword, keyword, value))
    }

    if (later) {
      if (Array.isArray(out.enum) && out.enum.length === 0) {
        // Draft-07 wants a non-empty enum; an empty one admits nothing, as false does.
        delete out.enum
        out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), false]
      }
      this.arrays(node, out, here.dialect === '2020-12', sub)
      this.dependencies(node, out, at, sub)
    }
    if (typeof out.$ref !== 'string') return out
    let holder = out
    if (later && Object.keys(out).some((k) => k !== '$ref' && k !== '$schema' && k !== 'definitions' && !ANNOTATIONS.has(k))) {
      // Draft-07 ignores every sibling of $ref: move the reference to where siblings still count.
      holder = { $ref: out.$ref }
      delete out.$ref
      out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), holder]
    }
    this.refs.push({ holder, ref: holder.$ref as string, base: here.base })
    return out
  }

  /** `$id` stays; `$anchor` (and `$dynamicAnchor`, where no `$dynamicRef` exists) becomes a `#name` id. */
  private identity(node: Record<string, unknown>, out: Record<string, unknown>, at: Tokens): void {
    if (typeof node.$dynamicAnchor === 'string' && this.doc.refersOutside()) {
      // Another document's $dynamicRef could land here through the dynamic scope.
      cannotExpress('draft-07', '$dynamicAnchor in a schema that refers to other documents', [...at, '$dynamicAnchor'])
    }
    const names = [node.$anchor, node.$dynamicAnchor].filter((a): a is string => typeof a === 'string')
    if (new Set(names).size > 1) cannotExpress('draft-07', 'two different anchors on one schema', at)
    let id = typeof node.$id === 'string' ? node.$id.replace(/#$/, '') : undefined
    if (names.length > 0) id = `${id ?? ''}#${names[0]}`
    if (id !== undefined && id !== '') out.$id = id
  }

  /** 2020-12 `prefixItems` + `items` become `items` (an array) + `additionalItems`; 2019-09 already has those. */
  private arrays(node: Record<string, unknown>, out: Record<string, unknown>, is2020: boolean, sub: SubFn): void {
    if (is2020 && hasOwn(node, 'prefixItems')) {
      out.items = sub('prefixItems', 'items', node.prefixItems)
      if (hasOwn(node, 'items')) out.additionalItems = sub('items', 'additionalItems', node.items)
      return
    }
    if (hasOwn(node, 'items')) out.items = sub('items', 'items', node.items)
    if (!is2020 && hasOwn(node, 'additionalItems')) out.additionalItems = sub('additionalItems', 'additionalItems', node.additionalItems)
  }

  /** `dependentRequired` and `dependentSchemas` merge into `dependencies` (an `allOf` where a name has several). */
  private dependencies(node: Record<string, unknown>, out: Record<string, unknown>, at: Tokens, sub: SubFn): void {
    const entries = new Map<string, { value: unknown; from: string }[]>()
    for (const keyword of ['dependencies', 'dependentRequired', 'dependentSchemas']) {
      if (!hasOwn(node, keyword) || !isObject(node[keyword])) continue
      const converted = (keyword === 'dependentRequired' ? copyJson(node[keyword]).copy : sub(keyword, 'dependencies', node[keyword])) as Record<string, unknown>
      for (const name of Object.keys(converted)) entries.set(name, [...(entries.get(name) ?? []), { value: converted[name], from: keyword }])
    }
    if (entries.size === 0) return
    const dependencies: Record<string, unknown> = {}
    for (const [name, list] of entries) {
      if (list.length === 1) {
        setKey(dependencies, name, list[0]!.value)
        continue
      }
      list.forEach((e, i) => {
        if (!Array.isArray(e.value)) this.shift([...at, e.from, name], i)
      })
      setKey(dependencies, name, { allOf: list.map((e) => (Array.isArray(e.value) ? { required: e.value } : e.value)) })
    }
    out.dependencies = dependencies
  }

  /** Records that everything converted from input `at` now sits one `allOf/<index>` further down. */
  private shift(at: Tokens, index: number): void {
    const prefix = formatPointer(at)
    const head = this.moved.get(prefix)?.length
    if (head === undefined) return
    for (const [key, to] of this.moved) {
      if (key === prefix || key.startsWith(prefix + '/')) this.moved.set(key, [...to.slice(0, head), 'allOf', index, ...to.slice(head)])
    }
  }

  /** The reference text pointing at the same place in the output (anchors and other documents unchanged). */
  private repoint(ref: string, base: string): string {
    const target = this.doc.resolve(ref, base)
    if (target === undefined || !target.fragment.startsWith('/')) return ref
    const resource = this.doc.locate(target.uri, '')
    const root = resource === undefined ? undefined : this.moved.get(formatPointer(resource.tokens))
    if (root === undefined) return ref
    // The longest prefix that is a subschema; the rest (a pointer into a keyword's value) is kept.
    const tokens = parsePointer(target.fragment)
    for (let n = tokens.length; n >= 0; n--) {
      const hit = this.doc.locate(target.uri, formatPointer(tokens.slice(0, n)))
      const to = hit === undefined ? undefined : this.moved.get(formatPointer(hit.tokens))
      if (to === undefined) continue
      const rest = tokens.slice(n)
      const hash = ref.indexOf('#')
      return (hash < 0 ? ref : ref.slice(0, hash)) + uriFragmentOf([...to.slice(root.length), ...rest])
    }
    return ref
  }
}

type SubFn = (keyword: string, outKeyword: string, value: unknown) => unknown

/**
 * Converts a schema document (draft 2020-12, 2019-09 or draft-07, by its `$schema`) to draft-07.
 * Returns a fresh object sharing nothing with `schema`.
 * @throws Error where draft-07 cannot express the schema: `unevaluatedProperties`/`unevaluatedItems`
 *   (unless `true`/`{}`), `$dynamicRef`, `$recursiveRef`, `maxContains`, `minContains` above 1
 */
export function toDraft07(schema: unknown): unknown {
  return new ToDraft07(schema).run()
}
