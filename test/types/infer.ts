/**
 * Static types inferred from schema literals (core/infer.ts), checked by `tsc --noEmit` in
 * `npm test`: exact `Equal` checks on what `newJSONSchema` infers, `isValid` narrowing,
 * `applyDefaults` input and output types, `~standard` types, an explicit type for a recursive
 * schema, and `@ts-expect-error` negatives. Never executed: the functions only give the checks a
 * scope.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { applyDefaults, createKernel, newJSONSchema, newSimpleJSONSchema } from '../../index.ts'
import type { JSONSchemaValidator, SimpleJSONSchema } from '../../index.ts'
import type { FromSchema } from '../../core/infer.ts'
import type { Equal, Expect, ExpectFalse } from './equal.ts'

type DataOf<V> = V extends JSONSchemaValidator<infer D, unknown, unknown> ? D : never
type InputOf<V extends StandardSchemaV1> = StandardSchemaV1.InferInput<V>
type OutputOf<V extends StandardSchemaV1> = StandardSchemaV1.InferOutput<V>

// The helper itself: `any` never passes for a concrete type.
export type HelperRejectsAny = [ExpectFalse<Equal<any, { a: string }>>, ExpectFalse<Equal<{ a: string }, any>>, Expect<Equal<any, any>>]
export type HelperIsExact = [ExpectFalse<Equal<{ a: string }, { a?: string }>>, ExpectFalse<Equal<string, 'a'>>]

const trip = newJSONSchema({
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, default: 3 },
    units: { enum: ['metric', 'imperial'], default: 'metric' },
    note: { type: 'string' },
  },
  required: ['city', 'days'],
})

/** Validated data: `required` properties present; defaults play no part. */
export type TripData = Expect<Equal<DataOf<typeof trip>, { city: string; days: number; units?: 'metric' | 'imperial'; note?: string }>>
/** Input: a required property with a default may be missing. */
export type TripInput = Expect<Equal<InputOf<typeof trip>, { city: string; days?: number; units?: 'metric' | 'imperial'; note?: string }>>
/** Output: every property with a default is present, required or not. */
export type TripOutput = Expect<Equal<OutputOf<typeof trip>, { city: string; days: number; units: 'metric' | 'imperial'; note?: string }>>

export function defaultsOptionalOnInputRequiredOnOutput(): void {
  const out = applyDefaults({ city: 'Oslo' }, trip)
  type _out = Expect<Equal<typeof out, { city: string; days: number; units: 'metric' | 'imperial'; note?: string }>>
  const days: number = out.days
  void days
  // @ts-expect-error days is optional on the input side, so the input type does not promise it
  const notOutput: OutputOf<typeof trip> = { city: 'Oslo' }
  const input: InputOf<typeof trip> = { city: 'Oslo' }
  // @ts-expect-error city is required on the input side (no default)
  const missingCity: InputOf<typeof trip> = { days: 2 }
  void [notOutput, input, missingCity]
}

export function applyDefaultsOnUnknownStaysUnknown(raw: unknown): void {
  const out = applyDefaults(raw, trip)
  type _out = Expect<Equal<typeof out, unknown>>
  // @ts-expect-error an unknown value gives an unknown copy, not the output type
  const typed: OutputOf<typeof trip> = applyDefaults(raw, trip)
  void typed
}

export function isValidNarrows(raw: unknown): void {
  if (trip.isValid(raw)) {
    type _narrowed = Expect<Equal<typeof raw, { city: string; days: number; units?: 'metric' | 'imperial'; note?: string }>>
    const city: string = raw.city
    void city
  }
  // @ts-expect-error without the guard the value is still unknown
  raw.city
}

export async function standardValidateGivesOutput(raw: unknown): Promise<void> {
  const result = await trip['~standard'].validate(raw)
  if (!result.issues) {
    type _value = Expect<Equal<typeof result.value, { city: string; days: number; units: 'metric' | 'imperial'; note?: string }>>
  }
}

// Types, const and enum.
export type Scalars = [
  Expect<Equal<FromSchema<{ type: 'string' }>, string>>,
  Expect<Equal<FromSchema<{ type: 'integer' }>, number>>,
  Expect<Equal<FromSchema<{ type: 'boolean' }>, boolean>>,
  Expect<Equal<FromSchema<{ type: 'null' }>, null>>,
  Expect<Equal<FromSchema<{ type: readonly ['string', 'null'] }>, string | null>>,
  Expect<Equal<FromSchema<{ const: 'x' }>, 'x'>>,
  Expect<Equal<FromSchema<{ enum: readonly [1, 'a', null] }>, 1 | 'a' | null>>,
  Expect<Equal<FromSchema<{ const: readonly [1, { readonly a: 'b' }] }>, [1, { a: 'b' }]>>,
  Expect<Equal<FromSchema<true>, unknown>>,
  Expect<Equal<FromSchema<false>, never>>,
  Expect<Equal<FromSchema<{}>, unknown>>,
]

