/**
 * The `CompileContext` a keyword's `compile` receives: one small object per keyword occurrence,
 * its methods on the prototype (a compile creates thousands of these; closures per method made
 * garbage collection a third of cold-start time).
 */
import type { Compilation } from './compile.ts'
import { Problem } from '../contract/errors.ts'
import { hasOwn } from '../documents/json.ts'
import { Handle } from '../evaluator/node.ts'
import type { Node } from '../evaluator/node.ts'
import type { Location } from '../documents/schema-index.ts'
import type { CompileContext, DialectName, FormatChecker, RegexMatcher, ResolvedOptions, SchemaHandle } from '../contract/types.ts'

export class KeywordContext implements CompileContext {
  private path: string | undefined

  constructor(
    private readonly compilation: Compilation,
    private readonly node: Node,
    readonly schema: Record<string, unknown>,
    readonly keyword: string,
    private readonly where: Location,
    /** The keyword's subschemas apply to child values. */
    private readonly child: boolean,
  ) {}

  get schemaPath(): string {
    return (this.path ??= this.compilation.pathOf(this.where, [this.keyword]))
  }
  get baseUri(): string {
    return this.where.resource.uri
  }
  get dialect(): DialectName {
    return this.where.dialect.name
  }
  get vocabularies(): ReadonlySet<string> | undefined {
    return this.where.dialect.vocabularies
  }
  get options(): ResolvedOptions {
    return this.compilation.options
  }

  subschema(...segments: (string | number)[]): SchemaHandle {
    return this.sub(this.keyword, segments)
  }

  siblingSubschema(keyword: string, ...segments: (string | number)[]): SchemaHandle {
    return this.sub(keyword, segments)
  }

  /** Compiles `schema[keyword][...segments]`; the edge kind is this keyword's `applies`. */
  private sub(keyword: string, segments: (string | number)[]): SchemaHandle {
    let value: unknown = this.schema[keyword]
    for (const s of segments) value = (value as Record<string, unknown>)?.[s as string]
    const location = this.compilation.subschemaLocation(value, this.where, keyword, segments)
    const handle = new Handle(this.compilation.nodeFor(value, location), this.child, keyword, false, segments)
    this.compilation.pushEdge(handle)
    return handle
  }

  resolveRef(ref: string): SchemaHandle {
    this.compilation.countRef(this)
    const handle = new Handle(this.compilation.resolve(ref, this.where, this).node, false, this.keyword, true)
    this.compilation.pushEdge(handle)
    return handle
  }

  resolveDynamicRef(ref: string, anchor?: string): { handle: SchemaHandle; anchor: string | undefined } {
    const compilation = this.compilation
    compilation.countRef(this)
    const target = compilation.resolve(ref, this.where, this)
    const handle = new Handle(target.node, false, this.keyword, true)
    this.compilation.pushEdge(handle)
    const name = anchor ?? target.fragment
    const dynamic =
      anchor !== undefined
        ? target.resource.dynamicAnchors.has(name) && target.resource.root === target.node.raw
        : name !== '' && !name.startsWith('/') && target.resource.dynamicAnchors.has(name)
    if (!dynamic) return { handle, anchor: undefined }
    // The entry resource is always the outermost of the dynamic scope, so when it has the
    // anchor, the search always ends there: resolve it now and track no scope for it.
    const entry = compilation.entry
    if (entry !== undefined && entry.dynamicAnchors.has(name)) {
      const raw = entry.anchors.get(name)!
      const fixed = new Handle(compilation.nodeFor(raw, compilation.index.located.get(raw as object)!), false, this.keyword, true)
      this.compilation.pushEdge(fixed)
      return { handle: fixed, anchor: undefined }
    }
    compilation.dynamic.request(this.node, name, this.keyword)
    return { handle, anchor: name }
  }

  format(name: string): FormatChecker | undefined {
    // Own keys only: `format: "hasOwnProperty"` must not find Object.prototype's function.
    const { customFormats } = this.compilation.options
    const builtIn = this.compilation.env.formats
    if (hasOwn(customFormats, name)) return answering(name, customFormats[name]!)
    const hooked = this.compilation.env.hooks.resolveFormat.call(name)
    if (hooked !== undefined) return answering(name, hooked)
    return hasOwn(builtIn, name) ? builtIn[name] : undefined
  }

  regex(source: unknown, ...segments: (string | number)[]): RegexMatcher {
    if (typeof source !== 'string') return this.fail('a pattern must be a string', ...segments)
    return this.compilation.patterns.compile(
      source,
      () => this.compilation.pathOf(this.where, [this.keyword, ...segments]),
      (m) => this.fail(m, ...segments),
    )
  }

  regexProblem(source: string): string | undefined {
    return this.compilation.patterns.engine((m: string) => this.fail(m)).check(source)
  }

  fail(message: string, ...segments: (string | number)[]): never {
    throw new Problem({ schemaPath: this.compilation.pathOf(this.where, [this.keyword, ...segments]), message })
  }

  warn(message: string): void {
    this.compilation.env.hooks.warning.call({ schemaPath: this.schemaPath, message })
  }
}

/**
 * A user's format checker, held to answering true or false: a Promise (a checker that went async)
 * is an error on the call, never a pass.
 */
function answering(name: string, check: FormatChecker): FormatChecker {
  return (s) => {
    const answer = check(s) as unknown
    if (typeof answer === 'boolean') return answer
    if (typeof answer === 'object' && answer !== null && typeof (answer as { then?: unknown }).then === 'function') {
      throw new TypeError(`the checker of format "${name}" returned a Promise; format checkers must answer synchronously`)
    }
    return Boolean(answer)
  }
}
