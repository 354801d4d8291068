import { count, hasOwn, joinCode, js, literal } from '../../core/index.ts'
import type { Code, CompileContext, EmitBlock, EmitContext, RegexMatcher, RunContext, SchemaHandle, ValidationIssue } from '../../core/index.ts'

/** Compiles an array of subschemas (`allOf`, `anyOf`, `oneOf`, `prefixItems`); fails unless a non-empty array. */
export function compileSchemaArray(value: unknown, ctx: CompileContext): SchemaHandle[] {
  if (!Array.isArray(value) || value.length === 0) ctx.fail(`${ctx.keyword} must be a non-empty array of schemas`)
  return value.map((_, i) => ctx.subschema(i))
}

/** Compiles a map of name to subschema (`properties`, `patternProperties`, `dependentSchemas`). */
export function compileSchemaMap(value: unknown, ctx: CompileContext): [string, SchemaHandle][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) ctx.fail(`${ctx.keyword} must be an object of schemas`)
  return Object.keys(value).map((k) => entry(k, ctx.subschema(k)))
}

/** What an entry is copied from: a copy, not a literal pair (see docs/plugins.md, "Compiled values"). */
const ENTRY: [string, SchemaHandle | null] = ['', null]
function entry(name: string, handle: SchemaHandle): [string, SchemaHandle] {
  const out = ENTRY.slice() as [string, SchemaHandle]
  out[0] = name
  out[1] = handle
  return out
}

/**
 * Compiles a `pattern`-like string (ECMAScript syntax, `u` flag) with the schema's regex engine
 * (`regex` option); fails at `segments` when it is not a string, invalid, or unsupported by it.
 * Call `test(s, ctx)` with the run context so untrusted mode can charge the scan.
 */
export function compilePattern(source: unknown, ctx: CompileContext, ...segments: (string | number)[]): RegexMatcher {
  return ctx.regex(source, ...segments)
}

/**
 * Reports the branches of a failed `anyOf`/`oneOf` on the failure pass. The branches' issues stay
 * where they were recorded, from `mark` on: failed branch `b`'s end where `ends[b]` says (taking
 * each branch's issues out and putting them back copied every issue below at every level of a
 * recursive union: quadratic under `allErrors`). Without `allErrors`, when exactly one branch got
 * past a type mismatch at this location, only its issues are kept: that is the branch the data was
 * meant for, and nested schemas (a recursive JSON value) then report the one deep cause instead of
 * every branch at every level. Otherwise every branch's issues are kept and the caller adds the
 * keyword's own issue: returns true when it should.
 */
export function reportBranches(ctx: RunContext, mark: number, ends: readonly number[]): boolean {
  if (!ctx.collecting) return false
  if (!ctx.allErrors) {
    const here = ctx.instancePath
    let meant = -1
    let start = mark
    for (let b = 0; b < ends.length; b++) {
      const end = ends[b]!
      let past = false
      for (let i = start; i < end && !past; i++) past = !typeMismatchAt(ctx.errorAt(i)!, here)
      start = end
      if (!past) continue
      if (meant >= 0) {
        meant = -1
        break
      }
      meant = b
    }
    if (meant >= 0) {
      const from = meant === 0 ? mark : ends[meant - 1]!
      const to = ends[meant]!
      if (from === mark) ctx.resetErrors(to)
      else {
        // The meant branch's issues (and the later branches') out, then the meant ones back in.
        const kept = ctx.takeErrors(from)
        ctx.resetErrors(mark)
        kept.length = to - from
        ctx.restoreErrors(kept)
      }
      return false
    }
  }
  return true
}

/** The issue is a type mismatch (or a `false` schema) at `here` (the length first: a deep path's text is read only when it may match). */
function typeMismatchAt(issue: ValidationIssue, here: string): boolean {
  return (issue.keyword === 'type' || issue.keyword === 'false schema') && issue.instancePath.length === here.length && issue.instancePath === here
}

/**
 * The branch of a failed `anyOf`/`oneOf` at instance location `here` the data was meant for: the
 * one branch that got past a type mismatch (or a `false` schema) at `here`, when exactly one did;
 * -1 when none or several did. `branches` holds each failed branch's
 * issues. The rule `validate` applies without `allErrors` (`reportBranches`), exported so a
 * renderer of `allErrors` results (the command line) reads a failed alternative the same way.
 * Allocates nothing.
 */
export function meantBranch(branches: readonly (readonly ValidationIssue[])[], here: string): number {
  let meant = -1
  for (let b = 0; b < branches.length; b++) {
    const issues = branches[b]!
    if (issues.every((i) => typeMismatchAt(i, here))) continue
    if (meant >= 0) return -1
    meant = b
  }
  return meant
}

/** Alternatives a failed `anyOf`/`oneOf` message sums up; the rest are counted. */
const SUMMED = 5
/** Longest summary of one alternative's failure. */
const SUMMARY_LENGTH = 160
/** Longest data path a summary shows whole; a longer one shows its last `PATH_SHOWN` characters. */
const PATH_WHOLE = 80
const PATH_SHOWN = 77

