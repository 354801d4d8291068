/**
 * TypeScript types to schemas, by the type's flags: primitives, literals, unions, intersections,
 * template literals, arrays and tuples here; object types in `map-object.ts`. Whatever JSON cannot
 * hold (functions, symbols, `bigint`, `undefined` on its own) and whatever is still generic is a
 * problem naming the type, never a schema that quietly accepts anything.
 */
import type * as TS from 'typescript'
import type { Derivation, JsonSchema } from './derive.ts'
import { mapObject } from './map-object.ts'

type Literal = string | number | boolean | null

/**
 * Globals the ES5 library (the only one loaded) does not declare, so they reach the mapping as
 * unresolved names: each is a run-time object JSON cannot hold, which is the better message.
 */
const NOT_JSON = new Set(
  'Map Set WeakMap WeakSet WeakRef Promise Iterable IterableIterator Iterator AsyncIterable AsyncIterator Generator AsyncGenerator Symbol BigInt Buffer Blob File URL URLSearchParams FormData Headers Request Response ReadableStream'.split(' '),
)

/**
 * The schema of `type` itself (named types inside it become placeholders through `d.map`).
 * `node` is the type node `type` was written as, when known and matching.
 */
export function mapStructure(d: Derivation, type: TS.Type, node: TS.TypeNode | undefined): JsonSchema {
  const F = d.ts.TypeFlags
  const f = type.flags
  if (f & F.Any) {
    if ((type as { intrinsicName?: string }).intrinsicName === 'error') {
      const written = node === undefined ? d.text(type) : node.getText()
      if (NOT_JSON.has(written.replace(/<[^]*$/, ''))) return d.problem(`${written} is not a JSON value and cannot be expressed in JSON Schema`)
      return d.problem(
        `cannot resolve the type ${written}: the name is not declared where it is used, or its import does not resolve ` +
          '(only the ES5 standard library is loaded; Map, Set and Promise are not JSON values anyway)',
      )
    }
    return {}
  }
  if (f & F.Unknown) return {}
  if (f & F.Never) return { not: {} }
  if (f & F.TypeParameter) return unresolved(d, type)
  if (f & (F.BigInt | F.BigIntLiteral)) {
    return d.problem('bigint cannot be expressed in JSON Schema (JSON numbers lose precision past 2^53); use number, or a string of digits')
  }
  if (f & (F.ESSymbol | F.UniqueESSymbol)) return d.problem('a symbol cannot be expressed in JSON Schema (JSON has no symbols)')
  if (f & (F.Undefined | F.Void)) return d.problem(`${d.text(type)} cannot be expressed in JSON Schema on its own (JSON has no undefined)`)
  if (f & F.Null) return { type: 'null' }
  // Before unions: `boolean` is the union `true | false`, and an enum is the union of its members.
  if (f & F.Boolean) return { type: 'boolean' }
  if (f & F.Union) return mapUnion(d, type as TS.UnionType, node)
  if (f & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral)) return enumOf([literalValue(d, type)])
  if (f & F.String) return { type: 'string' }
  if (f & F.Number) return { type: 'number' }
  if (f & F.TemplateLiteral) return templateLiteral(d, type as TS.TemplateLiteralType)
  if (f & F.Intersection) return mapIntersection(d, type as TS.IntersectionType)
  if (f & F.NonPrimitive) return { type: 'object' }
  if (f & F.Object) return mapObjectLike(d, type as TS.ObjectType, node)
  if (f & (F.Index | F.IndexedAccess | F.Conditional | F.Substitution)) return unresolved(d, type)
  return d.problem(`the type ${d.text(type)} cannot be expressed in JSON Schema`)
}

function unresolved(d: Derivation, type: TS.Type): JsonSchema {
  const what = type.flags & d.ts.TypeFlags.TypeParameter ? `the type parameter ${d.text(type)} is` : `the type ${d.text(type)} depends on a type parameter that is`
  return d.problem(`${what} unresolved; JSON Schema needs concrete types (derive an instantiation such as \`type UserPage = Page<User>\`)`)
}