// Without `type`, object keywords do not make the data an object (a string passes them).
export type NoTypeIsUnknown = Expect<Equal<FromSchema<{ properties: { a: { type: 'string' } }; required: ['a'] }>, unknown>>

// Objects.
export type Objects = [
  Expect<Equal<FromSchema<{ type: 'object' }>, Record<string, unknown>>>,
  Expect<Equal<FromSchema<{ type: 'object'; required: ['a'] }>, { a: unknown } & Record<string, unknown>>>,
  Expect<Equal<FromSchema<{ type: 'object'; properties: { a: { type: 'number' } }; additionalProperties: { type: 'string' } }>, { a?: number } & { [key: string]: string | number }>>,
  Expect<Equal<FromSchema<{ type: 'object'; additionalProperties: { type: 'boolean' } }>, { [key: string]: boolean }>>,
]

// Arrays and tuples.
export type Arrays = [
  Expect<Equal<FromSchema<{ type: 'array' }>, unknown[]>>,
  Expect<Equal<FromSchema<{ type: 'array'; items: { type: 'string' } }>, string[]>>,
  Expect<Equal<FromSchema<{ type: 'array'; prefixItems: [{ type: 'string' }, { type: 'number' }]; items: false }>, [string?, number?]>>,
  Expect<Equal<FromSchema<{ type: 'array'; prefixItems: [{ type: 'string' }, { type: 'number' }]; minItems: 1; items: false }>, [string, number?]>>,
  Expect<Equal<FromSchema<{ type: 'array'; prefixItems: [{ type: 'string' }]; minItems: 1; items: { type: 'boolean' } }>, [string, ...boolean[]]>>,
  Expect<Equal<FromSchema<{ type: 'array'; prefixItems: [{ type: 'string' }]; minItems: 1 }>, [string, ...unknown[]]>>,
  Expect<Equal<FromSchema<{ type: 'array'; items: [{ type: 'string' }]; minItems: 1; additionalItems: false }>, [string]>>,
]

// Combinators and references.
export type Combinators = [
  Expect<Equal<FromSchema<{ anyOf: [{ type: 'string' }, { type: 'number' }] }>, string | number>>,
  Expect<Equal<FromSchema<{ oneOf: [{ const: 1 }, { const: 2 }] }>, 1 | 2>>,
  Expect<
    Equal<
      FromSchema<{ allOf: [{ type: 'object'; properties: { a: { type: 'string' } }; required: ['a'] }, { type: 'object'; properties: { b: { type: 'number' } } }] }>,
      { a: string; b?: number }
    >
  >,
  Expect<Equal<FromSchema<{ $defs: { Id: { type: 'string' } }; type: 'array'; items: { $ref: '#/$defs/Id' } }>, string[]>>,
  Expect<Equal<FromSchema<{ definitions: { N: { type: 'number' } }; $ref: '#/definitions/N' }>, number>>,
  Expect<Equal<FromSchema<{ $ref: 'https://example.com/other.json' }>, unknown>>,
]

// A recursive reference is `unknown` where it recurses: sound, but not the whole story.
const tree = newJSONSchema({
  $defs: { Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['value'] } },
  $ref: '#/$defs/Node',
})
export type TreeInferred = Expect<Equal<DataOf<typeof tree>, { value: string; children?: unknown[] }>>

/** The explicit type parameter, for what inference cannot follow. */
interface Tree {
  value: string
  children?: Tree[]
}
const typedTree = newJSONSchema<Tree>({
  $defs: { Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['value'] } },
  $ref: '#/$defs/Node',
})
export type TreeExplicit = [
  Expect<Equal<DataOf<typeof typedTree>, Tree>>,
  Expect<Equal<InputOf<typeof typedTree>, Tree>>,
  Expect<Equal<OutputOf<typeof typedTree>, Tree>>,
]
export function explicitTypeGuards(raw: unknown): void {
  if (typedTree.isValid(raw)) {
    const depth2: Tree[] | undefined = raw.children?.[0]?.children
    void depth2
  }
}

// A schema that is not a literal (or is typed loosely) gives unknown everywhere, as before.
declare const loose: Record<string, unknown>
declare const widened: { type: string; properties: Record<string, unknown> }
const fromLoose = newJSONSchema(loose)
const fromWidened = newJSONSchema(widened)
const fromAny = newJSONSchema(JSON.parse('{}'))
export type Loose = [
  Expect<Equal<DataOf<typeof fromLoose>, unknown>>,
  Expect<Equal<DataOf<typeof fromWidened>, unknown>>,
  Expect<Equal<DataOf<typeof fromAny>, unknown>>,
  Expect<Equal<OutputOf<typeof fromAny>, unknown>>,
]

// `as const` on a declared schema works like an inline literal.
const declared = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const
const fromDeclared = newJSONSchema(declared)
export type DeclaredDirect = Expect<Equal<DataOf<typeof fromDeclared>, { id: string }>>

