/**
 * The kernel: plugins tap its hooks during setup; the first compile freezes it; each schema
 * compiles once into a validator. `core/` knows no keyword: presets are handed in.
 */
import { Compilation } from './compiler/compile.ts'
import type { CompileEnvironment, KeywordInfo } from './compiler/compile.ts'
import { applyDefaultsWith } from './defaults.ts'
import { createHooks } from './contract/hooks.ts'
import type { Hooks } from './contract/hooks.ts'
import type { Chosen, DefaultsInput, DefaultsOutput, Inferred } from './infer.ts'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { Dialect, KeywordCatalog } from './documents/schema-index.ts'
import { SchemaError } from './contract/errors.ts'
import { isObject } from './documents/json.ts'
import { parsePointer } from './documents/pointer.ts'
import { snapshotSchema } from './contract/limits.ts'
import { resolveOptions } from './contract/options.ts'
import { MetaSchemaCheck, stripHash } from './compiler/meta-check.ts'
import type {
  FormatChecker,
  KeywordDefinition,
  DialectName,
  PatternSyntax,
  RegexEngine,
  RegexEngineName,
  ResolvedOptions,
  SchemaConverter,
  SchemaOptions,
  StructDeriver,
  StructOptions,
  StructType,
} from './contract/types.ts'
import { JSONSchemaValidator, SimpleJSONSchema, StructValidator } from './validator.ts'
import { tierUp } from './codegen/index.ts'
import type { GeneratedTier } from './codegen/index.ts'
import type { Schema, Validator } from './validator.ts'

/** A `Schema` that carries its input and output types (every schemavet schema does, through `~standard`). */
export type TypedSchema<I, O> = Schema & { readonly '~standard': StandardSchemaV1.Props<I, O> }

/** A class plugin: options checked in its constructor, `apply(kernel)` only taps. */
export interface ClassPlugin {
  apply(kernel: Kernel): void
}

/** What `use()` and the `plugins` option take. */
export type Plugin = KeywordDefinition | ClassPlugin | readonly Plugin[]

/** Options of `createKernel`: defaults for every schema, plus plugins. */
export interface KernelOptions extends SchemaOptions {
  plugins?: readonly Plugin[]
}

/** What a kernel is built from: dialects, standard keywords, formats and meta-schemas. */
export interface KernelSetup {
  dialects: readonly Dialect[]
  presets: readonly Plugin[]
  formats: Readonly<Record<string, FormatChecker>>
  /** Meta-schemas (and other documents every compile may reach) by URI. */
  registry: Readonly<Record<string, unknown>>
  /** Derives schemas from TypeScript declarations (`newStructSchema`); absent, that throws. */
  structs?: StructDeriver
  /** Converts schemas for `~standard.jsonSchema` targets other than draft 2020-12. */
  convert?: SchemaConverter
  /**
   * Regex engines by name (option `regex`). Without `ecmascript`, the platform's `RegExp` with
   * `u` is used; without `linear`, `regex: 'linear'` (and so untrusted mode) is a `SchemaError`.
   */
  regexEngines?: Partial<Record<RegexEngineName, RegexEngine>>
  /**
   * The compile-time super-linear check: why a (valid) pattern may take super-linear time under
   * a backtracking engine, or undefined. Without it nothing is flagged.
   */
  superLinear?: (source: string, syntax?: PatternSyntax) => string | undefined
}

export class Kernel {
  /** The hook table (frozen). Tap during setup; names and argument tuples are public API. */
  readonly hooks: Hooks = createHooks()
  private frozen = false
  private readonly order: string[] = []
  private readonly definitions = new Map<string, KeywordDefinition[]>()
  private readonly dialects = new Map<string, Dialect>()
  private readonly byMetaSchema = new Map<string, Dialect>()
  private readonly keywordCache = new WeakMap<Dialect, readonly string[]>()
  private readonly options: ResolvedOptions
  private readonly env: CompileEnvironment
  /** Checks each schema against its meta-schema before it compiles (option `validateSchema`). */
  private readonly metaCheck: MetaSchemaCheck

  private readonly structs: StructDeriver | undefined
  /** @internal Converter behind `~standard.jsonSchema` (from the setup). */
  readonly convert: SchemaConverter | undefined
  /** @internal The generated tier validators move to after a few uses (the interpreter knows only its interface). */
  readonly generatedTier: GeneratedTier = tierUp

