/**
 * The meta-schema check: a schema is validated against the meta-schema of its dialect (or the
 * one its `$schema` names) before it compiles, and every problem is listed in one `SchemaError`,
 * with a hint where a keyword's value is another dialect's syntax. Meta-schema validators are
 * the kernel's own (user hooks do not see them), compiled once per registered meta-schema.
 */
import type { Compilation, CompileEnvironment } from './compile.ts'
import { SchemaError } from '../contract/errors.ts'
import type { ValidationError } from '../contract/errors.ts'
import type { Hooks } from '../contract/hooks.ts'
import { isObject } from '../documents/json.ts'
import { resolveOptions } from '../contract/options.ts'
import { formatPointer, parsePointer, uriFragmentOf } from '../documents/pointer.ts'
import { resolveUri, splitFragment } from '../documents/uri.ts'
import type { Dialect } from '../documents/schema-index.ts'
import type { DialectName, ResolvedOptions, SchemaProblem } from '../contract/types.ts'

/**
 * What the check uses of a meta-schema's validator (the kernel hands it a `JSONSchemaValidator`):
 * named here so that the compiler does not import the validators built on top of it.
 */
export interface MetaValidator {
  readonly compilation: Compilation
  isValid(data: unknown): boolean
  validate(data: unknown): ValidationError | null
  jsonSchema(): unknown
}

/** What the check needs from its kernel. */
export interface MetaCheckHost {
  env: CompileEnvironment
  byMetaSchema: ReadonlyMap<string, Dialect>
  hooks: Hooks
  /** A validator of the kernel's own for a meta-schema document, compiled with `options`. */
  validator(doc: unknown, options: ResolvedOptions): MetaValidator
  /** The other-dialect hint for the keyword at `instancePath`, if its value is another dialect's syntax. */
  hintAt(schema: unknown, instancePath: string, dialect: DialectName): string | undefined
}

export function stripHash(uri: string): string {
  return uri.endsWith('#') ? uri.slice(0, -1) : uri
}

export class MetaSchemaCheck {
  private readonly validators = new Map<string, MetaValidator>()
  /** Per registered meta-schema: the one-document equivalent of its vocabularies (null: none). */
  private readonly flats = new Map<string, MetaValidator | null>()

  constructor(private readonly host: MetaCheckHost) {}

  /**
   * The boolean check of a registered meta-schema whose vocabularies can be read as one document
   * (see `flattenVocabularies`), or null. It answers valid or not only: a schema it refuses goes
   * through the meta-schema itself, which explains each problem.
   */
  private flatFor(uri: string, metaOptions: () => ResolvedOptions): MetaValidator | null {
    let flat = this.flats.get(uri)
    if (flat === undefined) {
      const doc = flattenVocabularies(this.host.env.registry.get(uri), this.host.env.registry)
      flat = doc === undefined ? null : this.host.validator(doc, metaOptions())
      flat?.compilation.compileRoot(doc)
      this.flats.set(uri, flat)
    }
    return flat
  }

  /** Validates a schema against its meta-schema; throws `SchemaError` listing every problem. */
  check(schema: unknown, options: ResolvedOptions): void {
    if (typeof schema === 'boolean') return
    let declared: string | undefined
    try {
      declared = isObject(schema) && typeof schema.$schema === 'string' ? stripHash(schema.$schema) : undefined
    } catch (e) {
      // A schema that cannot be read (a throwing getter or Proxy trap) is a malformed schema.
      throw Object.assign(new SchemaError([{ schemaPath: '#', message: `reading the schema threw: ${String(e)}` }]), { cause: e })
    }
    const inForce = declared === undefined ? this.host.env.dialect(options.defaultDialect) : this.host.byMetaSchema.get(declared)
    const uri = inForce === undefined ? declared! : stripHash(inForce.checkedBy ?? inForce.metaSchema ?? '')
    const registered = this.host.env.registry.has(uri)
    // Meta-schemas are trusted: no limits; the schema under check was size-checked already.
    const metaOptions = () => ({ ...resolveOptions({}, undefined), schemas: options.schemas, defaultDialect: options.defaultDialect, validateSchema: false, formats: 'annotate' as const, allErrors: true })
    // Most schemas are valid: the one-document check answers them; the meta-schema explains the rest.
    if (registered && this.flatFor(uri, metaOptions)?.isValid(schema) === true) return
    let validator = registered ? this.validators.get(uri) : undefined
    if (validator === undefined) {
      if (!registered && options.schemas[uri] === undefined && options.schemas[uri + '#'] === undefined) {
        // A $schema nobody can read: refuse rather than guess the dialect. (One a resolveRef hook
        // supplies is read at compile time, unchecked here as before.)
        if (inForce === undefined && (options.untrusted || this.host.hooks.resolveRef.call(declared!) === undefined)) {
          throw new SchemaError([{ schemaPath: '#/$schema', message: this.host.env.unknownDialect(declared!) }])
        }
        return
      }
      // The meta-schema itself is the entry, so its `$dynamicRef`s resolve statically.
      const doc = this.host.env.registry.get(uri) ?? options.schemas[uri] ?? options.schemas[uri + '#']
      validator = this.host.validator(doc, metaOptions())
      validator.compilation.compileRoot(doc)
      if (registered) this.validators.set(uri, validator)
    }
    const error = validator.validate(schema)
    if (error === null) return
    const dialect = inForce?.name ?? this.host.byMetaSchema.get(stripHash(String((validator.jsonSchema() as { $schema?: unknown }).$schema ?? '')))?.name
    const problems: SchemaProblem[] = []
    // A resource embedded with its own $schema answers to its own meta-schema, not to this one.
    const embedded = new Map<string, unknown>()
    // One problem once: the 2020-12 meta-schema applies each vocabulary's meta-schema to the
    // same place, so a wrong keyword value fails the same way in each of them (8 times).
    const seen = new Set<string>()
    for (const e of error.errors) {
      const inner = embeddedResourceAt(schema, e.instancePath, inForce, this.host.byMetaSchema)
      if (inner !== undefined) {
        embedded.set(inner.pointer, inner.value)
        continue
      }
      const key = `${e.instancePath}\u0000${e.keyword}\u0000${e.message}`
      if (seen.has(key)) continue
      seen.add(key)
      const hint = dialect === undefined ? undefined : this.host.hintAt(schema, e.instancePath, dialect)
      problems.push({ schemaPath: '#' + e.instancePath, message: `${hint === undefined ? '' : hint + '; '}${e.message} (meta-schema ${uri}, at ${e.schemaPath})` })
    }
    for (const [pointer, value] of embedded) {
      try {
        this.check(value, options)
      } catch (e) {
        if (!SchemaError.isInstance(e)) throw e
        for (const p of e.errors) problems.push({ ...p, schemaPath: '#' + pointer + p.schemaPath.slice(1) })
      }
    }
    if (problems.length > 0) throw new SchemaError(problems)
  }
}