function literalValue(d: Derivation, type: TS.Type): Literal {
  if (type.flags & d.ts.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName === 'true'
  if (type.flags & d.ts.TypeFlags.Null) return null
  return (type as TS.LiteralType).value as string | number
}

/** `const` for one value, `enum` for several, with the JSON types they take. */
function enumOf(values: Literal[]): JsonSchema {
  const types: string[] = []
  for (const v of values) {
    const t = v === null ? 'null' : typeof v
    if (!types.includes(t)) types.push(t)
  }
  const type = types.length === 1 ? types[0] : types
  if (values.length === 1) return values[0] === null ? { type } : { type, const: values[0] }
  return { type, enum: values }
}

/** Constituents of `union` in the order `node` wrote them, when `node` accounts for each. */
function ordered(d: Derivation, union: TS.UnionType, node: TS.TypeNode | undefined): { type: TS.Type; node?: TS.TypeNode }[] {
  const members = union.types.map((type) => ({ type, node: undefined as TS.TypeNode | undefined }))
  while (node !== undefined && d.ts.isParenthesizedTypeNode(node)) node = node.type
  if (node === undefined || !d.ts.isUnionTypeNode(node)) return members
  const rank = new Map<TS.Type, number>()
  node.types.forEach((memberNode, i) => {
    const written = d.checker.getTypeFromTypeNode(memberNode)
    if (written.flags & d.ts.TypeFlags.Union) {
      // an alias of a union, or `boolean`: its members keep this position
      for (const t of (written as TS.UnionType).types) if (!rank.has(t)) rank.set(t, i)
    } else if (!rank.has(written)) {
      rank.set(written, i)
      const member = members.find((m) => m.type === written)
      if (member !== undefined) member.node = memberNode
    }
  })
  if (!members.every((m) => rank.has(m.type))) return members
  return members.sort((a, b) => rank.get(a.type)! - rank.get(b.type)!)
}

/**
 * A union: `undefined` dropped (JSON has none; a property is optional instead), literals grouped
 * into one `enum` (`const` for one), `true | false` back to `boolean`, bare types merged into
 * one `type` list, anything else as `anyOf` branches.
 */
function mapUnion(d: Derivation, union: TS.UnionType, node: TS.TypeNode | undefined): JsonSchema {
  const F = d.ts.TypeFlags
  const members = ordered(d, union, node).filter((m) => !(m.type.flags & (F.Undefined | F.Void)))
  if (members.length === 0) return d.problem(`${d.text(union)} cannot be expressed in JSON Schema on its own (JSON has no undefined)`)
  const isBool = (t: TS.Type) => (t.flags & F.BooleanLiteral) !== 0
  const bools = members.filter((m) => isBool(m.type))
  const wholeBoolean = bools.length === 2
  if (members.length === 1) return d.map(members[0]!.type, members[0]!.node)
  const literals: Literal[] = []
  const branches: JsonSchema[] = []
  let literalBranch: JsonSchema | undefined
  for (const member of members) {
    const t = member.type
    if (wholeBoolean && isBool(t)) {
      if (t === bools[0]!.type) branches.push({ type: 'boolean' })
    } else if (t.flags & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.Null)) {
      literals.push(literalValue(d, t))
      if (literalBranch === undefined) branches.push((literalBranch = {}))
    } else {
      branches.push(d.map(t, member.node))
    }
  }
  if (literalBranch !== undefined) Object.assign(literalBranch, enumOf(literals))
  if (branches.length === 1) return branches[0]!
  // `string | number | null` reads better as one type list than as three branches.
  if (branches.every((b) => Object.keys(b).length === 1 && typeof b.type === 'string')) {
    return { type: [...new Set(branches.map((b) => b.type as string))] }
  }
  return { anyOf: branches }
}

/**
 * An intersection. Of object types: one object with the merged properties (the checker merges
 * them). With a primitive (a branded type such as `string & { __brand: 'UserId' }`): the
 * primitive, since the object part exists only for the type checker.
 */
function mapIntersection(d: Derivation, type: TS.IntersectionType): JsonSchema {
  const F = d.ts.TypeFlags
  const primitive = type.types.find((t) => t.flags & (F.StringLike | F.NumberLike | F.BooleanLike))
  if (primitive !== undefined) return d.map(primitive)
  return mapObject(d, type)
}

