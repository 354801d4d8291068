/**
 * The schema graph's address book: every schema resource (`$id`, document roots), anchor and
 * subschema of the documents a compile touches, keyed by canonical URI. Built by an iterative
 * walk guided by the keywords' declared `schemaShape`, so `$id` inside `enum` or an unknown
 * keyword is not mistaken for a resource, and a schema object that contains itself terminates.
 */
import type { DialectName, KeywordDefinition } from '../contract/types.ts'
import { hasOwn, isObject } from './json.ts'
import { DEFAULT_BASE, resolveUri, splitFragment } from './uri.ts'

/**
 * The dynamic-anchor name under which a resource with `$recursiveAnchor: true` (2019-09) is
 * registered, so `$recursiveRef` shares `$dynamicRef`'s machinery. Not a valid anchor name.
 */
export const RECURSIVE_ANCHOR = '$recursiveAnchor'

/** What identifies a schema object, as a dialect reads it. */
export interface Identity {
  id?: string
  anchor?: string
  dynamicAnchor?: string
  recursiveAnchor?: boolean
}

/** A dialect: how a draft identifies resources; its keywords come from definitions. */
export interface Dialect {
  name: DialectName
  /**
   * The URI that `$schema` names for this dialect (without trailing `#`); undefined when none does
   * (OpenAPI 3.0: chosen by `defaultDialect` only).
   */
  metaSchema?: string
  /** Other `$schema` URIs that name this dialect (dated releases of it). */
  aliases?: readonly string[]
  /**
   * The meta-schema a schema of this dialect is checked against, when not `metaSchema` (OpenAPI
   * dialects: the JSON Schema meta-schema they build on; their own keywords check their shapes).
   */
  checkedBy?: string
  /** Reads `$id` / `$anchor` / `$dynamicAnchor` (or the draft's equivalents). */
  identify(schema: Record<string, unknown>): Identity
  /** Draft-07 and earlier: keywords beside `$ref` are ignored. */
  refOverridesSiblings?: boolean
  /**
   * An `$id` or anchor that two schemas share is an error only where a reference uses it (draft-07
   * and earlier: generated schemas in the wild repeat ids); otherwise the schema is refused.
   */
  clashesOnReference?: boolean
  /** Keys that are extensions in this dialect (OpenAPI `x-*`): annotations, even in strict mode. */
  extensions?: RegExp
  /**
   * Standard vocabularies in effect (short names: `applicator`, `validation`, ...), from a custom
   * meta-schema's `$vocabulary`; undefined means all.
   */
  vocabularies?: ReadonlySet<string>
}

// The records below are classes, not object literals: V8 moves an object literal's allocation site
// to the old generation once a large compile keeps many of its objects alive, and every later
// compile's records would then be old garbage holding young objects through each scavenge.

/** A schema resource: a document root or a subschema with its own `$id`. */
export class Resource {
  readonly anchors = new Map<string, unknown>()
  /** Anchor names two schemas of this resource declare: a reference to one is a schema error. */
  ambiguousAnchors: Set<string> | undefined
  readonly dynamicAnchors = new Set<string>()
  recursiveAnchor = false
  constructor(
    readonly uri: string,
    readonly root: unknown,
    public dialect: Dialect,
    readonly document: SchemaDocument,
  ) {}
}

/** A whole document (the root schema, or one from the registry). */
export class SchemaDocument {
  constructor(
    /** Prefix of schema paths in this document: `''` for the root document, else its URI. */
    readonly label: string,
    readonly root: unknown,
  ) {}
}

/**
 * Where a schema object sits: the location it is under and the tokens from there. A location
 * holds its own tokens, not the whole path, so locating a schema nested n levels deep costs n
 * steps, not the n² of copying every path (the path is made when asked for).
 */
export class Location {
  private tokens: (string | number)[] | undefined
  /** What the compile made of the schema object here (its node), once it has: no map by object beside `located`. */
  compiled: unknown = undefined
  /** The object's own keys as the index listed them, until the compile takes them (listed once, not twice). */
  keys: string[] | undefined = undefined
  constructor(
    readonly resource: Resource,
    readonly document: SchemaDocument,
    /** The location `own` continues (in the same document), or null: `own` starts at the document root. */
    private readonly up: Location | null,
    private readonly own: readonly (string | number)[],
    readonly dialect: Dialect,
    /** The schema object starts a resource of its own. */
    readonly isResourceRoot: boolean,
  ) {
    if (up === null) this.tokens = own as (string | number)[]
  }