// newSimpleJSONSchema and kernels infer the same way.
const simple = newSimpleJSONSchema({ type: 'array', items: { type: 'number' } })
const kernelSchema = createKernel().newJSONSchema({ type: 'string', default: 'x' })
export type SameEverywhere = [
  Expect<Equal<typeof simple, SimpleJSONSchema<number[], number[], number[]>>>,
  Expect<Equal<DataOf<typeof kernelSchema>, string>>,
  // A root default: the input may be undefined.
  Expect<Equal<InputOf<typeof kernelSchema>, string | undefined>>,
  Expect<Equal<OutputOf<typeof kernelSchema>, string>>,
]

// A typed validator is still a plain `JSONSchemaValidator` where one is expected.
export const widenedBack: JSONSchemaValidator = trip
declare const plain: JSONSchemaValidator
// @ts-expect-error but a plain one is not a typed one: its guard promises nothing
export const narrowedWrongly: JSONSchemaValidator<{ city: string }> = plain
// @ts-expect-error nor is one typed for other data
export const mismatched: JSONSchemaValidator<{ city: number }> = trip

// Nested defaults reach the output type through nested objects.
const nested = newJSONSchema({
  type: 'object',
  properties: { options: { type: 'object', default: {}, properties: { retries: { type: 'integer', default: 2 }, verbose: { type: 'boolean' } } } },
})
export type Nested = [
  Expect<Equal<OutputOf<typeof nested>, { options: { retries: number; verbose?: boolean } }>>,
  Expect<Equal<InputOf<typeof nested>, { options?: { retries?: number; verbose?: boolean } }>>,
]

// A tagged union narrows on its tag after the guard.
const event = newJSONSchema({
  oneOf: [
    { type: 'object', properties: { kind: { const: 'click' }, x: { type: 'number' } }, required: ['kind', 'x'] },
    { type: 'object', properties: { kind: { const: 'key' }, key: { type: 'string' } }, required: ['kind', 'key'] },
  ],
})
export type TaggedUnion = Expect<Equal<DataOf<typeof event>, { kind: 'click'; x: number } | { kind: 'key'; key: string }>>
export function taggedUnionNarrows(raw: unknown): void {
  if (!event.isValid(raw)) return
  if (raw.kind === 'click') {
    const x: number = raw.x
    void x
  } else {
    const key: string = raw.key
    // @ts-expect-error a key event has no x
    void raw.x
    void key
  }
}

// Object-level unions: branches without `type` constrain the object the parent declares, so the
// data is the parent's object intersected with the union of the branches (CI steps, tagged tool
// inputs).
const step = newJSONSchema({
  type: 'object',
  properties: { name: { type: 'string' } },
  oneOf: [
    { required: ['uses'], properties: { uses: { type: 'string' } } },
    { required: ['run'], properties: { run: { type: 'string' }, shell: { type: 'string' } } },
  ],
})
export type ObjectLevelOneOf = Expect<
  Equal<DataOf<typeof step>, { name?: string; uses: string } | { name?: string; run: string; shell?: string }>
>
export function objectLevelOneOfNarrows(raw: unknown): void {
  if (!step.isValid(raw)) return
  const name: string | undefined = raw.name
  if ('run' in raw) {
    const run: string = raw.run
    void run
  } else {
    const uses: string = raw.uses
    void uses
  }
  // @ts-expect-error neither branch promises `run`: it may be a `uses` step
  void raw.run
  void name
}
const tagged = newJSONSchema({
  type: 'object',
  properties: { tool: { enum: ['search', 'fetch'] } },
  required: ['tool'],
  anyOf: [{ properties: { tool: { const: 'search' }, query: { type: 'string' } }, required: ['query'] }, { properties: { tool: { const: 'fetch' }, url: { type: 'string' } }, required: ['url'] }],
})
export type ObjectLevelAnyOf = Expect<Equal<DataOf<typeof tagged>, { tool: 'search'; query: string } | { tool: 'fetch'; url: string }>>
// A branch that names only `required` makes a declared property required.
export type RequiredOnlyBranch = Expect<
  Equal<FromSchema<{ type: 'object'; properties: { a: { type: 'string' }; b: { type: 'number' } }; anyOf: [{ required: ['a'] }, { required: ['b'] }] }>, { a: string; b?: number } | { a?: string; b: number }>
>
// Defaults still decide the output side inside the branches.
const defaultedBranch = newJSONSchema({
  type: 'object',
  properties: { name: { type: 'string' } },
  oneOf: [{ properties: { retries: { type: 'integer', default: 1 } }, required: ['retries'] }],
})
export type BranchDefaults = [
  Expect<Equal<InputOf<typeof defaultedBranch>, { name?: string; retries?: number }>>,
  Expect<Equal<OutputOf<typeof defaultedBranch>, { name?: string; retries: number }>>,
]
// A branch with a `type` of its own keeps it; a parent that is not an object lends nothing.
export type TypedBranchesKeepTheirType = [
  Expect<Equal<FromSchema<{ type: 'object'; oneOf: [{ type: 'object'; properties: { a: { type: 'string' } }; required: ['a'] }] }>, { a: string }>>,
  Expect<Equal<FromSchema<{ type: 'string'; anyOf: [{ required: ['a'] }] }>, string>>,
]
