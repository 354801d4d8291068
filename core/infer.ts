/**
 * Static types from schema literals: `newJSONSchema({ type: 'object', ... } as const)` (or an
 * inline literal) knows the shape of the data it accepts. Type-level only: nothing here exists at
 * run time, and nothing is computed per call.
 *
 * The mapping is sound for what it covers and gives `unknown` where it cannot follow, so a type
 * guard never claims more than the schema checks:
 *
 * - `const`, `enum` (literal types); `type` (one or several; `integer` is `number`);
 * - objects: `properties`, `required`, `additionalProperties` as a schema (an index signature);
 *   `{ type: 'object' }` alone is `Record<string, unknown>`;
 * - arrays: `items`, `prefixItems` (a tuple whose elements past `minItems` are optional, then
 *   `items` as the rest, none for `items: false`), draft-07 `items` arrays with `additionalItems`;
 * - `allOf` (intersection), `anyOf`/`oneOf` (union), `$ref` to `#`, `#/$defs/<name>` or
 *   `#/definitions/<name>`; a reference already being expanded (recursion) is `unknown`;
 * - object-level unions: beside `type: 'object'`, branches without a type of their own
 *   (`oneOf: [{ required: ['uses'], properties: { uses } }, ...]`) are objects, so the data is the
 *   parent's object intersected with the union of the branches;
 * - without `type`, `const`, `enum`, `$ref` or combinators the data is `unknown` (JSON Schema
 *   constrains object keywords only for objects, so `{ properties }` alone admits a string).
 *
 * `not`, `if`/`then`/`else`, `patternProperties` and string/number constraints do not narrow.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'

/**
 * Which side of `applyDefaults` a type describes:
 * - `data`: what `validate` accepts (`isValid`'s guard): `required` properties present;
 * - `input`: what may go into `applyDefaults` and still come out valid: a required property with a
 *   `default` may be missing (and a root with a `default` may be `undefined`);
 * - `output`: what `applyDefaults` then validation hand back: every property with a `default` is
 *   present, required or not.
 */
export type InferMode = 'data' | 'input' | 'output'

declare const inferred: unique symbol

/**
 * The default of the type parameter of `newJSONSchema` and `newSimpleJSONSchema`: infer the data
 * type from the schema literal. Pass your own type instead (`newJSONSchema<Tree>(schema)`) where
 * inference cannot follow, as with recursive schemas.
 */
export type Inferred = typeof inferred

/** The data type a JSON Schema literal describes, on the `mode` side of `applyDefaults`. */
export type FromSchema<S, M extends InferMode = 'data'> = 0 extends 1 & S
  ? unknown
  : M extends 'input'
    ? Resolve<S, S, M, []> | (S extends { default: unknown } ? undefined : never)
    : Resolve<S, S, M, []>

/** `T` when given explicitly, else the type inferred from the schema `S`. */
export type Chosen<T, S, M extends InferMode> = [T] extends [Inferred] ? FromSchema<S, M> : T

type Simplify<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: T[K] } : T

type Writable<T> = T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T

type Resolve<S, Root, M extends InferMode, Seen extends string[]> = S extends true
  ? unknown
  : S extends false
    ? never
    : S extends readonly unknown[]
      ? unknown
      : S extends object
        ? Simplify<Base<S, Root, M, Seen> & Ref<S, Root, M, Seen> & AllOf<S, Root, M, Seen> & Union<S, 'anyOf', Root, M, Seen> & Union<S, 'oneOf', Root, M, Seen>>
        : unknown

type Base<S, Root, M extends InferMode, Seen extends string[]> = S extends { const: infer C }
  ? Writable<C>
  : S extends { enum: readonly (infer E)[] }
    ? Writable<E>
    : S extends { type: infer T }
      ? T extends readonly (infer U)[]
        ? OfType<U, S, Root, M, Seen>
        : OfType<T, S, Root, M, Seen>
      : unknown

type OfType<T, S, Root, M extends InferMode, Seen extends string[]> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'object'
          ? ObjectOf<S, Root, M, Seen>
          : T extends 'array'
            ? ArrayOf<S, Root, M, Seen>
            : unknown

type Props<S> = S extends { properties: infer P extends object } ? P : {}
type RequiredNames<S> = S extends { required: readonly (infer R)[] } ? R & string : never

type IsRequired<K, P, R, M extends InferMode> = M extends 'output'
  ? K extends R ? true : P extends { default: unknown } ? true : false
  : M extends 'input'
    ? K extends R ? (P extends { default: unknown } ? false : true) : false
    : K extends R ? true : false

type ObjectOf<S, Root, M extends InferMode, Seen extends string[], P = Props<S>, R = RequiredNames<S>> = {
  -readonly [K in keyof P as IsRequired<K, P[K], R, M> extends true ? K : never]: Resolve<P[K], Root, M, Seen>
} & {
  -readonly [K in keyof P as IsRequired<K, P[K], R, M> extends true ? never : K]?: Resolve<P[K], Root, M, Seen>
} & { [K in Exclude<R & string, keyof P>]: unknown } & Rest<S, P, Root, M, Seen>