  /** The same place taken as part of `resource`. */
  in(resource: Resource): Location {
    return new Location(resource, this.document, this.up, this.own, this.dialect, this.isResourceRoot)
  }

  /** Tokens from the document root (made at the first read, then kept). */
  get docTokens(): (string | number)[] {
    if (this.tokens !== undefined) return this.tokens
    const chain: Location[] = []
    let at: Location | null = this
    while (at !== null && at.tokens === undefined) {
      chain.push(at)
      at = at.up
    }
    const out = at === null ? [] : at.tokens!.slice()
    for (let i = chain.length - 1; i >= 0; i--) for (const t of chain[i]!.own) out.push(t)
    return (this.tokens = out)
  }
}

/** Ordered keyword knowledge the index needs: shapes per dialect. */
export interface KeywordCatalog {
  /** The dialect's keywords that hold subschemas, each with its shape (one map per dialect, kept by the kernel). */
  shapes(dialect: DialectName): ReadonlyMap<string, NonNullable<KeywordDefinition['schemaShape']>>
  dialectFor(metaSchemaUri: string): Dialect | undefined
}

// Most schemas have no `$id` at all: what only clashing ids need is made when the first clash is.
const NO_URIS: ReadonlySet<string> = new Set()
const NO_RESOURCES: readonly Resource[] = Object.freeze([])

export class SchemaIndex {
  readonly resources = new Map<string, Resource>()
  readonly located = new Map<object, Location>()
  private clashes: Set<string> | undefined
  private lost: Resource[] | undefined
  /** URIs that two different schemas declare as their `$id`: a reference to one is a schema error. */
  get ambiguous(): ReadonlySet<string> {
    return this.clashes ?? NO_URIS
  }
  /** The resources that lost their URI to an earlier one (still in the dynamic scope). */
  get shadowed(): readonly Resource[] {
    return this.lost ?? NO_RESOURCES
  }

  constructor(private readonly catalog: KeywordCatalog) {}

  /** Indexes a document under `uri` (the registry key or the default base). */
  addDocument(root: unknown, uri: string, label: string, dialect: Dialect): SchemaDocument {
    const doc = new SchemaDocument(label, root)
    const [base] = splitFragment(uri)
    const resource = this.newResource(base, root, dialect, doc)
    this.walk(root, resource, doc, null, [], dialect, true)
    return doc
  }

  /** Indexes a subschema found by pointer inside an unknown keyword (not seen by the walk). */
  adopt(value: unknown, parent: Location, tokens: (string | number)[]): void {
    this.walk(value, parent.resource, parent.document, parent, tokens, parent.dialect, false)
  }

  /**
   * The dialect a `$schema` names when that dialect (not the enclosing one) finds an identifier in
   * the schema: a draft-06 `$id` resource inside a draft-04 document, which draft-04 (`id`) misses.
   * Otherwise `$schema` is not at a resource root and is ignored, whatever it names.
   */
  private identifiedBy(schemaUri: string, value: Record<string, unknown>): Dialect | undefined {
    let named: Dialect | undefined
    try {
      named = this.catalog.dialectFor(schemaUri)
    } catch {
      return undefined
    }
    return named !== undefined && named.identify(value).id !== undefined ? named : undefined
  }

  private newResource(uri: string, root: unknown, dialect: Dialect, document: SchemaDocument): Resource {
    const resource = new Resource(uri, root, dialect, document)
    const known = this.resources.get(uri)
    // Two schemas claiming one URI: a reference to it would silently pick one of them. Legacy
    // dialects refuse only such a reference (generated draft-04/06 schemas repeat ids such as
    // "#/properties/items" in unrelated places, harmless until referenced).
    if (known !== undefined && known.root !== root) {
      if (dialect.clashesOnReference !== true) throw new Error(`two schemas have the $id "${uri}"`)
      ;(this.clashes ??= new Set()).add(uri)
      ;(this.lost ??= []).push(resource)
    }
    if (known === undefined) this.resources.set(uri, resource)
    return resource
  }

