/**
 * One derivation: a declaration of a program to a draft 2020-12 schema. Named types (interfaces,
 * classes, enums and type aliases declared outside the standard library) are mapped once each and
 * referenced through placeholders; at the end a named type used once is inlined where it is used,
 * and one used more than once, or recursively, becomes a `$defs` entry (the declaration itself
 * becomes `#`). Anonymous types are always inlined.
 */
import type * as TS from 'typescript'
import type { StructOptions, StructWarning } from '../core/index.ts'
import { Problems } from './errors.ts'
import type { Owner } from './errors.ts'
import { annotate, toInteger } from './jsdoc.ts'
import { mapStructure } from './map-type.ts'
import type { TypeScript } from './typescript.ts'

/** A JSON Schema object under construction. */
export type JsonSchema = Record<string, unknown>

const DIALECT = 'https://json-schema.org/draft/2020-12/schema'
/** Keywords about a value as a whole, which stay beside an `anyOf` that `@nullable` makes. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'])
/** Deeper than any hand-written type; reached by generics that instantiate a new type per level. */
const MAX_DEPTH = 100

interface Definition {
  type: TS.Type
  schema: JsonSchema | undefined
  /** The placeholders handed out for this type, each `{ $ref }` plus annotations of its site. */
  uses: JsonSchema[]
  /** Referenced from inside its own mapping. */
  recursive: boolean
}

/** The state of deriving one declaration; `run` once. */
export class Derivation {
  readonly checker: TS.TypeChecker
  private readonly problems: Problems
  private readonly definitions = new Map<string, Definition>()
  private depth = 0

  constructor(
    readonly ts: TypeScript,
    readonly program: TS.Program,
    readonly options: StructOptions,
    subject: string,
  ) {
    this.checker = program.getTypeChecker()
    this.problems = new Problems(subject)
  }

  /**
   * The schema of the declaration `symbol` (an interface, class, enum or type alias).
   * @throws SchemaError listing every part that JSON Schema cannot express
   */
  run(symbol: TS.Symbol): JsonSchema {
    const type = this.checker.getDeclaredTypeOfSymbol(symbol)
    const alias = symbol.declarations?.find(this.ts.isTypeAliasDeclaration)
    // The declaration's own type is `#`, so a reference back to it needs no `$defs` entry; only
    // object-like types can refer back to themselves (primitives are shared by every use).
    const root: Definition = { type, schema: undefined, uses: [], recursive: false }
    if (type.flags & (this.ts.TypeFlags.Object | this.ts.TypeFlags.Union | this.ts.TypeFlags.Intersection)) {
      this.definitions.set(this.keyOf(type), root)
    }
    const body = mapStructure(this, type, alias?.type)
    // `type Shown = Shape` derives Shape under another name: Shape's JSDoc applies, then Shown's.
    for (const named of [this.declaredSymbol(type), type.aliasSymbol]) {
      if (named !== undefined && named !== symbol && !this.isLibrary(named)) annotate(this, body, named)
    }
    if (alias !== undefined && this.denotes(alias.type, type)) this.applyAliases(body, type, alias.type)
    annotate(this, body, symbol)
    root.schema = body
    this.problems.throwIfAny()
    for (const use of root.uses) use.$ref = '#'
    const $defs = this.finish(root)
    // What a reader looks for first goes first: the dialect, then what the schema is.
    const schema: JsonSchema = { $schema: DIALECT }
    if (body.title !== undefined) schema.title = body.title
    if (body.description !== undefined) schema.description = body.description
    Object.assign(schema, body)
    if ($defs !== undefined) schema.$defs = $defs
    return schema
  }

  /**
   * The schema of `type`. `node` is the type node it was written as, when known: it carries what
   * the type alone has lost (the order of a union as written; an alias of a primitive, such as
   * `type Integer = number`, and its JSDoc). A node that does not denote `type` (a generic's
   * declaration seen through an instantiation) is ignored.
   */
  map(type: TS.Type, node?: TS.TypeNode): JsonSchema {
    if (this.depth >= MAX_DEPTH) {
      return this.problem(`types nest deeper than ${MAX_DEPTH} levels (a generic type that makes a new type at each level cannot be expressed)`)
    }
    this.depth++
    try {
      if (node !== undefined && !this.denotes(node, type)) node = undefined
      // `T | undefined` (an optional property) is `T` to JSON; map `T` with the same node.
      const defined = this.withoutUndefined(type)
      if (defined !== type) return this.map(defined, node)
      const key = this.keyOf(type)
      const known = this.definitions.has(key)
      const identity = known ? undefined : this.identity(type)
      const schema = known || identity !== undefined ? this.named(key, type, identity) : mapStructure(this, type, node)
      if (node !== undefined) this.applyAliases(schema, type, node)
      return schema
    } finally {
      this.depth--
    }
  }