/**
 * The failed alternatives in short, for the message of a failed `anyOf`/`oneOf` (branches as
 * `reportBranches` takes them): each one's first issue, with its data path when it lies below the
 * current location (`alternative 1 at /b: must be a string`). Alternatives that failed in the same
 * words at the same place are named together (`every alternative at /b: ...`, `alternatives 0
 * and 2: ...`): alternatives reaching one definition through `$ref` would otherwise repeat it
 * once each. Reads only the end of a deep path (`ctx.pathEnd`).
 */
export function branchSummary(ctx: RunContext, mark: number, ends: readonly number[]): string {
  const here = ctx.instancePath
  const said: { text: string; alternatives: number[] }[] = []
  for (let i = 0; i < ends.length; i++) {
    const start = i === 0 ? mark : ends[i - 1]!
    const first = start < ends[i]! ? ctx.errorAt(start) : undefined
    if (first === undefined) continue
    const below = first.instancePath.length - here.length
    const end = below <= 0 ? '' : ctx.pathEnd(first, Math.min(below, PATH_WHOLE + 1))
    const at = end === '' ? '' : ` at ${below > PATH_WHOLE ? `...${end.slice(-PATH_SHOWN)}` : end}`
    const text = `${at}: ${first.message.length > SUMMARY_LENGTH ? `${first.message.slice(0, SUMMARY_LENGTH - 3)}...` : first.message}`
    const same = said.find((s) => s.text === text)
    if (same !== undefined) same.alternatives.push(i)
    else said.push({ text, alternatives: [i] })
  }
  const parts: string[] = []
  let named = 0
  for (const { text, alternatives } of said) {
    if (parts.length === SUMMED) break
    named += alternatives.length
    parts.push(`${alternativesWord(alternatives, ends.length)}${text}`)
  }
  const rest = ends.length - named
  if (rest > 0 && said.length > SUMMED) parts.push(`${rest} more`)
  return parts.join('; ')
}

/** `alternative 2`, `alternatives 0 and 2`, `alternatives 0, 1 and 3`, `every alternative`. */
function alternativesWord(alternatives: readonly number[], of: number): string {
  if (alternatives.length === 1) return `alternative ${alternatives[0]}`
  if (alternatives.length === of) return 'every alternative'
  return `alternatives ${alternatives.slice(0, -1).join(', ')} and ${alternatives[alternatives.length - 1]}`
}

/** The message of an array longer than a tuple that forbids further items (`additionalItems`/`items` false). */
export function tooManyItems(limit: number, length: number): string {
  return `must have at most ${count(limit, 'item')} (no items after the first ${limit} are allowed; got ${count(length, 'item')})`
}

/**
 * Generated code applying a subschema to every item from index `from` on: stops at the first
 * failing item, whose issues explain the failure.
 */
export function eachItem(g: EmitContext, from: number, handle: () => SchemaHandle): Code | EmitBlock {
  const i = g.local()
  const ok = g.local()
  const child = g.applyEach(handle(), js`x[${i}]`, i)
  if (child.test === 'true') return js`true`
  return { setup: js`${ok} = true; for (${i} = ${literal(from)}; ${i} < x.length; ${i}++) { ${child.setup}\nif (!${child.test}) { ${ok} = false; break; } }`, test: ok, transparent: true }
}

/** Generated code applying a schema per position to the first items (`prefixItems`, tuple `items`). */
export function tupleItems(handles: SchemaHandle[], g: EmitContext): Code | EmitBlock {
  const terms = handles.map((h, i) => [literal(i), g.apply(h, js`x[${literal(i)}]`, literal(i))] as const).filter(([, c]) => c !== 'true')
  if (terms.length === 0) return js`true`
  return { test: joinCode(terms.map(([i, c]) => js`(x.length <= ${i} || ${c})`), js` && `), transparent: true }
}

/**
 * An expression testing whether the variable `key` is one of `names` (`false` when there are none).
 * Up to 32 names it is a chain of comparisons: for-in keys are internalized, so each is a pointer
 * compare, and a 16-name chain costs a quarter of `Set.prototype.has` on every key (55 vs 208 ns
 * per object); from about 32 names on the set is no slower.
 */
export function nameTest(g: EmitContext, key: Code, names: Iterable<string>): Code {
  const list = [...names]
  if (list.length === 0) return js`false`
  if (list.length > 32) return js`${g.constant(new Set(list))}.has(${key})`
  return js`(${joinCode(list.map((n) => js`${key} === ${literal(n)}`), js` || `)})`
}

/**
 * Generated code: statements leaving in the returned local `true` when the object `x` has no own
 * property (with a value other than `undefined`) outside `names` and the patterns' matches
 * (`matches`: expressions on the key), else `false`. A for-in loop (see `nameTest`): allocates
 * nothing; inherited keys are skipped by the own-property test.
 */
export function noUnknownKeys(g: EmitContext, names: readonly string[], matches: (key: Code) => Code[]): { setup: Code; test: Code } {
  const k = g.local()
  const ok = g.local()
  const own = g.constant(hasOwn)
  const patterns = matches(k)
  const other = patterns.length === 0 ? js`` : js`if (${joinCode(patterns, js` || `)}) continue;`
  const named = names.length === 0 ? js`` : js`if (${nameTest(g, k, names)}) continue;`
  return { setup: js`${ok} = true; for (${k} in x) { ${named} ${other} if (x[${k}] === undefined || !${own}(x, ${k})) continue; ${ok} = false; break; }`, test: ok }
}