/**
 * The outermost schema object on the way to `instancePath` (below the root) that is a resource of
 * a dialect other than `outer`: a known `$schema` whose dialect finds an identifier in it.
 */
function embeddedResourceAt(
  root: unknown,
  instancePath: string,
  outer: Dialect | undefined,
  byMetaSchema: ReadonlyMap<string, Dialect>,
): { pointer: string; value: unknown } | undefined {
  const tokens = parsePointer(instancePath)
  let value = root
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (!isObject(value) && !Array.isArray(value)) return undefined
    value = (value as Record<string, unknown>)[token]
    if (!isObject(value) || typeof value.$schema !== 'string') continue
    const dialect = byMetaSchema.get(stripHash(value.$schema))
    if (dialect !== undefined && dialect !== outer && dialect.identify(value).id !== undefined) {
      return { pointer: formatPointer(tokens.slice(0, i + 1)), value }
    }
  }
  return undefined
}

/** What a meta-schema or one of its vocabulary documents may hold besides `properties` for `flattenVocabularies`. */
const FLAT_ROOT_KEYS = new Set(['$schema', '$id', '$vocabulary', '$dynamicAnchor', '$recursiveAnchor', 'title', '$comment', 'allOf', 'type', 'properties'])
const FLAT_VOCABULARY_KEYS = new Set(['$schema', '$id', '$vocabulary', '$dynamicAnchor', '$recursiveAnchor', 'title', '$comment', 'type', 'properties', '$defs'])

/**
 * One document that accepts exactly what a vocabulary meta-schema (2020-12, 2019-09) accepts,
 * or undefined when `meta` is not of that form. Such a meta-schema is an `allOf` of references
 * to one document per vocabulary, each of the same `type` with `properties` of its own keywords
 * (names no two documents share), plus `properties` of its own: their conjunction is one
 * `properties` of all the names, each a reference to the subschema it had. A schema under check
 * then costs one walk of its keys, not one per vocabulary. The dynamic anchor moves with it: the
 * document is the entry of its dynamic scope, so every `$dynamicRef: "#meta"` (`$recursiveRef`)
 * of the vocabularies lands on it, as it landed on the meta-schema.
 */
export function flattenVocabularies(meta: unknown, registry: ReadonlyMap<string, unknown>): Record<string, unknown> | undefined {
  if (!isObject(meta) || typeof meta.$id !== 'string' || !Array.isArray(meta.allOf)) return undefined
  if (Object.keys(meta).some((k) => !FLAT_ROOT_KEYS.has(k))) return undefined
  const typeText = JSON.stringify(meta.type)
  if (typeText === undefined) return undefined
  const properties: Record<string, unknown> = {}
  const take = (doc: Record<string, unknown>, id: string): boolean => {
    if (doc.properties === undefined) return true
    if (!isObject(doc.properties)) return false
    for (const name of Object.keys(doc.properties)) {
      if (Object.hasOwn(properties, name)) return false
      properties[name] = { $ref: id + uriFragmentOf(['properties', name]) }
    }
    return true
  }
  for (const part of meta.allOf) {
    if (!isObject(part) || Object.keys(part).length !== 1 || typeof part.$ref !== 'string') return undefined
    const [id, fragment] = splitFragment(resolveUri(part.$ref, meta.$id))
    const doc = registry.get(id)
    if (fragment !== '' || !isObject(doc) || doc.$id !== id || doc.$schema !== meta.$schema) return undefined
    if (Object.keys(doc).some((k) => !FLAT_VOCABULARY_KEYS.has(k)) || JSON.stringify(doc.type) !== typeText) return undefined
    if (doc.$dynamicAnchor !== meta.$dynamicAnchor || doc.$recursiveAnchor !== meta.$recursiveAnchor) return undefined
    if (!take(doc, id)) return undefined
  }
  if (!take(meta, meta.$id)) return undefined
  const flat: Record<string, unknown> = { $schema: meta.$schema, $id: `${meta.$id}/schemavet-one-document` }
  if (meta.$dynamicAnchor !== undefined) flat.$dynamicAnchor = meta.$dynamicAnchor
  if (meta.$recursiveAnchor !== undefined) flat.$recursiveAnchor = meta.$recursiveAnchor
  flat.type = meta.type
  flat.properties = properties
  return flat
}