  constructor(setup: KernelSetup, options: KernelOptions = {}, private readonly lockedReason?: string) {
    this.structs = setup.structs
    this.convert = setup.convert
    for (const d of setup.dialects) {
      this.dialects.set(d.name, d)
      for (const uri of [d.metaSchema, ...(d.aliases ?? [])]) if (uri !== undefined) this.byMetaSchema.set(stripHash(uri), d)
    }
    this.options = resolveOptions(options, undefined)
    this.checkDialectName(this.options.defaultDialect)
    const kernel = this
    const catalog: KeywordCatalog = {
      shapes: (dialect) => kernel.shapesOf(dialect),
      dialectFor: (uri) => kernel.byMetaSchema.get(stripHash(uri)),
    }
    const registry = new Map(Object.entries(setup.registry).map(([k, v]) => [stripHash(k), v]))
    this.env = {
      hooks: this.hooks,
      catalog,
      keywords: (dialect) => this.keywordsOf(dialect),
      keywordInfo: (dialect) => this.keywordInfoOf(dialect),
      dialect: (name) => this.dialects.get(name) ?? [...this.dialects.values()][0]!,
      unknownDialect: (uri) => this.unknownDialect(uri),
      dialectsOf: (keyword) => [...this.dialects.values()].filter((d) => this.definitionFor(d.name, keyword) !== undefined).map((d) => d.name),
      formats: setup.formats,
      registry,
      regexEngines: setup.regexEngines ?? {},
      superLinear: setup.superLinear,
    }
    this.metaCheck = new MetaSchemaCheck({
      env: this.env,
      byMetaSchema: this.byMetaSchema,
      hooks: this.hooks,
      validator: (doc, options) => new JSONSchemaValidator(this, doc, new Compilation(this.env, options), true),
      hintAt: (schema, instancePath, dialect) => this.hintAt(schema, instancePath, dialect),
    })
    this.use(setup.presets)
    if (options.plugins !== undefined) this.use(options.plugins)
  }

  /**
   * Registers plugins: keyword definitions, arrays of them, or class plugins. Only before the
   * first compile: afterwards the kernel is frozen and this throws.
   */
  use(plugin: Plugin): this {
    if (this.frozen) {
      throw new Error(
        this.lockedReason ??
          'schemavet: kernel.use() was called after this kernel compiled a schema; the kernel froze at its first compile. ' +
            'Register every plugin first: createKernel({ plugins: [...] }) or kernel.use(...) before kernel.newJSONSchema(...).',
      )
    }
    if (Array.isArray(plugin)) {
      for (const p of plugin) this.use(p)
    } else if (typeof (plugin as ClassPlugin).apply === 'function' && !('compile' in plugin)) {
      ;(plugin as ClassPlugin).apply(this)
    } else {
      this.define(plugin as KeywordDefinition)
    }
    return this
  }

  private define(def: KeywordDefinition): void {
    if (typeof def?.keyword !== 'string' || typeof def.compile !== 'function') {
      throw new TypeError('schemavet: a keyword definition needs a "keyword" string and a "compile" function')
    }
    if (!this.order.includes(def.keyword)) this.order.push(def.keyword)
    const list = this.definitions.get(def.keyword) ?? []
    list.push(def)
    list.sort((a, b) => (a.stage ?? 0) - (b.stage ?? 0))
    this.definitions.set(def.keyword, list)
    this.definitionCache.clear()
    this.shapeCache.clear()
    const tap = { name: def.keyword, stage: def.stage ?? 0, definition: def }
    this.hooks.compileKeyword.for(def.keyword).tap(tap as never, (value, ctx) => {
      if (def.dialects !== undefined && !def.dialects.includes(ctx.dialect)) return undefined
      if (def.accepts !== undefined && !def.accepts(value)) {
        const hint = this.otherDialectHint(def.keyword, value, ctx.dialect)
        if (hint !== undefined) ctx.fail(hint)
      }
      return { definition: def, compiled: def.compile(value, ctx) }
    })
  }

  /** A `TypeError` for a `defaultDialect` this kernel does not know (it would silently read as another). */
  private checkDialectName(name: string): void {
    if (this.dialects.has(name)) return
    throw new TypeError(`schemavet: option defaultDialect must be one of ${[...this.dialects.keys()].map((n) => `'${n}'`).join(', ')}, got ${JSON.stringify(name)}`)
  }

  /** The message for a `$schema` that names neither a dialect nor a registered meta-schema. */
  private unknownDialect(uri: string): string {
    const known = [...this.dialects.values()].map((d) => (d.metaSchema === undefined ? `${d.name} (no $schema: option defaultDialect '${d.name}')` : `${d.name} (${d.metaSchema})`))
    return (
      `unknown $schema ${JSON.stringify(uri)}: it names no dialect schemavet supports and no registered meta-schema. ` +
      `Supported: ${known.join(', ')} (with or without a trailing "#"). ` +
      `For a custom meta-schema, register it under this URI through the "schemas" option (its own $schema must name a supported dialect)`
    )
  }