/** A template literal type to a string with a `pattern` (`order-${number}` to `^order-…$`). */
function templateLiteral(d: Derivation, type: TS.TemplateLiteralType): JsonSchema {
  const F = d.ts.TypeFlags
  const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
  let pattern = '^' + escape(type.texts[0]!)
  for (let i = 0; i < type.types.length; i++) {
    const t = type.types[i]!
    if (t.flags & F.String) pattern += '.*'
    else if (t.flags & F.Number) pattern += '-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?'
    else return d.problem(`the template literal type ${d.text(type)} cannot be expressed in JSON Schema (only \${string} and \${number} placeholders can)`)
    pattern += escape(type.texts[i + 1]!)
  }
  return { type: 'string', pattern: pattern + '$' }
}

/** Arrays, tuples, `Date`, what the standard library declares, functions, and object types. */
function mapObjectLike(d: Derivation, type: TS.ObjectType, node: TS.TypeNode | undefined): JsonSchema {
  const ts = d.ts
  node = unwrap(ts, node)
  if (d.checker.isArrayType(type)) {
    const [element] = d.checker.getTypeArguments(type as TS.TypeReference)
    const elementNode =
      node === undefined ? undefined : ts.isArrayTypeNode(node) ? node.elementType : ts.isTypeReferenceNode(node) ? node.typeArguments?.[0] : undefined
    return { type: 'array', items: d.within(['items'], '[]', null, () => d.map(element!, elementNode)) }
  }
  if (d.checker.isTupleType(type)) return mapTuple(d, type as TS.TypeReference, node)
  const symbol = type.objectFlags & ts.ObjectFlags.Reference ? (type as TS.TypeReference).target.symbol : type.symbol
  if (symbol !== undefined && d.isLibrary(symbol) && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) {
    if (symbol.name === 'Date') return { type: 'string', format: 'date-time' }
    return d.problem(`${d.text(type)} is not a JSON value and cannot be expressed in JSON Schema`)
  }
  if (d.checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 || d.checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0) {
    return d.problem(`a function cannot be expressed in JSON Schema (found ${d.structure(type)})`)
  }
  return mapObject(d, type)
}

/** Drops parentheses and `readonly` (a readonly array is an array to JSON). */
function unwrap(ts: Derivation['ts'], node: TS.TypeNode | undefined): TS.TypeNode | undefined {
  while (node !== undefined && (ts.isParenthesizedTypeNode(node) || (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword))) {
    node = node.type
  }
  return node
}

/**
 * A tuple: fixed elements to `prefixItems`, the required ones counted by `minItems`, a rest
 * element to `items` (else `items: false`, so no more elements).
 */
function mapTuple(d: Derivation, type: TS.TypeReference, node: TS.TypeNode | undefined): JsonSchema {
  const E = d.ts.ElementFlags
  const tuple = type.target as TS.TupleType
  const flags = tuple.elementFlags
  const elements = d.checker.getTypeArguments(type).slice(0, flags.length)
  const nodes = node !== undefined && d.ts.isTupleTypeNode(node) && node.elements.length === flags.length ? node.elements : undefined
  const elementNode = (i: number): TS.TypeNode | undefined => {
    let n: TS.TypeNode | undefined = nodes?.[i]
    if (n !== undefined && d.ts.isNamedTupleMember(n)) n = n.type
    if (n !== undefined && (d.ts.isOptionalTypeNode(n) || d.ts.isRestTypeNode(n))) n = n.type
    if (n !== undefined && flags[i]! & E.Rest) n = d.ts.isArrayTypeNode(n) ? n.elementType : undefined
    return n
  }
  const prefixItems: JsonSchema[] = []
  let i = 0
  for (; i < flags.length && flags[i]! & E.Fixed; i++) {
    const at = i
    prefixItems.push(d.within(['prefixItems', at], `[${at}]`, null, () => d.map(elements[at]!, elementNode(at))))
  }
  let items: JsonSchema | false = false
  if (i < flags.length) {
    if (flags[i]! & E.Variadic) return unresolved(d, type)
    const at = i
    items = d.within(['items'], `[${at}...]`, null, () => d.map(elements[at]!, elementNode(at)))
    if (i + 1 < flags.length) {
      return d.problem(`the tuple ${d.text(type)} has elements after its rest element, which JSON Schema cannot express`)
    }
  }
  const schema: JsonSchema = { type: 'array' }
  if (prefixItems.length > 0) schema.prefixItems = prefixItems
  schema.items = items
  if (tuple.minLength > 0) schema.minItems = tuple.minLength
  return schema
}
