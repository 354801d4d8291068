/**
 * Compile: one schema document (plus what it references) into a graph of nodes. A node is
 * registered before its keywords compile, so a `$ref` back to it finds it: reference cycles
 * become edges to classify, not recursion to survive.
 */
import { Problem, SchemaError } from '../contract/errors.ts'
import type { Hooks } from '../contract/hooks.ts'
import { hasOwn, isObject } from '../documents/json.ts'
import { falseSchemaError, falseSchemaText } from '../contract/words.ts'
import { countExceeded } from '../contract/limits.ts'
import { Handle, Node } from '../evaluator/node.ts'
import type { Step } from '../evaluator/node.ts'
import { Patterns } from './regex.ts'
import type { Dialect, KeywordCatalog, Resource } from '../documents/schema-index.ts'
import { Location, SchemaIndex } from '../documents/schema-index.ts'
import type { CompileContext, CompiledKeyword, FormatChecker, KeywordDefinition, RegexEngine, PatternSyntax, RegexEngineName, ResolvedOptions } from '../contract/types.ts'
import { followPointer, fragmentOf, parsePointer } from '../documents/pointer.ts'
import { DEFAULT_BASE, resolveUri, splitFragment } from '../documents/uri.ts'
import { classifyCycles } from './graph.ts'
import { DynamicAnchors } from './dynamic-anchors.ts'
import { KeywordContext } from './keyword-context.ts'

/** What a compile needs from its kernel. */
export interface CompileEnvironment {
  hooks: Hooks
  catalog: KeywordCatalog
  /** Keywords of a dialect in evaluation order. */
  keywords(dialect: Dialect): readonly string[]
  /** The keywords a dialect compiles, each with its position in evaluation order. */
  keywordInfo(dialect: Dialect): ReadonlyMap<string, KeywordInfo>
  dialect(name: string): Dialect
  /** The message for a `$schema` that names neither a dialect nor a registered meta-schema. */
  unknownDialect(uri: string): string
  /** The dialects that have a keyword (for the strict-mode error of an unknown one). */
  dialectsOf(keyword: string): string[]
  /** Built-in format checkers. */
  formats: Readonly<Record<string, FormatChecker>>
  /** Documents every compile can reach (meta-schemas), by URI. */
  registry: ReadonlyMap<string, unknown>
  /** Regex engines by name (the platform `RegExp` stands in for a missing `ecmascript`). */
  regexEngines: Partial<Record<RegexEngineName, RegexEngine>>
  /** The super-linear pattern check, if the kernel has one. */
  superLinear: ((source: string, syntax?: PatternSyntax) => string | undefined) | undefined
}

/** What compiling one keyword of a dialect needs. */
export interface KeywordInfo {
  /** Position in the dialect's evaluation order. */
  rank: number
  hook: { call(value: unknown, ctx: CompileContext): CompiledKeyword | undefined; readonly taps: readonly unknown[]; readonly interceptors: readonly unknown[] }
  /** Its subschemas apply to child values (`applies: 'child'`). */
  child: boolean
  /**
   * When every tap of the hook is the kernel's own and the definition the hook answers with in
   * this dialect has no `accepts` (whose refusal the hook explains): that definition, and the
   * hook's taps then (no interceptor). While the hook is so, the compile calls the definition
   * itself: the same compile and errors, without the hook's result object per keyword.
   */
  own: KeywordDefinition | undefined
  taps: number
}

export const FALSE_SCHEMA: KeywordDefinition = {
  keyword: 'false schema',
  vocabulary: 'core',
  compile: () => true,
  validate: () => false,
  error: falseSchemaError,
  early: { begin: () => ({ params: {}, message: falseSchemaText() }) },
}

export class Compilation {
  readonly index: SchemaIndex
  readonly nodes: Node[] = []
  /** Nodes of schema objects the index has not located (none, as compiles go): the located ones hang on their location. */
  private unlocated: Map<object, Node> | undefined
  /** @internal */ readonly dynamic = new DynamicAnchors()
  /** The resource the compile starts from: the outermost entry of every dynamic scope. */
  entry: Resource | undefined
  root!: Node
  /** @internal */ readonly patterns: Patterns
  private refs = 0
  /** The nodes of schema objects reached a second time (a reference, or a shared or self-containing object), undefined while none is. */
  private reentered: Node[] | undefined