  /**
   * Why a keyword value refused in `dialect` is another dialect's syntax, naming the dialects whose
   * definition accepts it; undefined when none does (then it is simply malformed).
   */
  private otherDialectHint(keyword: string, value: unknown, dialect: DialectName): string | undefined {
    const others = [...this.dialects.values()].filter((d) => d.name !== dialect && this.definitionFor(d.name, keyword)?.accepts?.(value) === true)
    if (others.length === 0) return undefined
    const first = others.find((d) => d.metaSchema !== undefined) ?? others[0]!
    const how = first.metaSchema !== undefined ? `"$schema": "${first.metaSchema}"` : `option defaultDialect '${first.name}'`
    return (
      `${keyword}: ${JSON.stringify(value)} is not valid in dialect ${dialect} (the dialect in force here); ` +
      `it is ${others.map((d) => d.name).join(' / ')} syntax: declare ${how}, or rewrite it for ${dialect}`
    )
  }

  /** Per dialect: keyword to its definition (null: none); filled as compiles ask, reset by `define`. */
  private readonly definitionCache = new Map<DialectName, Map<string, KeywordDefinition | null>>()

  private definitionFor(dialect: DialectName, keyword: string): KeywordDefinition | undefined {
    let byKeyword = this.definitionCache.get(dialect)
    if (byKeyword === undefined) this.definitionCache.set(dialect, (byKeyword = new Map()))
    let def = byKeyword.get(keyword)
    if (def === undefined) {
      def = this.definitions.get(keyword)?.find((d) => d.dialects === undefined || d.dialects.includes(dialect)) ?? null
      byKeyword.set(keyword, def)
    }
    return def ?? undefined
  }

  /** Per dialect: the keywords with subschemas and their shapes (reset by `define`). */
  private readonly shapeCache = new Map<DialectName, ReadonlyMap<string, NonNullable<KeywordDefinition['schemaShape']>>>()

  private shapesOf(dialect: DialectName): ReadonlyMap<string, NonNullable<KeywordDefinition['schemaShape']>> {
    let shapes = this.shapeCache.get(dialect)
    if (shapes === undefined) {
      const map = new Map<string, NonNullable<KeywordDefinition['schemaShape']>>()
      for (const keyword of this.definitions.keys()) {
        const shape = this.definitionFor(dialect, keyword)?.schemaShape
        if (shape !== undefined) map.set(keyword, shape)
      }
      this.shapeCache.set(dialect, (shapes = map))
    }
    return shapes
  }

  private plainOptions: ResolvedOptions | undefined
  private readonly infoCache = new WeakMap<Dialect, ReadonlyMap<string, KeywordInfo>>()

  /** A dialect's compiled keywords with their order, hook and edge kind (kept per dialect). */
  private keywordInfoOf(dialect: Dialect): ReadonlyMap<string, KeywordInfo> {
    let info = this.infoCache.get(dialect)
    if (info === undefined) {
      const map = new Map<string, KeywordInfo>()
      this.keywordsOf(dialect).forEach((keyword, rank) => {
        const hook = this.hooks.compileKeyword.get(keyword)
        if (hook === undefined) return
        const def = this.definitionFor(dialect.name, keyword)
        // Only the kernel's taps (their options carry the definition), in stage order as its
        // definitions are: the hook answers with `def`.
        const own = def?.accepts === undefined && hook.taps.every((t) => (t as { definition?: unknown }).definition !== undefined) ? def : undefined
        map.set(keyword, { rank, hook, child: def?.applies === 'child', own, taps: hook.taps.length })
      })
      this.infoCache.set(dialect, (info = map))
    }
    return info
  }

  private keywordsOf(dialect: Dialect): readonly string[] {
    let list = this.keywordCache.get(dialect)
    if (list === undefined) {
      const on = dialect.vocabularies
      list = this.order.filter((k) => {
        const def = this.definitionFor(dialect.name, k)
        return def !== undefined && (on === undefined || vocabularyOn(def.vocabulary, on))
      })
      this.keywordCache.set(dialect, list)
    }
    return list
  }

  /** Compiles a schema; freezes the kernel. @throws SchemaError */
  compile(schema: unknown, options?: SchemaOptions): Compilation {
    this.frozen = true
    // Without options every compile resolves the same (frozen) options: resolve them once.
    const resolved = options === undefined ? (this.plainOptions ??= resolveOptions({}, this.options)) : resolveOptions(options, this.options)
    if (options?.defaultDialect !== undefined) this.checkDialectName(options.defaultDialect)
    const compilation = new Compilation(this.env, resolved)
    try {
      // Size and depth first: nothing else may walk a schema larger than the limits allow. With
      // limits, what is checked and compiled is a copy read once (`jsonSchema()` still returns
      // the caller's object): a schema that answers a read anew cannot loop the meta-schema check
      // or show the depth limit a smaller schema than the one compiled.
      const source = snapshotSchema(schema, resolved)
      if (resolved.validateSchema) this.metaCheck.check(source, resolved)
      compilation.compileRoot(source)
    } catch (e) {
      // A hostile schema object (a throwing getter, a revoked Proxy) still gets a SchemaError.
      if (!resolved.untrusted || SchemaError.isInstance(e)) throw e
      throw Object.assign(new SchemaError([{ schemaPath: '#', message: `reading the schema threw: ${String(e)}` }]), { cause: e })
    }
    if (this.hooks.compiled.isUsed()) this.hooks.compiled.call(schema)
    return compilation
  }

