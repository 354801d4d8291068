/**
 * The library's own TypeScript sources, parsed, for tests that check where something is written
 * (one call site, no keyword-name comparison). Parsed with the TypeScript compiler rather than
 * matched with regular expressions so comments, strings and declarations are told apart from code.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The project root (the folder holding package.json). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Every `.ts` file under `dir` (relative to the root), as root-relative paths, sorted. */
export function sourcesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(relative(ROOT, path))
    }
  }
  walk(join(ROOT, dir))
  return out.sort()
}

/** The parsed file at a root-relative path. */
export function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)
}

/** `file:line` of a node, for failure messages. */
export function where(source: ts.SourceFile, node: ts.Node): string {
  return `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
}

/** Every node of `source` for which `match` is true, depth first. */
export function findNodes(source: ts.SourceFile, match: (node: ts.Node) => boolean): ts.Node[] {
  const out: ts.Node[] = []
  const visit = (node: ts.Node): void => {
    if (match(node)) out.push(node)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** The name a call goes to: `f` for `f(...)`, `m` for `x.m(...)`; undefined for anything else. */
export function calleeName(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node)) return undefined
  const callee = node.expression
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return undefined
}
