/**
 * Struct schemas: draft 2020-12 JSON Schemas derived from TypeScript declarations, the
 * TypeScript counterpart of the spec's schema-from-a-Go-struct. This layer sits beside
 * `integrations/` and uses only `core`'s public surface; `api.ts` hands `deriveStructSchema` to
 * its kernels (`deriveStruct`, with warnings), whose `newStructSchema` compiles the schema.
 *
 * TypeScript is loaded only when a schema is derived (see `typescript.ts`); programs are cached
 * per file set (see `program-cache.ts`).
 */
import type { StructDeriver, StructOptions, StructType } from '../core/index.ts'
import { Derivation } from './derive.ts'
import { displayPath, structError } from './errors.ts'
import { findDeclaration, resolveTarget } from './locate.ts'
import { programFor } from './program-cache.ts'
import { loadTypeScript } from './typescript.ts'
import { builtin } from './builtin.ts'

const path = builtin('node:path')

export { structCacheStats } from './program-cache.ts'

/**
 * Derives a draft 2020-12 schema from the interface, type alias, class or enum that `type`
 * names (`'./file.ts#Name'` or `{ file, name }`; relative paths resolve against
 * `options.basePath`, default the working directory). Synchronous: the first call in a process
 * loads TypeScript and builds a program for the file (a few hundred milliseconds); later calls on
 * the same file reuse that program unless a file of it changed on disk, and take about a
 * millisecond for a type of a few dozen properties. Returns a new schema object each call
 * (`$schema` first; `$defs` for types used more than once or recursively).
 *
 * Object types get `additionalProperties: false` unless `options.allowAdditionalProperties`.
 * Only `basePath` and `allowAdditionalProperties` of `options` are read here.
 *
 * @throws SchemaError naming the file, the type and the property, for a missing file or name, a
 *   syntax error, and every part JSON Schema cannot express (functions, symbols, `bigint`,
 *   unresolved generics, names that do not resolve), all problems of the declaration at once
 * @throws Error naming the install command when the optional peer dependency `typescript` is missing
 */
export function deriveStructSchema(type: StructType, options: StructOptions): Record<string, unknown> {
  return deriveStruct(type, options).schema
}

/**
 * `deriveStructSchema` with its warnings: what the derivation read only in part and left out
 * (a JSDoc tag it does not know), each `{ schemaPath, message }` with the file, type and property
 * in the message. The kernels' `newStructSchema` puts them on `StructValidator.warnings`; the
 * `struct` command prints them on stderr.
 */
export const deriveStruct: StructDeriver = (type, options) => {
  const target = resolveTarget(type, options.basePath)
  const ts = loadTypeScript()
  const program = programFor(ts, target.file)
  const sourceFile = program.getSourceFile(target.file)
  if (sourceFile === undefined) throw structError(target.subject, `TypeScript could not read ${target.file}`)
  const syntax = program.getSyntacticDiagnostics()
  if (syntax.length > 0) {
    const lines = syntax.map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')
      if (diagnostic.file === undefined || diagnostic.start === undefined) return message
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
      return `${displayPath(path.resolve(diagnostic.file.fileName))}:${line + 1}:${character + 1}: ${message}`
    })
    throw structError(target.subject, `syntax errors:\n${lines.join('\n')}`)
  }
  const checker = program.getTypeChecker()
  const symbol = findDeclaration(ts, checker, sourceFile, target)
  const generic = symbol.declarations?.find(
    (d) => (ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isClassDeclaration(d)) && d.typeParameters !== undefined,
  ) as { typeParameters?: readonly { name: { text: string } }[] } | undefined
  if (generic?.typeParameters !== undefined) {
    const parameters = generic.typeParameters.map((p) => p.name.text)
    const unresolved = parameters.length === 1 ? `the type parameter ${parameters[0]} is` : `the type parameters ${parameters.join(', ')} are`
    throw structError(
      target.subject,
      `${target.name}<${parameters.join(', ')}> is generic, and JSON Schema needs concrete types: ${unresolved} unresolved ` +
        `(declare an instantiation such as \`export type ${target.name}OfString = ${target.name}<${generic.typeParameters.map(() => 'string').join(', ')}>\` and derive that)`,
    )
  }
  const derivation = new Derivation(ts, program, options, target.subject)
  const schema = derivation.run(symbol)
  return { schema, warnings: [...derivation.warnings] }
}