  constructor(
    /** @internal */ readonly env: CompileEnvironment,
    readonly options: ResolvedOptions,
  ) {
    this.patterns = new Patterns(env, options)
    this.index = new SchemaIndex({
      shapes: env.catalog.shapes,
      dialectFor: (uri) => env.catalog.dialectFor(uri) ?? this.customDialect(uri),
    })
  }

  /** Custom meta-schemas' dialects by URI (made at the first one: most compiles name none). */
  private customDialects: Map<string, Dialect | undefined> | undefined

  /**
   * A dialect for a custom meta-schema: the dialect its own `$schema` names, restricted to the
   * standard vocabularies its `$vocabulary` lists.
   */
  private customDialect(uri: string): Dialect | undefined {
    const [key] = splitFragment(uri)
    const customDialects = (this.customDialects ??= new Map())
    if (customDialects.has(key)) return customDialects.get(key)
    customDialects.set(key, undefined)
    const doc =
      this.options.schemas[key] ??
      this.options.schemas[key + '#'] ??
      this.env.registry.get(key) ??
      (this.options.untrusted ? undefined : this.env.hooks.resolveRef.call(key))
    // Guessing the dialect of a schema whose $schema nobody can read would misread its keywords.
    if (doc === undefined) throw new Error(this.env.unknownDialect(uri))
    if (!isObject(doc)) return undefined
    const base = typeof doc.$schema === 'string' ? this.env.catalog.dialectFor(doc.$schema) : undefined
    if (base === undefined) return undefined
    let dialect = base
    if (isObject(doc.$vocabulary)) {
      const vocabularies = new Set(Object.keys(doc.$vocabulary).map((v) => v.slice(v.lastIndexOf('/') + 1)))
      dialect = { ...base, vocabularies }
    }
    customDialects.set(key, dialect)
    return dialect
  }

  /** Compiles the root document; throws `SchemaError` listing the problem. */
  compileRoot(schema: unknown): Node {
    const normalized = this.env.hooks.normalizeSchema.call(schema, DEFAULT_BASE)
    const dialect = this.env.dialect(this.options.defaultDialect)
    let rootId: unknown
    try {
      rootId = isObject(normalized) ? dialect.identify(normalized).id : undefined
    } catch (e) {
      if (e instanceof RangeError || !(e instanceof Error)) throw e
      // A schema that cannot be read (a throwing getter or Proxy trap) is a malformed schema.
      throw new SchemaError([{ schemaPath: '#', message: `reading the schema threw: ${e.message}` }])
    }
    let base = DEFAULT_BASE
    if (typeof rootId === 'string') {
      try {
        base = splitFragment(resolveUri(rootId, DEFAULT_BASE))[0]
      } catch (e) {
        throw new SchemaError([{ schemaPath: '#/$id', message: (e as Error).message }])
      }
    }
    try {
      this.indexDocument(normalized, base, '', dialect)
      this.entry = this.index.resources.get(base)
      this.root = this.nodeFor(normalized, this.locate(normalized, base))
      if (this.dynamic.used) {
        this.dynamic.link(
          () => [...this.index.resources.values(), ...this.index.shadowed],
          (target) => this.nodeFor(target, this.index.located.get(target as object)!),
        )
      }
      // Without a node reached twice (every edge made a new node) the graph is a tree: no cycle.
      // Dynamic anchors add edges of their own after the compile: then search from every node.
      const cycles = this.dynamic.used ? classifyCycles(this.nodes) : this.reentered !== undefined ? classifyCycles(this.nodes, this.reentered) : []
      this.hasCycles = cycles.length > 0
      if (this.hasCycles) for (const n of this.nodes) n.cyclic = true
      for (const cycle of cycles) this.env.hooks.cycle.call({ path: cycle })
      const { untrusted, maxWork } = this.options
      // Only a schema with limits evaluates with the metered run (chosen per pass, not per value).
      const policy = untrusted || maxWork !== Infinity ? { maxWork, capErrors: untrusted } : null
      for (let i = 0; i < this.nodes.length; i++) {
        const n = this.nodes[i]!
        n.pushScope = this.dynamic.used
        n.policy = policy
        n.finish()
      }
    } catch (e) {
      if (e instanceof Problem) throw new SchemaError([e.problem])
      if (e instanceof RangeError) {
        throw new SchemaError([{ schemaPath: '#', message: 'schema is nested too deeply to compile' }])
      }
      throw e
    }
    return this.root
  }