  /** Warnings met so far (`run` has met them all once it returns). */
  get warnings(): readonly StructWarning[] {
    return this.problems.warnings
  }

  /** Records a warning at the current site: something was ignored, the schema still derives. */
  warn(reason: string): void {
    this.problems.warn(reason)
  }

  /**
   * Lets `schema` (mutated) also accept `null`, as `T | null` would: `null` joins a `type` list
   * or an `anyOf`; anything else (a `$ref`, a `const` or `enum`) becomes the first branch of an
   * `anyOf` with `null`, keeping the annotations beside it. A named type's placeholder moves into
   * that branch, so the definition still finds it.
   */
  nullable(schema: JsonSchema): void {
    const type = schema.type
    const plain = schema.$ref === undefined && schema.const === undefined && schema.enum === undefined
    if (plain && typeof type === 'string') {
      if (type !== 'null') schema.type = [type, 'null']
      return
    }
    if (plain && Array.isArray(type)) {
      if (!type.includes('null')) schema.type = [...type, 'null']
      return
    }
    if (plain && type === undefined && Array.isArray(schema.anyOf)) {
      const branches = schema.anyOf as JsonSchema[]
      if (!branches.some((b) => b.type === 'null')) schema.anyOf = [...branches, { type: 'null' }]
      return
    }
    const branch: JsonSchema = {}
    for (const key of Object.keys(schema)) {
      if (ANNOTATIONS.has(key)) continue
      branch[key] = schema[key]
      delete schema[key]
    }
    for (const definition of this.definitions.values()) {
      const at = definition.uses.indexOf(schema)
      if (at >= 0) definition.uses[at] = branch
    }
    schema.anyOf = [branch, { type: 'null' }]
  }

  /** Records a problem at the current site and returns a schema to carry on with. */
  problem(reason: string): JsonSchema {
    this.problems.add(reason)
    return {}
  }

  /** Runs `fn` at a child site (see `Problems.within`). `owner` null keeps the current one. */
  within<T>(tokens: readonly (string | number)[], label: string, owner: Owner | undefined | null, fn: () => T): T {
    return this.problems.within(tokens, label, owner, fn)
  }

  /** `checker.typeToString` without truncation, for messages and names. */
  text(type: TS.Type): string {
    return this.checker.typeToString(type, undefined, this.ts.TypeFormatFlags.NoTruncation)
  }

  /** The type written out rather than by its alias's name (`(e: Error) => void`, not `Callback`). */
  structure(type: TS.Type): string {
    return this.checker.typeToString(type, undefined, this.ts.TypeFormatFlags.NoTruncation | this.ts.TypeFormatFlags.InTypeAlias)
  }

  /** Whether every declaration of `symbol` is in the standard library. */
  isLibrary(symbol: TS.Symbol): boolean {
    const declarations = symbol.declarations
    return declarations !== undefined && declarations.length > 0 && declarations.every((d) => this.program.isSourceFileDefaultLibrary(d.getSourceFile()))
  }

  /** The one member of `T | undefined` that is not `undefined`, else `type` itself. */
  private withoutUndefined(type: TS.Type): TS.Type {
    if (!(type.flags & this.ts.TypeFlags.Union) || type.flags & this.ts.TypeFlags.Boolean) return type
    const defined = (type as TS.UnionType).types.filter((t) => !(t.flags & (this.ts.TypeFlags.Undefined | this.ts.TypeFlags.Void)))
    return defined.length === 1 ? defined[0]! : type
  }

  /** Whether `node` denotes `type`, ignoring `undefined` (an optional property adds it to the type). */
  private denotes(node: TS.TypeNode, type: TS.Type): boolean {
    const written = this.checker.getTypeFromTypeNode(node)
    if (written === type) return true
    const parts = (t: TS.Type) =>
      (t.flags & this.ts.TypeFlags.Union ? (t as TS.UnionType).types : [t]).filter((p) => !(p.flags & this.ts.TypeFlags.Undefined))
    const a = parts(written)
    const b = parts(type)
    return a.length === b.length && a.every((p) => b.includes(p))
  }

  /**
   * Identifies a type for `definitions`. The checker's own type id, except that references to
   * one generic instantiation compare by target and arguments: `type People = Page<Person>` is a
   * separate type object (it carries the alias) from the `Page<Person>` written inside `Page`,
   * and a reference back to the declaration must find it. The id is internal to the checker but
   * has been on every type object since the first release.
   */
  private keyOf(type: TS.Type): string {
    const id = (t: TS.Type) => (t as unknown as { id: number }).id
    if (type.flags & this.ts.TypeFlags.Object && (type as TS.ObjectType).objectFlags & this.ts.ObjectFlags.Reference) {
      const reference = type as TS.TypeReference
      return `${id(reference.target)}<${this.checker.getTypeArguments(reference).map(id).join(',')}>`
    }
    return String(id(type))
  }