  private walk(
    start: unknown,
    startResource: Resource,
    document: SchemaDocument,
    startUp: Location | null,
    startTokens: (string | number)[],
    startDialect: Dialect,
    startIsRoot: boolean,
  ): void {
    // Parallel stacks (no tuple per subschema): value, its resource, the location its tokens
    // continue and those tokens, and its dialect. Only the start can be a document root.
    const values: unknown[] = [start]
    const resources: Resource[] = [startResource]
    const ups: (Location | null)[] = [startUp]
    const tokenLists: (string | number)[][] = [startTokens]
    const dialects: Dialect[] = [startDialect]
    let top = 1
    // The shapes of the dialect met last: one lookup per key, not a definition search per key.
    let shapesOf: DialectName | undefined
    let shapes: ReadonlyMap<string, NonNullable<KeywordDefinition['schemaShape']>> | undefined
    while (top > 0) {
      top--
      const value = values[top]
      const parentResource = resources[top]!
      const up = ups[top] ?? null
      const tokens = tokenLists[top]!
      const parentDialect = dialects[top]!
      const isDocRoot = startIsRoot && value === start
      if (!isObject(value) || this.located.has(value)) continue
      let dialect = parentDialect
      let resource = parentResource
      const schemaUri = value.$schema
      const identity = dialect.identify(value)
      if (typeof schemaUri === 'string') {
        if (isDocRoot || identity.id !== undefined) dialect = this.catalog.dialectFor(schemaUri) ?? dialect
        else dialect = this.identifiedBy(schemaUri, value) ?? dialect
      }
      const ident = dialect === parentDialect ? identity : dialect.identify(value)
      let isResourceRoot = isDocRoot
      if (ident.id !== undefined) {
        const [uri] = splitFragment(resolveUri(ident.id, parentResource.uri || DEFAULT_BASE))
        if (isDocRoot && uri === parentResource.uri) {
          resource.dialect = dialect
        } else {
          resource = this.newResource(uri, value, dialect, document)
        }
        isResourceRoot = true
      } else if (isDocRoot) {
        resource.dialect = dialect
      }
      if (ident.anchor !== undefined) setAnchor(resource, ident.anchor, value)
      if (ident.dynamicAnchor !== undefined) {
        setAnchor(resource, ident.dynamicAnchor, value, true)
        resource.dynamicAnchors.add(ident.dynamicAnchor)
      }
      if (ident.recursiveAnchor === true && isResourceRoot) {
        resource.recursiveAnchor = true
        resource.anchors.set(RECURSIVE_ANCHOR, value)
        resource.dynamicAnchors.add(RECURSIVE_ANCHOR)
      }
      const location = new Location(resource, document, up, tokens, dialect, isResourceRoot)
      this.located.set(value, location)
      // An indexed loop: each step of an iterator allocates in code the engine has not optimized.
      const keys = Object.keys(value)
      location.keys = keys
      if (shapesOf !== dialect.name) shapes = this.catalog.shapes((shapesOf = dialect.name))
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!
        const shape = shapes!.get(key)
        if (shape === undefined) continue
        const child = value[key]
        if (!isObject(child) && !Array.isArray(child)) continue // a boolean schema locates nothing
        // One subschema, or each item of an array / value of a map (an array of schemas given as
        // an object is no schema at all).
        const many = !(shape === 'schema' || (shape === 'schemaOrSchemaArray' && !Array.isArray(child)))
        if (many && shape !== 'schemaMap' && !Array.isArray(child)) continue
        const names = many ? (Array.isArray(child) ? null : Object.keys(child)) : null
        const count = many ? (names === null ? (child as unknown[]).length : names.length) : 1
        for (let i = 0; i < count; i++) {
          const segment = names === null ? i : names[i]!
          const v = many ? (child as Record<string | number, unknown>)[segment] : child
          if (!isObject(v)) continue
          values[top] = v
          resources[top] = resource
          ups[top] = location
          tokenLists[top] = many ? [key, segment] : [key]
          dialects[top] = dialect
          top++
        }
      }
    }
  }
}

export { hasOwn }

/** Records an anchor; the same name on two schemas of one resource makes a reference to it an error (which would it mean?). */
function setAnchor(resource: Resource, name: string, value: object, dynamic = false): void {
  const known = resource.anchors.get(name)
  if (known === undefined || known === value) {
    resource.anchors.set(name, value)
    return
  }
  // A dynamic anchor is also found through the dynamic scope, past any reference check: refuse now.
  if (dynamic || resource.dynamicAnchors.has(name) || resource.dialect.clashesOnReference !== true) throw new Error(`two schemas in ${resource.uri || 'the root resource'} have the anchor "${name}"`)
  ;(resource.ambiguousAnchors ??= new Set()).add(name)
}
