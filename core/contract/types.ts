/**
 * Public types of the kernel: the JSON types, dialects, schema options and the compiled-schema
 * view. The keyword plugin contract is in keyword-contract.ts, re-exported here; plugins import
 * both through `schemavet` (core/index.ts), never from the kernel's internals.
 */
import type { SchemaProblem, ValidationIssue } from './errors.ts'

import type { EmitBlock, EmitContext } from './emit.ts'
import type { EarlyStep, RunContext } from './keyword-contract.ts'
import type { Code } from './code.ts'

export type { SchemaProblem, ValidationIssue }
export type { Code, EmitBlock, EmitContext }

/** The JSON types a keyword can filter on. `integer` instances are `number`s. */
export type JsonType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'string'

/** A format checker: true when the string conforms. */
export type FormatChecker = (value: string) => boolean

/**
 * Names of the dialects schemavet knows: the JSON Schema drafts, and OpenAPI Schema Objects
 * (`'openapi-3.0'`, which no `$schema` names: choose it with `defaultDialect`; `'openapi-3.1'`,
 * the OAS 3.1 base dialect over 2020-12).
 */
export type DialectName = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04' | 'openapi-3.0' | 'openapi-3.1'

/**
 * An opaque reference to a compiled subschema, obtained at compile time from
 * `CompileContext.subschema` or `CompileContext.resolveRef`, applied at run time with
 * `RunContext.apply`. It is also the edge the kernel classifies for cycles.
 */
export interface SchemaHandle {
  /** Canonical location of the target (`#/$defs/Node`). */
  readonly location: string
  /** Whether the target schema has a `default` (walked by `applyDefaults`). */
  readonly hasDefault: boolean
  /**
   * Whether the target can fail some value: false for `true`, `{}` and a schema of annotations
   * only. An applicator skips such a subschema without reading the value it would apply it to
   * (unless `ctx.exhaustive`: annotations are being collected), as generated code does: data whose reads throw (a
   * getter, a Proxy trap) then gets the same answer in both tiers. Complete once the whole schema
   * has compiled (read it when validating, not from `compile`).
   */
  readonly asserts: boolean
  /**
   * The target as written and as compiled, for keywords that reason about their subschemas.
   * Complete once the whole schema has compiled: read it at emit time or at the first
   * evaluation (and keep what you derive), not from a keyword's `compile`.
   */
  inspect(): SchemaView
}

/** What `SchemaHandle.inspect` tells of a subschema. */
export interface SchemaView {
  /** The subschema as written (its JSON value). */
  readonly schema: unknown
  /** Its schema path (`#/$defs/A`, prefixed by the document URI outside the root document). */
  readonly location: string
  /** The dialect it is read in (by the `$schema` of its resource, else the default dialect). */
  readonly dialect: DialectName
  /** The targets of its references (`$ref` and the like). */
  readonly references: readonly SchemaHandle[]
  /** The keywords it evaluates: those its dialect and vocabularies enable, with a `validate`. */
  readonly keywords: readonly string[]
  /**
   * Every compiled subschema it holds, in keyword order: the keyword, where the subschema sits
   * under it (`['a']` for `properties.a`, `[1]` for `prefixItems[1]`, `[]` for `items` or a
   * reference) and whether the edge is a reference. Walk these to see the whole compiled graph.
   */
  readonly subschemas: readonly SubschemaEdge[]
  /**
   * The subschemas that must hold for the part of the value at `segment` (a property name or an
   * item index), or for the value itself when `segment` is undefined, by its keywords'
   * `mustHold`. Allocates the list.
   */
  mustHold(segment?: string | number): readonly SchemaHandle[]
  /** Its keywords that have early checks (`KeywordDefinition.early`), bound to their compiled values. */
  readonly early: readonly EarlyStep[]
}

/** One subschema a compiled schema holds (`SchemaView.subschemas`). */
export interface SubschemaEdge {
  readonly keyword: string
  readonly path: readonly (string | number)[]
  readonly reference: boolean
  readonly handle: SchemaHandle
}

