/**
 * `discriminator` (OpenAPI style): beside `oneOf`, names the property whose value picks the
 * branch. The data is checked against that one branch, so a wrong object gets the errors of the
 * branch it meant to be, not one error per branch, and the other branches are not evaluated.
 *
 * Built on the public plugin API only: `DiscriminatorPlugin.apply` registers the `discriminator`
 * keyword and taps `compileKeyword` for `oneOf` at an earlier stage; the tap claims `oneOf` (with
 * the `discriminatedOneOf` definition) only where `discriminator` is present, and otherwise
 * returns `undefined`, so the standard `oneOf` compiles as before.
 * @see https://spec.openapis.org/oas/v3.1.0#discriminator-object
 */
import { defineKeyword, got, hasOwn, isObject, valueList } from '../../core/index.ts'
import type { CompileContext, Kernel, RunContext } from '../../core/index.ts'
import { Branches, applyMeant, declaredDiscriminator, routeOf } from '../applicator/_discriminate.ts'

/** The property name and which `oneOf` branch each of its values selects. */
export interface TagTable {
  propertyName: string
  /** Tag value to branch index. */
  tags: Map<string, number>
}

/**
 * What `discriminatedOneOf` compiles to: the `oneOf` branches with their declared discriminator
 * (routed and applied as a discriminator found by `anyOf`/`oneOf` is), and the tag values for
 * the issues.
 */
class Discriminated extends Branches {
  constructor(
    table: TagTable,
    handles: Branches['handles'],
    readonly tags: readonly string[] = [...table.tags.keys()],
    readonly allowed = valueList(tags),
  ) {
    super(handles, declaredDiscriminator(table.propertyName, table.tags, handles.length))
  }

  get propertyName(): string {
    return this.discriminator!.name
  }
}


/** The tag values an inline branch declares: `properties[name].const` or a string `enum`. */
function inlineTags(branch: Record<string, unknown>, name: string): string[] {
  const props = branch.properties
  const prop = isObject(props) && isObject(props[name]) ? (props[name] as Record<string, unknown>) : undefined
  if (prop === undefined) return []
  if (typeof prop.const === 'string') return [prop.const]
  if (Array.isArray(prop.enum)) return prop.enum.filter((v): v is string => typeof v === 'string')
  return []
}

const requires = (schema: unknown, name: string) => isObject(schema) && Array.isArray(schema.required) && schema.required.includes(name)

/** `discriminator`'s value, or a reason it is malformed. */
function readDiscriminator(schema: Readonly<Record<string, unknown>>): { propertyName: string; mapping: Record<string, string> } | string {
  const d = schema.discriminator
  if (!isObject(d) || typeof d.propertyName !== 'string') return 'discriminator must be an object with a string "propertyName"'
  const mapping = d.mapping === undefined ? {} : d.mapping
  if (!isObject(mapping) || Object.values(mapping).some((v) => typeof v !== 'string')) return 'discriminator.mapping must map values to $ref strings'
  if (!Array.isArray(schema.oneOf)) return 'discriminator needs a "oneOf" beside it'
  return { propertyName: d.propertyName, mapping: mapping as Record<string, string> }
}

/**
 * The tag table of the `oneOf` holding `ctx`. Fails (a `SchemaError` at `#/oneOf/<i>`) when a
 * branch declares no tag value, two branches claim one value, or an inline branch does not
 * require the property. `$ref` branches take their values from `mapping`, else the last segment
 * of the reference (`#/$defs/Cat` is `Cat`), as OpenAPI does. A malformed `discriminator` gives
 * an empty table here: the `discriminator` keyword reports it, at its own path.
 */
export function tagTable(ctx: CompileContext): TagTable {
  const d = readDiscriminator(ctx.schema)
  if (typeof d === 'string') return { propertyName: '', tags: new Map() }
  const { propertyName: name, mapping } = d
  const tags = new Map<string, number>()
  ;(ctx.schema.oneOf as unknown[]).forEach((branch, i) => {
    let values: string[]
    if (isObject(branch) && typeof branch.$ref === 'string') {
      const ref = branch.$ref
      values = Object.keys(mapping).filter((k) => mapping[k] === ref)
      if (values.length === 0) values = [ref.slice(ref.lastIndexOf('/') + 1)]
    } else {
      values = isObject(branch) ? inlineTags(branch, name) : []
      if (values.length === 0) ctx.fail(`a discriminated branch needs properties.${name}.const (or a string enum)`, i)
      if (!requires(branch, name) && !requires(ctx.schema, name)) ctx.fail(`a discriminated branch must list "${name}" in required`, i)
    }
    for (const v of values) {
      if (tags.has(v)) ctx.fail(`discriminator value ${JSON.stringify(v)} selects two branches (${tags.get(v)} and ${i})`, i)
      tags.set(v, i)
    }
  })
  return { propertyName: name, tags }
}

