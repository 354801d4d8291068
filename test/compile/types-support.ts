/**
 * A small TypeScript program in memory for the declaration tests: each case is a `.d.ts` module
 * (what `schemaTypes` wrote) and a test module assigning values to its types, one statement per
 * value, checked under `strict` in one program. A value is rejected when a diagnostic starts in
 * its statement.
 */
import ts from 'typescript'

export interface Assignment {
  /** The type the value is assigned to (`Data`, `Input`, `Output`, a `$defs` name). */
  type: string
  /** The value as a TypeScript expression; `undefined` is written as such. */
  value: unknown
}

export interface CaseFiles {
  name: string
  declarations: string
  assignments: Assignment[]
}

export interface CaseResult {
  /** Diagnostics in the declarations themselves. */
  declarationErrors: string[]
  /** Per assignment: the first diagnostic of its statement, or undefined when it type-checks. */
  errors: (string | undefined)[]
  /** Documentation of each exported type alias (JSDoc text), by name. */
  docs: Map<string, string>
  /** Documentation of each property of the `Data` type, by property name. */
  propertyDocs: Map<string, string>
}

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
}

const ROOT = '/virtual-types/'

/** A JSON value as an expression (`undefined` too, for `Input` of a schema with a root default). */
export function expression(x: unknown): string {
  if (x === undefined) return 'undefined'
  if (Array.isArray(x)) return '[' + x.map(expression).join(', ') + ']'
  if (typeof x === 'object' && x !== null) return '{' + Object.entries(x).map(([k, v]) => JSON.stringify(k) + ': ' + expression(v)).join(', ') + '}'
  return JSON.stringify(x)
}

/** Type-checks every case in one program; counts, never times. */
export function checkCases(cases: readonly CaseFiles[]): CaseResult[] {
  const files = new Map<string, string>()
  const spans: { start: number; end: number }[][] = []
  cases.forEach((c, i) => {
    files.set(`${ROOT}c${i}.d.ts`, c.declarations)
    const types = [...new Set(c.assignments.map((a) => a.type))]
    let text = `import type { ${types.join(', ')} } from './c${i}.js'\nexport {}\n`
    const own: { start: number; end: number }[] = []
    c.assignments.forEach((a, j) => {
      const start = text.length
      text += `const v${j}: ${a.type} = ${expression(a.value)}\n`
      own.push({ start, end: text.length })
    })
    files.set(`${ROOT}t${i}.ts`, text)
    spans.push(own)
  })
  const host = ts.createCompilerHost(OPTIONS)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, onError, create) => {
    const text = files.get(name)
    return text !== undefined ? ts.createSourceFile(name, text, language, true) : getSourceFile(name, language, onError, create)
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => files.has(name) || fileExists(name)
  const directoryExists = host.directoryExists?.bind(host)
  host.directoryExists = (name) => name.startsWith(ROOT.slice(0, -1)) || (directoryExists?.(name) ?? true)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => files.get(name) ?? readFile(name)
  const program = ts.createProgram(
    cases.map((_, i) => `${ROOT}t${i}.ts`),
    OPTIONS,
    host,
  )
  const checker = program.getTypeChecker()
  const results: CaseResult[] = cases.map((c) => ({ declarationErrors: [], errors: c.assignments.map(() => undefined), docs: new Map(), propertyDocs: new Map() }))
  for (const d of [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics(), ...program.getGlobalDiagnostics()]) {
    const name = d.file?.fileName ?? ''
    const m = /c(\d+)\.d\.ts$|t(\d+)\.ts$/.exec(name)
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    if (m === null) throw new Error(`a diagnostic outside the cases: ${text}`)
    if (m[1] !== undefined) {
      results[Number(m[1])]!.declarationErrors.push(text)
      continue
    }
    const i = Number(m[2])
    spans[i]!.forEach((s, j) => {
      if (d.start! >= s.start && d.start! < s.end) results[i]!.errors[j] ??= text
    })
  }
  cases.forEach((_, i) => {
    const sf = program.getSourceFile(`${ROOT}c${i}.d.ts`)!
    for (const s of sf.statements) {
      if (!ts.isTypeAliasDeclaration(s)) continue
      const symbol = checker.getSymbolAtLocation(s.name)
      if (symbol === undefined) continue
      const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker))
      if (doc !== '') results[i]!.docs.set(s.name.text, doc)
      if (s.name.text === 'Data') {
        for (const p of checker.getPropertiesOfType(checker.getTypeAtLocation(s.name))) {
          const pdoc = ts.displayPartsToString(p.getDocumentationComment(checker))
          if (pdoc !== '') results[i]!.propertyDocs.set(p.getName(), pdoc)
        }
      }
    }
  })
  return results
}
