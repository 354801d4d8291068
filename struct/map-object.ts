/**
 * Object types (interfaces, type literals, class instances, mapped types such as `Record`,
 * `Partial` and `Pick`, merged intersections) to `type: object` schemas: properties, `required`
 * for those that are neither optional nor `undefined`-able, `readOnly` for `readonly` ones, JSDoc
 * keywords, index signatures to `additionalProperties` / `patternProperties`, and
 * `additionalProperties: false` otherwise unless the options allow more.
 *
 * A class instance is described by its own enumerable properties, which is what `validate`
 * reads: methods and accessors live on the prototype and are left out; `#private` fields are not
 * properties at all.
 */
import type * as TS from 'typescript'
import type { Derivation, JsonSchema } from './derive.ts'
import { displayPath } from './errors.ts'
import type { Owner } from './errors.ts'
import { annotate } from './jsdoc.ts'
import { builtin } from './builtin.ts'

const path = builtin('node:path')

/** JSON keys a `number` index signature accepts: what `String(n)` gives for a finite number. */
const NUMERIC_KEY = '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$'
/** The internal `CheckFlags.Readonly` of a synthetic property (from a mapped type such as `Readonly<T>`). */
const CHECK_READONLY = 8
/**
 * The internal `CheckFlags.SyntheticProperty | CheckFlags.Mapped`: a property the checker made
 * (merging an intersection, or from a mapped type), whose readonly-ness is in its check flags.
 */
const CHECK_SYNTHETIC = 2 | (1 << 18)

/** The schema of an object type, intersections of object types included. */
export function mapObject(d: Derivation, type: TS.Type): JsonSchema {
  const ts = d.ts
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const property of d.checker.getPropertiesOfType(type)) {
    const escaped = property.escapedName as string
    if (escaped.startsWith('__#') || isPrototypeMember(ts, property)) continue
    const symbolKeyed = escaped.startsWith('__@')
    // A symbol key's internal name (`__@secret@18`) means nothing to a reader; its source does.
    const written = symbolKeyed ? property.declarations?.[0] && ts.getNameOfDeclaration(property.declarations[0])?.getText() : undefined
    const name = written ?? property.name
    const owner = ownerOf(ts, property)
    d.within(['properties', name], '.' + name, owner, () => {
      if (symbolKeyed) {
        d.problem('a symbol-keyed property cannot be expressed in JSON Schema (JSON keys are strings)')
        return
      }
      if (property.flags & ts.SymbolFlags.Method) {
        d.problem(`a method cannot be expressed in JSON Schema (found ${d.text(d.checker.getTypeOfSymbol(property))})`)
        return
      }
      const valueType = d.checker.getTypeOfSymbol(property)
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || admitsUndefined(ts, valueType)
      // `x?: undefined` can only be absent: JSON has no undefined to put there.
      const schema = onlyUndefined(ts, valueType) ? { not: {} } : d.map(valueType, typeNodeOf(ts, property))
      annotate(d, schema, property)
      if (isReadonly(ts, property)) schema.readOnly = true
      properties[name] = schema
      if (!optional) required.push(name)
    })
  }
  const schema: JsonSchema = { type: 'object' }
  if (Object.keys(properties).length > 0) schema.properties = properties
  if (required.length > 0) schema.required = required
  let additional: JsonSchema | undefined
  const patterns: Record<string, JsonSchema> = {}
  for (const index of d.checker.getIndexInfosOfType(type)) {
    const key = index.keyType
    if (key.flags & ts.TypeFlags.String) {
      additional = d.within(['additionalProperties'], '[string]', null, () => d.map(index.type))
    } else if (key.flags & ts.TypeFlags.Number) {
      patterns[NUMERIC_KEY] = d.within(['patternProperties', NUMERIC_KEY], '[number]', null, () => d.map(index.type))
    } else if (key.flags & ts.TypeFlags.TemplateLiteral) {
      const keySchema = d.map(key)
      if (typeof keySchema.pattern === 'string') {
        const pattern = keySchema.pattern
        patterns[pattern] = d.within(['patternProperties', pattern], `[${d.text(key)}]`, null, () => d.map(index.type))
      }
    }
    // A symbol index signature says nothing about JSON keys, which are strings.
  }
  if (Object.keys(patterns).length > 0) schema.patternProperties = patterns
  if (additional !== undefined) schema.additionalProperties = additional
  else if (d.options.allowAdditionalProperties !== true) schema.additionalProperties = false
  return schema
}

/** Methods and accessors declared in a class: they sit on the prototype, not on the instance. */
function isPrototypeMember(ts: Derivation['ts'], property: TS.Symbol): boolean {
  const declarations = property.declarations ?? []
  return (
    declarations.length > 0 &&
    declarations.every(
      (d) => (ts.isMethodDeclaration(d) || ts.isGetAccessorDeclaration(d) || ts.isSetAccessorDeclaration(d)) && ts.isClassLike(d.parent),
    )
  )
}

/** The declaration that names the property's owner in messages: the nearest named type around it. */
function ownerOf(ts: Derivation['ts'], property: TS.Symbol): Owner | undefined {
  const declaration = property.declarations?.[0]
  if (declaration === undefined) return undefined
  let node: TS.Node | undefined = declaration.parent
  let name = 'an anonymous type'
  for (; node !== undefined; node = node.parent) {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node)) {
      name = node.name?.text ?? name
      break
    }
    if (ts.isSourceFile(node)) break
  }
  const file = declaration.getSourceFile()
  const line = file.getLineAndCharacterOfPosition(declaration.getStart(file)).line + 1
  return { name, location: `${displayPath(path.resolve(file.fileName))}:${line}` }
}

/** The type node a property was declared with, if any (a hint for `Derivation.map`). */
function typeNodeOf(ts: Derivation['ts'], property: TS.Symbol): TS.TypeNode | undefined {
  const declaration = property.valueDeclaration ?? property.declarations?.[0]
  if (declaration === undefined) return undefined
  if (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration) || ts.isParameter(declaration) || ts.isGetAccessorDeclaration(declaration)) {
    return declaration.type
  }
  return undefined
}

function admitsUndefined(ts: Derivation['ts'], type: TS.Type): boolean {
  const undefinedLike = ts.TypeFlags.Undefined | ts.TypeFlags.Void
  if (type.flags & undefinedLike) return true
  return (type.flags & ts.TypeFlags.Union) !== 0 && (type as TS.UnionType).types.some((t) => t.flags & undefinedLike)
}

function onlyUndefined(ts: Derivation['ts'], type: TS.Type): boolean {
  return (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0
}

/**
 * `readonly` from the declaration, or, for a property a mapped type made (`Readonly<T>`,
 * `{ readonly [K in keyof T]: ... }`), from the flags the checker gave it: the public API has no
 * call for this, so the internal field is read, and a TypeScript without it just loses the
 * annotation.
 */
function isReadonly(ts: Derivation['ts'], property: TS.Symbol): boolean {
  const checkFlags = (property as { links?: { checkFlags?: number } }).links?.checkFlags ?? 0
  if (checkFlags & CHECK_READONLY) return true
  if (checkFlags & CHECK_SYNTHETIC) return false
  return (property.declarations ?? []).some(
    (d) => (ts.isPropertySignature(d) || ts.isPropertyDeclaration(d) || ts.isParameter(d)) && (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0,
  )
}
