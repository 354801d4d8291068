/**
 * From a `StructType` to the declaration it names: the file path (resolved against
 * `basePath`), then the interface, type alias, class or enum of that name in the file, exported
 * or not (re-exports followed).
 */
import type * as TS from 'typescript'
import { SchemaError } from '../core/index.ts'
import type { StructType } from '../core/index.ts'
import { displayPath, structError } from './errors.ts'
import type { TypeScript } from './typescript.ts'
import { builtin } from './builtin.ts'

const { existsSync, statSync } = builtin('node:fs')
const path = builtin('node:path')

/** A resolved `StructType`. */
export interface Target {
  /** Absolute path of the file. */
  file: string
  /** The declaration's name. */
  name: string
  /** `file#Name` as messages show it. */
  subject: string
}

const SOURCE = /\.(?:[cm]?ts|tsx)$/

/**
 * Resolves `type` (`'./file.ts#Name'` or `{ file, name }`) against `basePath` (default: the
 * working directory) and checks that the file exists and is TypeScript.
 * @throws SchemaError naming what is wrong
 */
export function resolveTarget(type: StructType, basePath: string | undefined): Target {
  let file: unknown
  let name: unknown
  if (typeof type === 'string') {
    const hash = type.lastIndexOf('#')
    file = hash < 0 ? type : type.slice(0, hash)
    name = hash < 0 ? '' : type.slice(hash + 1)
  } else if (typeof type === 'object' && type !== null) {
    file = type.file
    name = type.name
  }
  if (typeof file !== 'string' || file === '' || typeof name !== 'string' || name === '') {
    throw new SchemaError([
      {
        schemaPath: '#',
        message: `a struct type is "./file.ts#TypeName" or { file, name } naming a declaration in a TypeScript file, got ${JSON.stringify(type)}`,
      },
    ])
  }
  const absolute = path.resolve(basePath ?? process.cwd(), file)
  const subject = `${displayPath(absolute)}#${name}`
  if (!existsSync(absolute) || !statSync(absolute).isFile()) throw structError(subject, `file not found (${absolute})`)
  if (!SOURCE.test(absolute)) throw structError(subject, 'not a TypeScript file (.ts, .tsx, .mts, .cts)')
  return { file: absolute, name, subject }
}

const DECLARATION = (ts: TypeScript) => ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum

/**
 * The symbol of the type declaration `target.name` in `sourceFile`.
 * @throws SchemaError listing the file's type declarations when there is none of that name
 */
export function findDeclaration(ts: TypeScript, checker: TS.TypeChecker, sourceFile: TS.SourceFile, target: Target): TS.Symbol {
  const resolve = (symbol: TS.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
  const candidates = new Map<string, TS.Symbol>()
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile)
  if (moduleSymbol !== undefined) {
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = resolve(exported)
      if (symbol.flags & DECLARATION(ts)) candidates.set(exported.name, symbol)
    }
  }
  // Declarations the file does not export (or a script file, which has no module symbol).
  for (const statement of sourceFile.statements) {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name !== undefined &&
      !candidates.has(statement.name.text)
    ) {
      const symbol = checker.getSymbolAtLocation(statement.name)
      if (symbol !== undefined) candidates.set(statement.name.text, symbol)
    }
  }
  const found = candidates.get(target.name)
  if (found !== undefined) return found
  const names = [...candidates.keys()].sort()
  throw structError(
    target.subject,
    `no interface, type alias, class or enum named "${target.name}" in ${displayPath(target.file)}` +
      (names.length > 0 ? ` (it declares: ${names.join(', ')})` : ' (it declares no types)'),
  )
}
