/**
 * The kernel: plugins tap its hooks during setup; the first compile freezes it; each schema
 * compiles once into a validator. `core/` knows no keyword: presets are handed in.
 */
import { Compilation } from './compile.ts'
import type { CompileEnvironment } from './compile.ts'
import { applyDefaultsWith } from './defaults.ts'
import { createHooks } from './hooks.ts'
import type { Hooks } from './hooks.ts'
import type { Dialect, KeywordCatalog } from './schema-index.ts'
import { SchemaError } from './errors.ts'
import { isObject } from './json.ts'
import type {
  FormatChecker,
  KeywordDefinition,
  DialectName,
  ResolvedOptions,
  SchemaConverter,
  SchemaOptions,
  StructDeriver,
  StructOptions,
  StructType,
} from './types.ts'
import { JSONSchemaValidator, SimpleJSONSchema, StructValidator } from './validator.ts'
import type { Schema } from './validator.ts'

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
}

function stripHash(uri: string): string {
  return uri.endsWith('#') ? uri.slice(0, -1) : uri
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

  private readonly structs: StructDeriver | undefined
  /** @internal Converter behind `~standard.jsonSchema` (from the setup). */
  readonly convert: SchemaConverter | undefined

  constructor(setup: KernelSetup, options: KernelOptions = {}, private readonly lockedReason?: string) {
    this.structs = setup.structs
    this.convert = setup.convert
    for (const d of setup.dialects) {
      this.dialects.set(d.name, d)
      this.byMetaSchema.set(stripHash(d.metaSchema), d)
    }
    this.options = resolveOptions(options, undefined)
    const kernel = this
    const catalog: KeywordCatalog = {
      shape: (dialect, keyword) => kernel.definitionFor(dialect, keyword)?.schemaShape,
      dialectFor: (uri) => kernel.byMetaSchema.get(stripHash(uri)),
    }
    const registry = new Map(Object.entries(setup.registry).map(([k, v]) => [stripHash(k), v]))
    this.env = {
      hooks: this.hooks,
      catalog,
      keywords: (dialect) => this.keywordsOf(dialect),
      dialect: (name) => this.dialects.get(name) ?? [...this.dialects.values()][0]!,
      formats: setup.formats,
      registry,
    }
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
    const tap = { name: def.keyword, stage: def.stage ?? 0, definition: def }
    this.hooks.compileKeyword.for(def.keyword).tap(tap as never, (value, ctx) => {
      if (def.dialects !== undefined && !def.dialects.includes(ctx.dialect)) return undefined
      return { definition: def, compiled: def.compile(value, ctx) }
    })
  }

  private definitionFor(dialect: DialectName, keyword: string): KeywordDefinition | undefined {
    return this.definitions.get(keyword)?.find((d) => d.dialects === undefined || d.dialects.includes(dialect))
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
    const resolved = resolveOptions(options ?? {}, this.options)
    if (resolved.validateSchema) this.checkAgainstMetaSchema(schema, resolved)
    const compilation = new Compilation(this.env, resolved)
    compilation.compileRoot(schema)
    if (this.hooks.compiled.isUsed()) this.hooks.compiled.call(schema)
    return compilation
  }

  private readonly metaValidators = new Map<string, JSONSchemaValidator>()

  /** Validates a schema against its meta-schema; throws `SchemaError` listing every problem. */
  private checkAgainstMetaSchema(schema: unknown, options: ResolvedOptions): void {
    if (typeof schema === 'boolean') return
    const declared = isObject(schema) && typeof schema.$schema === 'string' ? stripHash(schema.$schema) : undefined
    const uri = declared ?? this.env.dialect(options.defaultDialect).metaSchema
    const registered = this.env.registry.has(uri)
    let validator = registered ? this.metaValidators.get(uri) : undefined
    if (validator === undefined) {
      if (!registered && options.schemas[uri] === undefined && options.schemas[uri + '#'] === undefined) return
      const metaOptions = { ...options, validateSchema: false, formats: 'annotate' as const, allErrors: true, maxErrors: 100, strict: false }
      validator = new JSONSchemaValidator(this, { $ref: uri }, new Compilation(this.env, metaOptions), true)
      validator.compilation.compileRoot({ $ref: uri })
      if (registered) this.metaValidators.set(uri, validator)
    }
    const error = validator.validate(schema)
    if (error !== null) {
      throw new SchemaError(
        error.errors.map((e) => ({ schemaPath: '#' + e.instancePath, message: `${e.message} (meta-schema ${uri}, at ${e.schemaPath})` })),
      )
    }
  }

  /** Compiles a JSON Schema into a validator. @throws SchemaError for a malformed schema */
  newJSONSchema(schema: unknown, options?: SchemaOptions): JSONSchemaValidator {
    return new JSONSchemaValidator(this, schema, this.compile(schema, options))
  }

  /** Same as `newJSONSchema`; the plain `Schema` handed to consumers. @throws SchemaError */
  newSimpleJSONSchema(schema: unknown, options?: SchemaOptions): SimpleJSONSchema {
    return new SimpleJSONSchema(this, schema, this.compile(schema, options))
  }

  /**
   * Derives a draft 2020-12 schema from a TypeScript declaration and compiles it.
   * @throws SchemaError when the declaration cannot be found or expressed in JSON Schema
   */
  newStructSchema(type: StructType, options: StructOptions = {}): StructValidator {
    if (this.structs === undefined) throw new Error('schemavet: this kernel was built without struct support')
    const schema = this.structs(type, options)
    return new StructValidator(this, schema, this.compile(schema, options))
  }

  /**
   * A copy of `value` with missing fields filled from `default`. Never mutates `value` or the
   * schema. @throws ValidationError for a `$ref` cycle that consumes no input
   */
  applyDefaults(value: unknown, schema: Schema): unknown {
    const validator = schema.validator() as JSONSchemaValidator
    const compilation = validator.compilation
    return applyDefaultsWith(compilation, value, (v) => validator.throwIfCycle(v))
  }
}

const STANDARD_VOCABULARIES = new Set(['applicator', 'validation', 'unevaluated', 'meta-data', 'content', 'format'])

/** Whether a keyword of `vocabulary` is in effect; core and non-standard vocabularies always are. */
function vocabularyOn(vocabulary: string, on: ReadonlySet<string>): boolean {
  if (!STANDARD_VOCABULARIES.has(vocabulary)) return true
  if (vocabulary === 'format') return on.has('format') || on.has('format-annotation') || on.has('format-assertion')
  return on.has(vocabulary)
}

/** Fills option defaults; `base` holds the kernel's options. */
export function resolveOptions(options: SchemaOptions, base: ResolvedOptions | undefined): ResolvedOptions {
  return Object.freeze({
    schemas: { ...base?.schemas, ...options.schemas },
    formats: options.formats ?? base?.formats ?? 'assert',
    customFormats: { ...base?.customFormats, ...options.customFormats },
    allErrors: options.allErrors ?? base?.allErrors ?? false,
    maxErrors: options.maxErrors ?? base?.maxErrors ?? 100,
    defaultDialect: options.defaultDialect ?? base?.defaultDialect ?? '2020-12',
    strict: options.strict ?? base?.strict ?? false,
    validateSchema: options.validateSchema ?? base?.validateSchema ?? true,
  })
}