  /** The symbol naming a type that gets its own definition (its alias first), or undefined for anonymous types. */
  private identity(type: TS.Type): TS.Symbol | undefined {
    const alias = type.aliasSymbol
    if (alias !== undefined && !this.isLibrary(alias)) return alias
    const symbol = this.declaredSymbol(type)
    return symbol === undefined || this.isLibrary(symbol) ? undefined : symbol
  }

  /** The interface, class or enum a type is (an instantiation's generic declaration), if any. */
  private declaredSymbol(type: TS.Type): TS.Symbol | undefined {
    const ts = this.ts
    if (type.flags & ts.TypeFlags.Object) {
      const objectType = type as TS.ObjectType
      const target = objectType.objectFlags & ts.ObjectFlags.Reference ? (type as TS.TypeReference).target : objectType
      const symbol = target.symbol
      return symbol !== undefined && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) ? symbol : undefined
    }
    return type.flags & ts.TypeFlags.EnumLiteral && type.flags & ts.TypeFlags.Union ? type.symbol : undefined
  }

  /** A placeholder for a named type, mapping the type the first time it is seen. */
  private named(key: string, type: TS.Type, symbol: TS.Symbol | undefined): JsonSchema {
    let definition = this.definitions.get(key)
    if (definition === undefined) {
      definition = { type, schema: undefined, uses: [], recursive: false }
      this.definitions.set(key, definition)
      // An alias's type node describes this type only when no type arguments were substituted.
      const declaration = type.aliasTypeArguments === undefined ? symbol!.declarations?.find(this.ts.isTypeAliasDeclaration) : undefined
      const schema = mapStructure(this, type, declaration?.type)
      const declared = this.declaredSymbol(type)
      if (declared !== undefined && declared !== symbol && !this.isLibrary(declared)) annotate(this, schema, declared)
      annotate(this, schema, symbol!)
      definition.schema = schema
    } else if (definition.schema === undefined) {
      definition.recursive = true
    }
    const placeholder: JsonSchema = { $ref: '' }
    definition.uses.push(placeholder)
    return placeholder
  }

  /**
   * Applies what aliases of a primitive say (`type Integer = number`, `/** @minimum 0 *\/ type
   * Age = number`): the type no longer knows them, the node that names them does. Innermost
   * first, so an outer alias's tags win.
   */
  private applyAliases(schema: JsonSchema, type: TS.Type, node: TS.TypeNode): void {
    const ts = this.ts
    const chain: TS.Symbol[] = []
    let current: TS.TypeNode | undefined = node
    while (current !== undefined) {
      while (ts.isParenthesizedTypeNode(current)) current = current.type
      if (!ts.isTypeReferenceNode(current)) break
      let symbol = this.checker.getSymbolAtLocation(current.typeName)
      if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol)
      if (symbol === undefined || !(symbol.flags & ts.SymbolFlags.TypeAlias) || symbol === type.aliasSymbol || this.isLibrary(symbol)) break
      chain.push(symbol)
      current = symbol.declarations?.find(ts.isTypeAliasDeclaration)?.type
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      if (chain[i]!.name === 'Integer' && type.flags & ts.TypeFlags.Number) toInteger(this, schema, 'type Integer')
      annotate(this, schema, chain[i]!)
    }
  }

  /** Inlines definitions used once; returns `$defs` for the rest (undefined when none). */
  private finish(root: Definition): JsonSchema | undefined {
    let $defs: JsonSchema | undefined
    const taken = new Set<string>()
    for (const definition of this.definitions.values()) {
      if (definition === root) continue
      const schema = definition.schema!
      if (definition.recursive || definition.uses.length > 1) {
        // `Page<User>` reads as `Page_User`: a JSON Pointer and URI fragment need no escaping then.
        const base = this.text(definition.type).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'Type'
        let name = base
        for (let n = 2; taken.has(name); n++) name = `${base}_${n}`
        taken.add(name)
        ;($defs ??= {})[name] = schema
        for (const use of definition.uses) use.$ref = `#/$defs/${name}`
      } else {
        // The site's own annotations (a property's description) win over the type's.
        const use = definition.uses[0]!
        const { $ref: _, ...site } = use
        for (const key of Object.keys(use)) delete use[key]
        Object.assign(use, schema, site)
      }
    }
    return $defs
  }
}