/** The index signature: `additionalProperties` as a schema, or none declared at all. */
type Rest<S, P, Root, M extends InferMode, Seen extends string[]> = S extends { additionalProperties: infer A }
  ? A extends boolean
    ? keyof P extends never ? Record<string, unknown> : {}
    : { [key: string]: Resolve<A, Root, M, Seen> | Resolve<P[keyof P], Root, M, Seen> }
  : keyof P extends never
    ? Record<string, unknown>
    : {}

type ArrayOf<S, Root, M extends InferMode, Seen extends string[]> = S extends { prefixItems: infer P extends readonly unknown[] }
  ? Tuple<P, MinItems<S>, S extends { items: infer I } ? I : true, Root, M, Seen>
  : S extends { items: infer I extends readonly unknown[] }
    ? Tuple<I, MinItems<S>, S extends { additionalItems: infer A } ? A : true, Root, M, Seen>
    : S extends { items: infer I }
      ? Resolve<I, Root, M, Seen>[]
      : unknown[]

type MinItems<S> = S extends { minItems: infer N extends number } ? N : 0

/** Prefix elements, required up to `minItems`, then optional, then the rest (none for `false`). */
type Tuple<P, Min, Rest, Root, M extends InferMode, Seen extends string[], Acc extends unknown[] = []> = P extends readonly [
  infer H,
  ...infer T,
]
  ? Acc['length'] extends Min
    ? [...Acc, ...OptionalTuple<P, Rest, Root, M, Seen>]
    : Tuple<T, Min, Rest, Root, M, Seen, [...Acc, Resolve<H, Root, M, Seen>]>
  : [...Acc, ...RestOf<Rest, Root, M, Seen>]

type OptionalTuple<P, Rest, Root, M extends InferMode, Seen extends string[]> = P extends readonly [infer H, ...infer T]
  ? [Resolve<H, Root, M, Seen>?, ...OptionalTuple<T, Rest, Root, M, Seen>]
  : RestOf<Rest, Root, M, Seen>

type RestOf<Rest, Root, M extends InferMode, Seen extends string[]> = Rest extends false ? [] : Resolve<Rest, Root, M, Seen>[]

type Ref<S, Root, M extends InferMode, Seen extends string[]> = S extends { $ref: infer R extends string }
  ? R extends Seen[number]
    ? unknown
    : Resolve<Target<R, Root>, Root, M, [...Seen, R]>
  : unknown

type Target<R, Root> = R extends '#'
  ? Root
  : R extends `#/$defs/${infer N}`
    ? Root extends { $defs: { [K in N]: infer D } } ? D : true
    : R extends `#/definitions/${infer N}`
      ? Root extends { definitions: { [K in N]: infer D } } ? D : true
      : true

type AllOf<S, Root, M extends InferMode, Seen extends string[]> = S extends { allOf: infer A extends readonly unknown[] }
  ? IntersectAll<A, S, Root, M, Seen>
  : unknown

type IntersectAll<A, S, Root, M extends InferMode, Seen extends string[]> = A extends readonly [infer H, ...infer T]
  ? Resolve<InObject<H, S>, Root, M, Seen> & IntersectAll<T, S, Root, M, Seen>
  : unknown

type Union<S, K extends string, Root, M extends InferMode, Seen extends string[]> = S extends { [P in K]: infer A extends readonly unknown[] }
  ? Resolve<InObject<A[number], S>, Root, M, Seen>
  : unknown

/**
 * A combinator branch beside `type: 'object'` that names object keywords but no type of its own
 * (`{ required: ['run'], properties: { run: ... } }`) constrains the parent's object: it is read
 * as an object schema that also knows the parent's properties (its own win), so a name it only
 * requires gets the parent's type for it, and the union (or intersection) of branches adds to
 * what the parent declares. A branch with its own `type`, `const`, `enum` or `$ref`, or beside a
 * parent that is not an object, is read as written. Distributes over the branches.
 */
type InObject<B, S> = S extends { type: 'object' }
  ? B extends { type: unknown } | { const: unknown } | { enum: unknown } | { $ref: unknown }
    ? B
    : B extends { properties: unknown } | { required: unknown } | { additionalProperties: unknown }
      ? Omit<B, 'properties'> & { type: 'object'; properties: Omit<Props<S>, keyof Props<B>> & Props<B> }
      : B
  : B

/** The input type a schema carries through `~standard` (`unknown` for a schema without one). */
export type InputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : unknown

/** The output type a schema carries through `~standard` (`unknown` for a schema without one). */
export type OutputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : unknown

/**
 * What `applyDefaults(value, schema)` takes as `value` (`V` is the argument's own type): the
 * schema's input type, or a value typed `unknown` (or `any`), which nothing has checked yet. A
 * value of some other type is a type error: it is neither what the schema takes nor honestly
 * unknown. A schema without an input type takes anything.
 */
export type DefaultsInput<V, S> = unknown extends V ? V : InputOf<S>

/** What `applyDefaults` returns for a `value` of type `V`: the output type, or `unknown` for an unknown value (validate the copy to know more). */
export type DefaultsOutput<V, S> = unknown extends V ? unknown : OutputOf<S>