/** Options of a schema (and, given to `createKernel`, defaults for every schema of the kernel). */
export interface SchemaOptions {
  /** URI to schema document: the only source of external `$ref`s. Nothing is fetched. */
  schemas?: Record<string, unknown>
  /** `'assert'` (default) checks formats; `'annotate'` only records them (the 2020-12 default). */
  formats?: 'assert' | 'annotate'
  /** Extra format checkers by name; they win over built-in ones. */
  customFormats?: Record<string, FormatChecker>
  /**
   * Collect every problem instead of stopping at the first (bounded by `maxErrors`). Default
   * false for `validate`. The boundaries a model reads (`~standard`, `applyThenValidate` and the
   * integrations, through `validateAll`) collect every problem unless `allErrors: false` is given.
   */
  allErrors?: boolean
  /**
   * Upper bound on collected problems with `allErrors`. Default 100; at the boundaries a model
   * reads (`validateAll`), default 20.
   */
  maxErrors?: number
  /**
   * Dialect of schemas without `$schema`. Default `'2020-12'`. An unknown name is a `TypeError`.
   * `'openapi-3.0'` has no `$schema` URI: this option is the only way to choose it.
   */
  defaultDialect?: DialectName
  /** An unknown keyword is a `SchemaError` instead of an annotation. Default false. */
  strict?: boolean
  /**
   * Generate code for schemas used often (the faster tier) where the runtime allows it; found by
   * trying once. Results are identical either way. Default true.
   */
  codegen?: boolean
  /**
   * Validations of a schema before it moves to generated code (0: at once). Not given: at least
   * 16, and not before the interpreter has done work in proportion to the schema's size (code
   * generation costs about what a few dozen interpreted passes over the whole schema do, so a
   * large schema met for a few hundred sparse documents is never worth generating for).
   */
  codegenThreshold?: number
  /**
   * Check the schema against its meta-schema (by `$schema`, else the default dialect's) before
   * compiling; a `SchemaError` lists every problem. Default true.
   */
  validateSchema?: boolean
  /**
   * The engine for `pattern`, `patternProperties` and the `regex` format: `'ecmascript'` (the
   * platform's `RegExp` with `u`, backtracking) or `'linear'` (RE2 semantics via re2js: time
   * linear in the input; lookarounds and backreferences are a `SchemaError`). Default
   * `'ecmascript'`, or `'linear'` with `untrusted`. See SECURITY.md for the differences.
   */
  regex?: RegexEngineName
  /**
   * The schema and the data may be hostile: the limits below default to `UNTRUSTED_LIMITS`,
   * `maxErrors` applies even without `allErrors`, no `resolveRef` hook is consulted (only the
   * `schemas` option and built-in meta-schemas resolve), the regex engine defaults to `'linear'`,
   * and a super-linear pattern under an explicit `regex: 'ecmascript'` is a `SchemaError`. Default false.
   */
  untrusted?: boolean
  /** Largest schema as JSON text (UTF-16 code units); a `SchemaError` past it. Default 1 MiB untrusted, else none. */
  maxSchemaBytes?: number
  /** Deepest nesting of objects and arrays in the schema; a `SchemaError` past it. Default 128 untrusted, else none. */
  maxSchemaDepth?: number
  /** Most subschemas one compile may hold; a `SchemaError` past it. Default 10,000 untrusted, else none. */
  maxSchemaNodes?: number
  /** Most `$ref`/`$dynamicRef`/`$recursiveRef` one compile may hold; a `SchemaError` past it. Default 1,000 untrusted, else none. */
  maxRefs?: number
  /**
   * Work units one evaluation pass may spend (subschema applications, keywords, regex scans);
   * past it `validate` returns a `limit` issue and `applyDefaults` throws it. Default 1,000,000
   * untrusted, else none (and then nothing is counted).
   */
  maxWork?: number
}

/** A TypeScript declaration to derive a schema from: `{ file, name }` or `'./path/file.ts#Name'`. */
export type StructType = string | { file: string; name: string }

/** Options of `newStructSchema`: schema options plus how the declaration is read. */
export interface StructOptions extends SchemaOptions {
  /** Object types accept properties they do not declare (default false: `additionalProperties: false`). */
  allowAdditionalProperties?: boolean
  /** Directory that relative file paths resolve against (default `process.cwd()`). */
  basePath?: string
}

/**
 * Converts a schema document to another target (`draft-07`, `openapi-3.0`) for the Standard JSON
 * Schema trait, describing the `output` side (what `~standard.validate` returns, defaults filled
 * in) when asked, for `draft-2020-12` too; returns a fresh object; throws when the target is
 * unsupported or cannot express it.
 */
