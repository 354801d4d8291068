/**
 * The output side of a schema, for `~standard.jsonSchema.output()`: what `~standard.validate`
 * hands back has been through `applyDefaults`, so a property with a `default` is present wherever
 * `applyDefaults` is sure to fill it in, and is added to its object's `required`. `input()` keeps
 * the schema as written. Sound before precise: a place this does not follow keeps the schema
 * as written there, which still accepts every output.
 *
 * Followed: the root and what applies to every member or item of what it reached (`properties`,
 * `patternProperties`, `additionalProperties`, `items`, `prefixItems`, `additionalItems`), `allOf`,
 * and a `$ref` to `#/$defs/<name>` or `#/definitions/<name>` whose every reference is itself in
 * such a place (so not one inside its own definition: a recursive default stops filling in at the
 * second level). Not followed: branches (`anyOf`, `oneOf`, `if`/`then`/`else`, `not`,
 * `dependentSchemas`, ...), whose defaults apply only when the branch is taken. A document with
 * any other reference (`#`, a pointer elsewhere, an anchor, `$dynamicRef`, `$recursiveRef`) or an
 * embedded resource (`$id` below the root) is returned as it is.
 */
import { unescapePointerToken } from './pointer.ts'

/** Keywords whose subschemas apply to every member or item, or in place, as `applyDefaults` walks. */
const FOLLOWED_ONE = new Set(['additionalProperties', 'additionalItems', 'items'])
const FOLLOWED_LIST = new Set(['allOf', 'prefixItems', 'items'])
const FOLLOWED_MAP = new Set(['properties', 'patternProperties'])
/** Every other keyword holding subschemas: walked for references, never changed. */
const OTHER_ONE = new Set(['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'])
const OTHER_LIST = new Set(['anyOf', 'oneOf'])
const OTHER_MAP = new Set(['$defs', 'definitions', 'dependentSchemas', 'dependencies'])

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/** `#/$defs/a` or `#/definitions/a` as `$defs/a`; undefined for any other reference. */
function definitionOf(ref: string): string | undefined {
  const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref)
  if (m === null) return undefined
  let name: string
  try {
    name = decodeURIComponent(m[2]!)
  } catch {
    return undefined
  }
  return `${m[1]}/${unescapePointerToken(name)}`
}

interface Survey {
  /** A reference or resource this does not follow was found. */
  unsupported: boolean
  /** Per definition (`$defs/a`): how many references to it, and how many of those are followed. */
  refs: Map<string, { all: number; followed: number }>
}

/** Every string `$ref`-like member anywhere in the document (unknown keywords included), counted per definition. */
function countReferences(node: unknown, survey: Survey, seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return
  seen.add(node)
  if (Array.isArray(node)) {
    for (const item of node) countReferences(item, survey, seen)
    return
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string' && (key === '$dynamicRef' || key === '$recursiveRef')) survey.unsupported = true
    if (typeof value === 'string' && key === '$ref') {
      const target = definitionOf(value)
      if (target === undefined) survey.unsupported = true
      else {
        const r = survey.refs.get(target) ?? { all: 0, followed: 0 }
        r.all++
        survey.refs.set(target, r)
      }
    }
    countReferences(value, survey, seen)
  }
}

/**
 * Walks the subschemas of `schema`; `visit` hears each schema object with whether defaults are
 * sure to apply there (`followed`). Definitions are not entered (they are walked on their own).
 */
function walk(schema: unknown, followed: boolean, root: boolean, visit: (s: Record<string, unknown>, followed: boolean, root: boolean) => void): void {
  if (!isRecord(schema)) return
  visit(schema, followed, root)
  for (const [key, value] of Object.entries(schema)) {
    const follows = FOLLOWED_ONE.has(key) || FOLLOWED_LIST.has(key) || FOLLOWED_MAP.has(key)
    const next = followed && follows
    if (key === '$defs' || key === 'definitions') {
      // Definitions of the root are walked from their references; deeper ones are not reachable by `#/$defs/...`.
      if (!root && isRecord(value)) for (const d of Object.values(value)) walk(d, false, false, visit)
    } else if ((FOLLOWED_ONE.has(key) || OTHER_ONE.has(key)) && isRecord(value)) walk(value, next, false, visit)
    else if ((FOLLOWED_LIST.has(key) || OTHER_LIST.has(key)) && Array.isArray(value)) for (const s of value) walk(s, next, false, visit)
    else if ((FOLLOWED_MAP.has(key) || OTHER_MAP.has(key)) && isRecord(value)) for (const s of Object.values(value)) walk(s, next, false, visit)
  }
}

/** `schema` (a fresh copy, changed in place) with the properties `applyDefaults` fills in required where it is sure to. */
export function outputSchema(schema: unknown): unknown {
  if (!isRecord(schema)) return schema
  const survey: Survey = { unsupported: false, refs: new Map() }
  countReferences(schema, survey, new Set())
  if (survey.unsupported) return schema
  const definitions = new Map<string, unknown>()
  for (const container of ['$defs', 'definitions']) {
    const c = schema[container]
    if (isRecord(c)) for (const [name, d] of Object.entries(c)) definitions.set(`${container}/${name}`, d)
  }
  // A definition is followed once every reference to it sits in a followed place; repeat until no
  // more become followed (each round adds at least one, or stops).
  const followedDefinitions = new Set<string>()
  const objects = new Set<Record<string, unknown>>()
  for (;;) {
    for (const r of survey.refs.values()) r.followed = 0
    objects.clear()
    let embedded = false
    const visit = (s: Record<string, unknown>, followed: boolean, root: boolean) => {
      if (!root && (typeof s.$id === 'string' || typeof s.id === 'string')) embedded = true
      if (!followed) return
      objects.add(s)
      const target = typeof s.$ref === 'string' ? definitionOf(s.$ref) : undefined
      const r = target === undefined ? undefined : survey.refs.get(target)
      if (r !== undefined) r.followed++
    }
    walk(schema, true, true, visit)
    for (const [name, d] of definitions) walk(d, followedDefinitions.has(name), false, visit)
    if (embedded) return schema
    let added = false
    for (const [name, r] of survey.refs) {
      if (!followedDefinitions.has(name) && definitions.has(name) && r.followed === r.all) {
        followedDefinitions.add(name)
        added = true
      }
    }
    if (!added) break
  }
  for (const s of objects) {
    const properties = s.properties
    if (!isRecord(properties)) continue
    const required = Array.isArray(s.required) ? s.required : []
    const filled = Object.keys(properties).filter((name) => isRecord(properties[name]) && Object.hasOwn(properties[name], 'default') && !required.includes(name))
    if (filled.length > 0) s.required = [...required, ...filled]
  }
  return schema
}