  /** The handle of a resource's dynamic anchor (every one a `$dynamicRef` may reach is compiled). */
  dynamicHandle(resource: Resource, anchor: string): Handle {
    return this.dynamic.handle(resource, anchor)
  }

  private locate(value: unknown, uri: string): Location {
    if (isObject(value)) {
      const found = this.index.located.get(value)
      if (found !== undefined) return found
    }
    const resource = this.index.resources.get(uri)
    if (resource === undefined) throw new Error(`internal: no resource ${uri}`)
    return new Location(resource, resource.document, null, [], resource.dialect, true)
  }

  /** The node for a schema value at a location; booleans get a fresh node each time. */
  nodeFor(value: unknown, where: Location): Node {
    let at: Location | undefined
    if (isObject(value)) {
      at = this.index.located.get(value)
      const existing = at !== undefined ? (at.compiled as Node | undefined) : this.unlocated?.get(value)
      if (existing !== undefined) {
        ;(this.reentered ??= []).push(existing)
        return existing
      }
    } else if (typeof value !== 'boolean') {
      throw new Problem({ schemaPath: this.pathOf(where), message: `a schema must be an object or a boolean, got ${describeValue(value)}` })
    }
    const node = new Node(this.nodes.length, value, where)
    if (this.nodes.length >= this.options.maxSchemaNodes) throw countExceeded('maxSchemaNodes', this.options.maxSchemaNodes, node.location)
    this.nodes.push(node)
    // The node's steps go on a stack shared by the nested compiles (a subschema finishes before
    // its parent's next keyword), then into an array of exactly their number.
    const steps = this.stepTop
    const edges = this.edgeTop
    if (value === false) {
      this.pushStep(node.step(FALSE_SCHEMA, true, 'false schema', true))
      this.takeParts(node, steps, edges)
      return node
    }
    if (value === true) return node
    const schema = value as Record<string, unknown>
    if (at !== undefined) at.compiled = node
    else (this.unlocated ??= new Map()).set(schema, node)
    const dialect = where.dialect
    const order = this.env.keywordInfo(dialect)
    const onlyRef = dialect.refOverridesSiblings === true && hasOwn(schema, '$ref')
    // The schema's own keys, known ones in the dialect's keyword order, unknown ones after them
    // (a schema has a handful of keys; the dialect knows dozens of keywords). Sorted in place by
    // insertion: no allocation beyond the key list.
    // The index listed them (sorted here in place: it is done with them).
    let keys = at?.keys
    if (keys === undefined) keys = Object.keys(schema)
    else at!.keys = undefined
    // Each key's info looked up once, sorted beside its key on a stack the nested compiles share
    // (a subschema's keys sit above its parent's until it is done).
    const infos = this.infoStack
    const base = this.infoTop
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!
      const info = order.get(k)
      const r = info === undefined ? Infinity : info.rank
      let j = i - 1
      while (j >= 0 && (infos[base + j] === undefined ? Infinity : infos[base + j]!.rank) > r) {
        keys[j + 1] = keys[j]!
        infos[base + j + 1] = infos[base + j]
        j--
      }
      keys[j + 1] = k
      infos[base + j + 1] = info
    }
    let known = 0
    while (known < keys.length && infos[base + known] !== undefined) known++
    this.infoTop = base + known
    for (let i = 0; i < known; i++) {
      const keyword = keys[i]!
      if (onlyRef && keyword !== '$ref') continue
      this.compileKeyword(node, schema, keyword, where, infos[base + i]!)
    }
    this.infoTop = base
    for (let i = known; i < keys.length; i++) {
      const keyword = keys[i]!
      const ctx = new KeywordContext(this, node, schema, keyword, where, false)
      const step = this.env.hooks.unknownKeyword.call(keyword, schema[keyword], ctx)
      if (step !== undefined) this.pushStep(node.step(step.definition, step.compiled, keyword))
      else if (this.options.strict && dialect.extensions?.test(keyword) !== true) {
        const elsewhere = this.env.dialectsOf(keyword)
        ctx.fail(
          elsewhere.length === 0
            ? `unknown keyword "${keyword}" (strict mode; a typo?)`
            : `unknown keyword "${keyword}" in ${dialect.name} (strict mode): it is a keyword of ${elsewhere.join(' / ')}; choose that dialect or rewrite it`,
        )
      }
    }
    this.takeParts(node, steps, edges)
    return node
  }

  private compileKeyword(node: Node, schema: Record<string, unknown>, keyword: string, where: Location, info: KeywordInfo): void {
    const ctx = new KeywordContext(this, node, schema, keyword, where, info.child)
    const value = schema[keyword]
    const hook = info.hook
    let definition = info.own
    let compiled: unknown
    // Taps and interceptors are only ever added: the count of taps alone is the hook as it was.
    if (definition !== undefined && hook.taps.length + hook.interceptors.length === info.taps) compiled = definition.compile(value, ctx)
    else {
      const step = hook.call(value, ctx)
      definition = step?.definition
      compiled = step?.compiled
    }
    if (compiled !== undefined) this.pushStep(node.step(definition!, compiled, keyword))
  }

  /** The keyword infos of the schemas being compiled, from `infoTop` down (see `nodeFor`). */
  private readonly infoStack: (KeywordInfo | undefined)[] = []
  private infoTop = 0
  private readonly stepStack: Step[] = []
  private stepTop = 0
  private readonly edgeStack: Handle[] = []
  private edgeTop = 0

  private pushStep(step: Step): void {
    this.stepStack[this.stepTop++] = step
  }

  /** Records an edge of the node being compiled (its keyword's subschema or reference). */
  /** @internal */ pushEdge(handle: Handle): void {
    this.edgeStack[this.edgeTop++] = handle
  }

  /** Moves the steps and edges pushed since `steps` and `edges` into the node. */
  private takeParts(node: Node, steps: number, edges: number): void {
    if (this.stepTop > steps) node.steps = this.stepStack.slice(steps, this.stepTop)
    for (let i = steps; i < this.stepTop; i++) this.stepStack[i] = undefined as never
    this.stepTop = steps
    if (this.edgeTop > edges) node.edges = this.edgeStack.slice(edges, this.edgeTop)
    for (let i = edges; i < this.edgeTop; i++) this.edgeStack[i] = undefined as never
    this.edgeTop = edges
  }

  /** @internal */ pathOf(where: Location, more: readonly (string | number)[] = []): string {
    return where.document.label + fragmentOf([...where.docTokens, ...more])
  }

  /**
   * `childLocation` of `parent`'s `keyword` and `segments`: the token list is made only when the
   * index has not located the value already (it has every object subschema the walk reached).
   */
  /** @internal */ subschemaLocation(value: unknown, parent: Location, keyword: string, segments: readonly (string | number)[]): Location {
    if (isObject(value)) {
      const found = this.index.located.get(value)
      if (found !== undefined) return found
    }
    return this.childLocation(value, parent, [keyword, ...segments])
  }

  /** @internal */ childLocation(value: unknown, parent: Location, tokens: (string | number)[]): Location {
    if (isObject(value)) {
      const found = this.index.located.get(value)
      if (found !== undefined) return found
      this.index.adopt(value, parent, tokens)
      return this.index.located.get(value)!
    }
    return new Location(parent.resource, parent.document, parent, tokens, parent.dialect, false)
  }

  /**
   * The targets references resolved to, by the resource they sit in (whose URI is their base) and
   * reference: a schema refers to one definition from many places, and resolving is URI and
   * pointer parsing each time. Keyed by the resource, then the reference as the schema holds it:
   * no key string made (and hashed) per reference.
   */
  private resolved: Map<Resource, Map<string, ResolvedRef>> | undefined

  /** Resolves a reference to a node; a `Problem` (at `at.schemaPath`) when it cannot. */
  /** @internal */ resolve(ref: string, where: Location, at: { readonly schemaPath: string }): { node: Node; fragment: string; resource: Resource } {
    const byRef = this.resolved?.get(where.resource)
    const known = byRef?.get(ref)
    if (known !== undefined) {
      // Indexing since then may have found a second schema with the URI or anchor: as uncached.
      const { uri, fragment, resource } = known
      if (this.index.ambiguous.has(uri)) {
        throw unresolved(ref, at, `two schemas have the $id "${uri}"`)
      }
      if (resource.ambiguousAnchors?.has(fragment) && !(fragment === '' || fragment.startsWith('/'))) {
        throw unresolved(ref, at, `two schemas in ${uri || 'the root resource'} have the anchor "${fragment}"`)
      }
      return { node: this.nodeFor(known.target, known.location), fragment, resource }
    }
    let uri: string
    let fragment: string
    try {
      ;[uri, fragment] = splitFragment(resolveUri(ref, where.resource.uri))
    } catch (e) {
      throw new Problem({ schemaPath: at.schemaPath, message: (e as Error).message })
    }
    const resource = this.resourceFor(uri)
    if (resource === undefined) {
      throw unresolved(ref, at, `no schema with URI "${uri}" (register it through the "schemas" option)`)
    }
    if (this.index.ambiguous.has(uri)) {
      throw unresolved(ref, at, `two schemas have the $id "${uri}"`)
    }
    let target: unknown
    let location: Location
    if (fragment === '' || fragment.startsWith('/')) {
      let tokens: string[]
      try {
        tokens = parsePointer(fragment)
      } catch (e) {
        throw unresolved(ref, at, (e as Error).message)
      }
      const found = followPointer(resource.root, tokens)
      if (!found.found) throw unresolved(ref, at, `"${fragment}" is not in ${uri}`)
      target = found.value
      const rootLocation = this.locate(resource.root, resource.uri)
      location = this.childLocation(target, rootLocation.in(resource), tokens)
    } else {
      if (resource.ambiguousAnchors?.has(fragment)) {
        throw unresolved(ref, at, `two schemas in ${uri || 'the root resource'} have the anchor "${fragment}"`)
      }
      if (!resource.anchors.has(fragment)) {
        throw unresolved(ref, at, `no anchor "${fragment}" in ${uri}`)
      }
      target = resource.anchors.get(fragment)
      location = this.index.located.get(target as object)!
    }
    if (byRef !== undefined) byRef.set(ref, new ResolvedRef(uri, fragment, resource, target, location))
    else (this.resolved ??= new Map()).set(where.resource, new Map([[ref, new ResolvedRef(uri, fragment, resource, target, location)]]))
    return { node: this.nodeFor(target, location), fragment, resource }
  }

  private resourceFor(uri: string): Resource | undefined {
    const known = this.index.resources.get(uri)
    if (known !== undefined) return known
    // Untrusted mode reaches only what the caller registered: no hook that might fetch.
    const doc =
      this.options.schemas[uri] ??
      this.options.schemas[uri + '#'] ??
      this.env.registry.get(uri) ??
      (this.options.untrusted ? undefined : this.env.hooks.resolveRef.call(uri))
    if (doc === undefined) return undefined
    const dialect = this.env.dialect(this.options.defaultDialect)
    this.indexDocument(doc, uri, uri, dialect)
    return this.index.resources.get(uri)
  }

  /** Indexes a document; an `$id` that cannot be resolved (`"a:"` then `"b.json"`) is a schema problem. */
  private indexDocument(doc: unknown, uri: string, label: string, dialect: Dialect): void {
    try {
      this.index.addDocument(doc, uri, label, dialect)
    } catch (e) {
      if (e instanceof RangeError || !(e instanceof Error)) throw e
      throw new Problem({ schemaPath: label === '' ? '#' : label, message: e.message })
    }
  }

  /** @internal */ countRef(at: { readonly schemaPath: string }): void {
    if (++this.refs > this.options.maxRefs) throw countExceeded('maxRefs', this.options.maxRefs, at.schemaPath)
  }

  /** Whether some reference sits in an in-place cycle (set once the graph is classified). */
  hasCycles = false
}

/** A reference's target, as `resolve` found it. */
class ResolvedRef {
  constructor(
    readonly uri: string,
    readonly fragment: string,
    readonly resource: Resource,
    readonly target: unknown,
    readonly location: Location,
  ) {}
}

/** The schema problem of a reference that cannot be resolved, and why. */
function unresolved(ref: string, at: { readonly schemaPath: string }, why: string): Problem {
  return new Problem({ schemaPath: at.schemaPath, message: `cannot resolve reference "${ref}": ${why}` })
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}
