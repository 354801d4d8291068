/**
 * The output side of a schema, for `~standard.jsonSchema.output()`: what `~standard.validate`
 * hands back has been through `applyDefaults`, so a property with a `default` is present wherever
 * `applyDefaults` is sure to fill it in, and is added to its object's `required`; `input()` keeps
 * the schema as written. Sound before precise: a place not followed keeps the schema as written,
 * which still accepts every output.
 *
 * Followed from the root: what applies to every member or item of what was reached
 * (`properties`, `patternProperties`, `additionalProperties`, `items`, `prefixItems`,
 * `additionalItems`) and `allOf`. Not followed: branches (`anyOf`, `oneOf`, `if`/`then`/`else`,
 * `not`, `dependentSchemas`, ...), whose defaults apply only when the branch is taken, and the
 * targets of `$ref` (definitions stay as written). A document with a reference anywhere but into
 * its `$defs` / `definitions` (`#`, another pointer, an anchor or URI, `$dynamicRef`,
 * `$recursiveRef`), which might reach a place this changes (a recursive default fills in one
 * level, not every level), is left as written.
 */

/** Keywords whose subschemas apply to every member or item of what they reached, or in place. */
const FOLLOWED = /^(additionalProperties|items|prefixItems|additionalItems|allOf)$/

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/**
 * The schema objects below `node` that defaults reach, added to `reached`; false for a reference
 * this does not follow (also one spelled inside data, such as a `default` holding a `$ref` member:
 * rare, and left as written like the rest).
 */
function walk(node: unknown, followed: boolean, reached: Record<string, unknown>[]): boolean {
  if (typeof node !== 'object' || node === null) return true
  if (!Array.isArray(node) && followed) reached.push(node as Record<string, unknown>)
  for (const [key, value] of Object.entries(node)) {
    const ok =
      typeof value === 'string'
        ? !/^\$(dynamicRef|recursiveRef)$/.test(key) && (key !== '$ref' || /^#\/(\$defs|definitions)\//.test(value))
        : /^(properties|patternProperties)$/.test(key) && isRecord(value)
          ? Object.values(value).every((s) => walk(s, followed, reached))
          : walk(value, followed && (Array.isArray(node) || FOLLOWED.test(key)), reached)
    if (!ok) return false
  }
  return true
}

/** `schema` (a fresh copy, changed in place) with each property `applyDefaults` is sure to fill in required. */
export function outputSide(schema: unknown): unknown {
  const reached: Record<string, unknown>[] = []
  if (!walk(schema, true, reached)) return schema
  for (const s of reached) {
    const { properties } = s
    const required = Array.isArray(s.required) ? s.required : []
    const filled = isRecord(properties) ? Object.keys(properties).filter((name) => isRecord(properties[name]) && 'default' in properties[name] && !required.includes(name)) : []
    if (filled.length > 0) s.required = [...required, ...filled]
  }
  return schema
}
