/**
 * What a model provider accepts as a structured-output or strict tool schema, as data. Each file
 * under `providers/profiles/` exports one `ProviderProfile`; the converter reads only this, so a
 * new provider is one file (and a line in `providers/profiles/index.ts`).
 */

/** Constraint keywords a provider may keep on a string, number or array schema. */
export type StringConstraint = 'pattern' | 'minLength' | 'maxLength' | 'format'
export type NumberConstraint = 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf'
export type ArrayConstraint = 'minItems' | 'maxItems'

/** Per-request limits (`checkProviderRequest`) and per-schema limits (`compileForProvider`). */
export interface ProviderLimits {
  /** Object properties in one schema, all levels together. */
  properties?: number
  /** Nested object levels; deeper parts are sent as JSON text. */
  depth?: number
  /** Enum values in one schema, all enums together. */
  enumValues?: number
  /** Characters of property names, enum values and const values together. */
  stringLength?: number
  /** Strict tools in one request. */
  tools?: number
  /** Optional (not required) properties in the strict tools of one request. */
  optionalParameters?: number
  /** Properties whose schema is a union (`anyOf` or a type list) in the strict tools of one request. */
  unionParameters?: number
}

export interface ProviderProfile {
  /** The name `compileForProvider` takes (`openai`). */
  readonly name: string
  /** The dated profile it follows (`openai_202602`). */
  readonly id: string
  /** Where the rules come from. */
  readonly source: string
  /** The root must be an object schema (a wrapper `{ value }` is added otherwise). */
  readonly rootObject: boolean
  /** Every object must list all its properties in `required` (optional ones become nullable). */
  readonly allRequired: boolean
  /** Every object must say `additionalProperties: false` (extra keys travel as an entry list). */
  readonly closedObjects: boolean
  /** `additionalProperties` may be a schema (maps stay maps). */
  readonly additionalSchemas: boolean
  /** `anyOf` is accepted below the root; otherwise unions become tagged wrapper objects. */
  readonly anyOf: boolean
  /** `$defs` with `$ref`, recursion included; otherwise recursion is sent as JSON text. */
  readonly recursiveRefs: boolean
  /** `type: "null"` alone is accepted (else a `["string","null"]` with `enum: [null]`). */
  readonly nullType: boolean
  /** `prefixItems` is accepted (else tuples become arrays of the union of their items). */
  readonly prefixItems: boolean
  /** `propertyOrdering` is written on every object. */
  readonly propertyOrdering: boolean
  /** Constraints kept in the provider schema; others are described and checked after decode. */
  readonly string: readonly StringConstraint[]
  readonly number: readonly NumberConstraint[]
  readonly array: readonly ArrayConstraint[]
  /** `format` values accepted. */
  readonly formats: readonly string[]
  /** Values `minItems` may take (Anthropic: 0 or 1); any when absent. */
  readonly minItemsValues?: readonly number[]
  readonly limits: ProviderLimits
  /**
   * The profile's meta-schema where it is written in this project (Anthropic's); the others are
   * read from the published profiles (`jsonschemaprofiles`) by the tests and the corpus script.
   */
  readonly metaSchema?: Record<string, unknown>
}