/**
 * `discriminator` itself: checks its value (and that each `mapping` names a `$ref` branch) at
 * compile time; an annotation at run time (the work happens in `oneOf`).
 */
export const discriminatorKeyword = defineKeyword<unknown, undefined>({
  keyword: 'discriminator',
  vocabulary: 'openapi',
  compile(_value, ctx) {
    const d = readDiscriminator(ctx.schema)
    if (typeof d === 'string') ctx.fail(d)
    const { mapping } = d as Exclude<typeof d, string>
    const refs = new Set((ctx.schema.oneOf as unknown[]).map((b) => (isObject(b) ? b.$ref : undefined)))
    for (const [value, ref] of Object.entries(mapping)) {
      if (!refs.has(ref)) ctx.fail(`mapping.${value} names "${ref}", which no oneOf branch references`, 'mapping', value)
    }
    return undefined
  },
})

function applyAll(c: Discriminated, x: unknown, ctx: RunContext): number {
  let passed = 0
  for (const b of c.handles) if (ctx.apply(b, x)) passed++
  return passed
}

/**
 * `oneOf` where `discriminator` is present: the tag selects the branch. A missing tag or an
 * unknown value is one issue (params `{ discriminator, tag?, allowed }`); a wrong object gets the
 * issues of the branch its tag selects. A value that is not an object falls back to plain
 * `oneOf` (exactly one branch). When the kernel needs every branch evaluated (annotations, or a
 * reference cycle in reach) the other branches run too, their issues dropped.
 */
export const discriminatedOneOf = defineKeyword<unknown, Discriminated>({
  keyword: 'oneOf',
  vocabulary: 'applicator',
  schemaShape: 'schemaArray',
  applies: 'in-place',
  compile(value, ctx) {
    if (!Array.isArray(value) || value.length === 0) ctx.fail('oneOf must be a non-empty array of schemas')
    const table = tagTable(ctx)
    return new Discriminated(table, (value as unknown[]).map((_, i) => ctx.subschema(i)))
  },
  validate(c, x, ctx) {
    const name = c.propertyName
    if (!isObject(x)) {
      const mark = ctx.errorMark()
      const passed = applyAll(c, x, ctx)
      ctx.resetErrors(mark)
      if (passed === 1) return true
      if (ctx.collecting) ctx.report({ discriminator: name, allowed: [...c.tags] }, `must be an object with property "${name}" (one of: ${c.allowed})${got(x)}`)
      return false
    }
    const meant = routeOf(c.discriminator!, x)
    const ok = applyMeant(c, meant, x, ctx)
    if (meant >= 0 || !ctx.collecting) return ok
    const tag = hasOwn(x, name) ? x[name] : undefined
    if (tag === undefined) {
      ctx.report({ discriminator: name, allowed: [...c.tags] }, `must have property "${name}" (one of: ${c.allowed})${got(x)}`)
    } else {
      // An excerpt, not JSON.stringify: the tag may be any value, nested any depth.
      ctx.report({ discriminator: name, tag, allowed: [...c.tags] }, `must be one of: ${c.allowed}${got(tag)}`, name)
    }
    return false
  },
  defaults(c, x, ctx) {
    // The tag chooses the branch, so its defaults fill even while the object is incomplete.
    const meant = routeOf(c.discriminator!, x)
    if (meant >= 0) ctx.fillHere(c.handles[meant]!)
  },
})

/**
 * Registers `discriminator` and claims `oneOf` where it is present. Use it with
 * `createKernel({ plugins: [new DiscriminatorPlugin()] })`.
 */
export class DiscriminatorPlugin {
  /** Tapable stage of the `oneOf` tap: before the standard definition (stage 0). */
  static readonly stage = -10

  /** Registers `discriminator` and taps `compileKeyword` for `oneOf` (setup only). */
  apply(kernel: Kernel): void {
    kernel.use(discriminatorKeyword)
    kernel.hooks.compileKeyword.for('oneOf').tap({ name: 'DiscriminatorPlugin', stage: DiscriminatorPlugin.stage }, (value, ctx) => {
      if (!hasOwn(ctx.schema, 'discriminator')) return undefined
      return { definition: discriminatedOneOf, compiled: discriminatedOneOf.compile(value, ctx) }
    })
  }
}
