/**
 * `EmitContext.inline`: a checker function written as statements in the generated code, so the
 * engine optimizes it with the code around it (one call less per value, and feedback of this
 * schema's own strings): the function's parameters become block constants bound to `args`, and
 * each `return <expression>;` assigns the answer and leaves the block. Only for functions with no
 * free variables the code could capture, no nested functions, no string literals and no `var`;
 * anything else (a minifier's rewrite, say) is left to be called. Parsed once per function.
 */
import type { Code } from '../contract/code.ts'
import type { EmitBlock } from '../contract/emit.ts'

export function inline(fn: (...args: never[]) => boolean, args: readonly Code[], local: () => Code): EmitBlock | undefined {
  let parts = parsed.get(fn)
  if (parts === undefined) parsed.set(fn, (parts = parse(String(fn))))
  if (parts === null || parts.params.length !== args.length) return undefined
  const answer = local()
  const label = `${answer}$`
  const bind = parts.params.map((p, i) => `${p} = ${args[i]}`).join(', ')
  const body = parts.body.replace(RETURN, (_m, e: string) => `{ ${answer} = (${e.trim()}); break ${label}; }`)
  // The function's own source, checked by `parse` to be statements over its parameters alone.
  return { setup: `${answer} = false; ${label}: { const ${bind};\n${body}\n}` as Code, test: answer }
}

const parsed = new WeakMap<object, { params: string[]; body: string } | null>()
const RETURN = /\breturn\b\s*([^;{}]+)(?:;|(?=\})|$)/g
const HEAD = /^function\s*[\w$]*\s*\(([\w$\s,]*)\)\s*\{([\s\S]*)\}$/

function parse(source: string): { params: string[]; body: string } | null {
  const m = HEAD.exec(source.trim())
  if (m === null) return null
  const params = m[1]!.split(',').map((p) => p.trim()).filter((p) => p !== '')
  // Comments go (no string literal may hold a comment marker: strings are refused below).
  const body = m[2]!.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').replace(/\n\s*/g, '\n').trim()
  // Statements only: every exit a `return <expression>`, nothing that leaves the block otherwise
  // or could reach the generated function's own names.
  if (/\b(function|var|this|arguments|yield|await|class|eval)\b|=>|[`'"]|\bx\b/.test(body)) return null
  if (params.includes('x') || (body.match(/\breturn\b/g)?.length ?? 0) !== (body.match(RETURN)?.length ?? 0)) return null
  return { params, body }
}