export type SchemaConverter = (schema: unknown, target: string, side?: 'input' | 'output') => Record<string, unknown>

/**
 * Something a derivation understood only in part and left out of the schema (a JSDoc tag it does
 * not read): where it would sit in the schema, and a message naming the file, type and property.
 */
export interface StructWarning {
  schemaPath: string
  message: string
}

/** What a derivation gives: the schema, and its warnings (none for most declarations). */
export interface StructDerivation {
  schema: Record<string, unknown>
  warnings: StructWarning[]
}

/** Derives a draft 2020-12 schema from a TypeScript declaration; throws `SchemaError` when it cannot. */
export type StructDeriver = (type: StructType, options: StructOptions) => StructDerivation

/** Options after defaults are filled in; what compile and run contexts expose. */
export interface ResolvedOptions {
  readonly schemas: Readonly<Record<string, unknown>>
  readonly formats: 'assert' | 'annotate'
  readonly customFormats: Readonly<Record<string, FormatChecker>>
  readonly allErrors: boolean
  readonly maxErrors: number
  /**
   * How many problems `validateAll` (the boundaries a model reads) collects: `maxErrors` when
   * given, else 20; 0 when `allErrors: false` was given, which makes it `validate`.
   */
  readonly boundaryErrors: number
  readonly defaultDialect: DialectName
  readonly strict: boolean
  readonly validateSchema: boolean
  readonly codegen: boolean
  readonly codegenThreshold: number
  /** `codegenThreshold` was not given: the move also waits for interpreted work (see `SchemaOptions`). */
  readonly codegenByWork: boolean
  readonly regex: RegexEngineName
  readonly untrusted: boolean
  /** Each limit is `Infinity` when off. */
  readonly maxSchemaBytes: number
  readonly maxSchemaDepth: number
  readonly maxSchemaNodes: number
  readonly maxRefs: number
  readonly maxWork: number
}

/** The regex engines a kernel can use (option `regex`). */
export type RegexEngineName = 'ecmascript' | 'linear'

/**
 * How a pattern source is read: `unicode` is ECMAScript syntax with the `u` flag (what JSON
 * Schema specifies); `legacy` is the syntax without it (ECMAScript Annex B: identity escapes such
 * as `\_` or `\:`, a literal `{`), which many schemas in use were written for.
 */
export type PatternSyntax = 'unicode' | 'legacy'

/** A pattern as an engine compiled it. */
export interface CompiledRegex {
  /** True when the pattern matches somewhere in `input` (unanchored, as `RegExp#test`). */
  test(input: string): boolean
  /** Work units of a test on `length` characters, for `maxWork`; `1 + length / 64` when absent. */
  cost?(length: number): number
}

/**
 * A regex engine (`KernelSetup.regexEngines`). Sources use ECMAScript syntax with the `u` flag
 * unless `syntax` is `'legacy'` (asked only for a source that is invalid with `u` and valid
 * without); an engine that cannot honour a pattern refuses it rather than match it differently.
 * An engine that ignores `syntax` refuses legacy sources, which then stay schema errors.
 */
export interface RegexEngine {
  /** Why `source` cannot be used (invalid or unsupported), or undefined. Compiles no matcher. */
  check(source: string, syntax?: PatternSyntax): string | undefined
  /** Compiles a source; throws an `Error` saying why when `check` would refuse it. */
  compile(source: string, syntax?: PatternSyntax): CompiledRegex
}

/** What `CompileContext.regex` returns: a compiled pattern for a keyword's run time. */
export interface RegexMatcher {
  /** The pattern as written in the schema. */
  readonly source: string
  /**
   * False when the source was compiled with legacy syntax (it is invalid with the `u` flag);
   * true or absent for the standard syntax. Code that re-reads `source` must honour it.
   */
  readonly unicode?: boolean
  /**
   * True when the pattern matches somewhere in `input`. Pass the run context: with a work
   * budget (`maxWork`) the scan is charged to it; without one the argument is ignored.
   */
  test(input: string, ctx?: RunContext): boolean
}

export type { CompileContext, EvaluatedTracker, RunContext, KeywordError, DefaultsContext, KeywordDefinition, EarlyCheck, EarlyIssue, EarlyStep, CompiledKeyword, CycleInfo, SchemaWarning } from './keyword-contract.ts'
