/**
 * The import graph of the sources, read with the TypeScript compiler's parser: for each source
 * file, what it imports (static imports, re-exports and `import()` calls), resolved to a project
 * file or left as a package name, and whether the import is type-only (erased from the output).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

export interface ImportEdge {
  /** Project-relative path of the importing file (`core/evaluator/run.ts`). */
  from: string
  /** Project-relative path of the imported file, or the package name (`tapable`). */
  to: string
  /** The specifier names a package, not a project file. */
  external: boolean
  /** Erased when compiled: `import type`, `export type`, or every named element `type`. */
  typeOnly: boolean
}

/** Folders and root files holding the library's sources (tests, benches and scripts are not sources). */
const SOURCE_ROOTS = ['api.ts', 'index.ts', 'idn.ts', 'linear-regex.ts', 'struct.ts', 'core', 'struct', 'cli', 'plugins', 'regex', 'convert', 'formats', 'integrations', 'providers', 'repair', 'metaschemas']

/** The project's source files, project-relative with `/` separators. */
export function sourceFiles(root: string): string[] {
  const out: string[] = []
  const walk = (path: string): void => {
    const full = join(root, path)
    let stat
    try {
      stat = statSync(full)
    } catch {
      return
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) walk(path === '' ? name : `${path}/${name}`)
    } else if (/\.(m|c)?tsx?$/.test(path) && !path.endsWith('.d.ts')) {
      out.push(path)
    }
  }
  for (const r of SOURCE_ROOTS) walk(r)
  return out
}

function typeOnlyClause(clause: ts.ImportClause | undefined): boolean {
  if (clause === undefined) return false // a bare `import 'x'` runs the module
  if (clause.isTypeOnly) return true
  if (clause.name !== undefined) return false
  const bindings = clause.namedBindings
  if (bindings === undefined || ts.isNamespaceImport(bindings)) return false
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true
  const clause = node.exportClause
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
}

/** The imports written in one file's text. */
export function importsOf(path: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const out: { specifier: string; typeOnly: boolean }[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: typeOnlyClause(node.importClause) })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: typeOnlyExport(node) })
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg !== undefined && ts.isStringLiteralLike(arg)) out.push({ specifier: arg.text, typeOnly: false })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ specifier: node.argument.literal.text, typeOnly: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return out
}

/** Every import of every source file under `root`. */
export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const from of sourceFiles(root)) {
    for (const { specifier, typeOnly } of importsOf(from, readFileSync(join(root, from), 'utf8'))) {
      const relativeSpec = specifier.startsWith('./') || specifier.startsWith('../')
      const to = relativeSpec ? relative(root, resolve(root, dirname(from), specifier)).split('\\').join('/') : specifier
      edges.push({ from, to, external: !relativeSpec, typeOnly })
    }
  }
  return edges
}

/** Cycles (strongly connected components of more than one file, or a file importing itself) of a graph. */
export function cycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>()
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, [])
    if (!next.has(e.to)) next.set(e.to, [])
    next.get(e.from)!.push(e.to)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let counter = 0
  const strong = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        strong(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!))
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || next.get(v)!.includes(v)) found.push(component.sort())
    }
  }
  for (const v of [...next.keys()].sort()) if (!index.has(v)) strong(v)
  return found
}