  /** The other-dialect hint for the keyword a meta-schema problem points at, if its value is another dialect's syntax. */
  private hintAt(schema: unknown, instancePath: string, dialect: DialectName): string | undefined {
    const tokens = parsePointer(instancePath)
    const keyword = tokens.pop()
    if (keyword === undefined) return undefined
    let parent: unknown = schema
    for (const t of tokens) parent = isObject(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[t] : undefined
    if (!isObject(parent) || !Object.hasOwn(parent, keyword)) return undefined
    const def = this.definitionFor(dialect, keyword)
    if (def?.accepts === undefined || def.accepts(parent[keyword])) return undefined
    return this.otherDialectHint(keyword, parent[keyword], dialect)
  }

  /**
   * Compiles a JSON Schema into a validator. Statically, the data type is inferred from a schema
   * literal (see `FromSchema`), or is `T` when given (`newJSONSchema<Tree>(schema)`, for
   * recursive schemas). @throws SchemaError for a malformed schema
   */
  newJSONSchema<T = Inferred, const S = unknown>(
    schema: S,
    options?: SchemaOptions,
  ): JSONSchemaValidator<Chosen<T, S, 'data'>, Chosen<T, S, 'input'>, Chosen<T, S, 'output'>> {
    return new JSONSchemaValidator<Chosen<T, S, 'data'>, Chosen<T, S, 'input'>, Chosen<T, S, 'output'>>(this, schema, this.compile(schema, options))
  }

  /** Same as `newJSONSchema`; the plain `Schema` handed to consumers. @throws SchemaError */
  newSimpleJSONSchema<T = Inferred, const S = unknown>(
    schema: S,
    options?: SchemaOptions,
  ): SimpleJSONSchema<Chosen<T, S, 'data'>, Chosen<T, S, 'input'>, Chosen<T, S, 'output'>> {
    return new SimpleJSONSchema<Chosen<T, S, 'data'>, Chosen<T, S, 'input'>, Chosen<T, S, 'output'>>(this, schema, this.compile(schema, options))
  }

  /**
   * Derives a draft 2020-12 schema from a TypeScript declaration and compiles it.
   * @throws SchemaError when the declaration cannot be found or expressed in JSON Schema
   */
  newStructSchema(type: StructType, options: StructOptions = {}): StructValidator {
    if (this.structs === undefined) throw new Error('schemavet: this kernel was built without struct support')
    const { schema, warnings } = this.structs(type, options)
    return new StructValidator(this, schema, this.compile(schema, options), warnings)
  }

  /**
   * A copy of `value` with missing fields filled from `default`. Never mutates `value` or the
   * schema. Statically, a `value` of the schema's input type gives its output type (properties
   * with a `default` present); a value typed `unknown` gives `unknown`; a value of any other
   * type is a type error (see `DefaultsInput`).
   * @throws ValidationError for a `$ref` cycle that consumes no input
   */
  applyDefaults<V, S extends Schema>(value: DefaultsInput<V, S>, schema: S): DefaultsOutput<V, S>
  applyDefaults(value: unknown, schema: Schema): unknown {
    return applyDefaultsWith(this.ownValidator(schema.validator()).compilation, value)
  }

  private readonly foreign = new WeakMap<object, JSONSchemaValidator>()

  /** A schemavet validator for any `Validator`: itself, or its `jsonSchema()` compiled once. */
  private ownValidator(validator: Validator): JSONSchemaValidator {
    if (validator instanceof JSONSchemaValidator) return validator
    const schema = validator.jsonSchema()
    if (typeof schema !== 'object' || schema === null) return this.newJSONSchema(schema) as JSONSchemaValidator
    let own = this.foreign.get(schema)
    if (own === undefined) this.foreign.set(schema, (own = this.newJSONSchema(schema) as JSONSchemaValidator))
    return own
  }
}

const STANDARD_VOCABULARIES = new Set(['applicator', 'validation', 'unevaluated', 'meta-data', 'content', 'format'])

/** Whether a keyword of `vocabulary` is in effect; core and non-standard vocabularies always are. */
function vocabularyOn(vocabulary: string, on: ReadonlySet<string>): boolean {
  if (!STANDARD_VOCABULARIES.has(vocabulary)) return true
  if (vocabulary === 'format') return on.has('format') || on.has('format-annotation') || on.has('format-assertion')
  return on.has(vocabulary)
}
