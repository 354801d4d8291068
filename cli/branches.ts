/**
 * `--all-errors` keeps every problem of a document, but a failed `anyOf`/`oneOf` is read the way
 * the default mode reads it: when every branch but one failed on its type alone, the data was
 * meant for that one, so only its issues are shown (the kernel's rule, which it applies only
 * without `allErrors`, since there "all" is a promise to library callers).
 *
 * An issue's `schemaPath` is where the failing keyword is written, which for a branch reached
 * through `$ref` is not under the combinator; the `basic` output's `keywordLocation` is the path
 * that was taken. So the issues are paired with the `basic` output's units, which costs one more
 * evaluation of an invalid document whose schema has numbered subschemas (`anyOf`, `allOf`,
 * `prefixItems`...), and nothing otherwise.
 */
import type { JSONSchemaValidator, ValidationIssue } from '../api.ts'
import { meantBranch } from '../plugins/index.ts'

interface Unit {
  keywordLocation: string
  absoluteKeywordLocation?: string
  instanceLocation: string
  error?: string
}

const BRANCH = /^\/(\d+)(?:\/|$)/

const numbered = new WeakMap<JSONSchemaValidator, boolean>()

/**
 * Whether the compiled graph holds a subschema at a numbered position (`anyOf/1`, `allOf/0`):
 * without one no issue can have branches, and the extra evaluation below is skipped. Once per
 * validator.
 */
function hasNumberedBranches(v: JSONSchemaValidator): boolean {
  let known = numbered.get(v)
  if (known !== undefined) return known
  known = false
  const seen = new Set<string>()
  const stack = [v.root()]
  while (stack.length > 0 && !known) {
    const view = stack.pop()!.inspect()
    if (seen.has(view.location)) continue
    seen.add(view.location)
    for (const edge of view.subschemas) {
      if (typeof edge.path[0] === 'number') known = true
      stack.push(edge.handle)
    }
  }
  numbered.set(v, known)
  return known
}

/**
 * `issues` (of `data` against `v`, collected with `allErrors`) without the branches of a failed
 * `anyOf`/`oneOf` the data was not meant for, nor that keyword's own issue, wherever exactly one
 * branch got past a type check at the combinator's location (`meantBranch`, the kernel's rule).
 * A failed combinator is told by its shape, not its name: an issue with issues of numbered
 * branches below its keyword location (and not a `oneOf` that several branches passed). Inner
 * combinators are trimmed before the ones around them, as the kernel does. Returns `issues`
 * itself when nothing changes; never mutates it.
 */
export function trimBranches(v: JSONSchemaValidator, data: unknown, issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  if (issues.length < 2 || !hasNumberedBranches(v)) return issues
  const locations = dynamicLocations(v, data, issues)
  if (locations === undefined) return issues
  const dropped = new Set<number>()
  const combinators = issues
    .map((issue, at) => ({ issue, at, location: locations[at]! }))
    .filter((c) => !Array.isArray(c.issue.params.passingSchemas))
    .sort((a, b) => b.location.length - a.location.length)
  for (const { issue, at, location } of combinators) {
    if (dropped.has(at)) continue
    const branches = new Map<string, number[]>()
    for (let i = 0; i < issues.length; i++) {
      if (i === at || dropped.has(i)) continue
      const branch = BRANCH.exec(locations[i]!.startsWith(location) ? locations[i]!.slice(location.length) : '')?.[1]
      if (branch === undefined) continue
      if (!branches.has(branch)) branches.set(branch, [])
      branches.get(branch)!.push(i)
    }
    if (branches.size === 0) continue
    const groups = [...branches.values()]
    const meant = meantBranch(groups.map((members) => members.map((i) => issues[i]!)), issue.instancePath)
    if (meant < 0) continue
    for (const members of groups) if (members !== groups[meant]) for (const i of members) dropped.add(i)
    dropped.add(at)
  }
  return dropped.size === 0 ? issues : issues.filter((_, i) => !dropped.has(i))
}

/**
 * The `keywordLocation` of each issue, from the `basic` output: a unit pairs with an issue at
 * the same instance location, with the same message, whose schema path is the unit's absolute
 * location (or its keyword location when no `$ref` was crossed). Undefined when an issue finds
 * no unit (the report then stays untrimmed rather than guessing).
 */
function dynamicLocations(v: JSONSchemaValidator, data: unknown, issues: readonly ValidationIssue[]): string[] | undefined {
  const output = v.output(data, 'basic') as { errors?: Unit[] }
  const units = [...(output.errors ?? [])]
  const out: string[] = []
  for (const issue of issues) {
    const at = units.findIndex(
      (u) =>
        u.instanceLocation === issue.instancePath &&
        u.error === issue.message &&
        (u.absoluteKeywordLocation === undefined ? `#${u.keywordLocation}` === issue.schemaPath : u.absoluteKeywordLocation.endsWith(issue.schemaPath)),
    )
    if (at < 0) return undefined
    out.push(units[at]!.keywordLocation)
    units.splice(at, 1)
  }
  return out
}
