/**
 * The per-type shape of a node's generated code: which instance type each branch tests, the
 * dispatch between branches (as statements in a node's own function, or as one expression when
 * the node is placed into its parent's).
 */
import type { JsonType } from '../contract/types.ts'
import { joinCode, js, TRUE } from '../contract/code.ts'
import type { Code } from '../contract/code.ts'

/** Instance types in step-table order. */
export const TYPES: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object']

/** How a node's code leaves with a value: `return` in its own function, a block's exit when placed inline. */
export type Exit = (value: Code) => Code
export const RETURN: Exit = (value) => js`return ${value};`

/** The order the type branches' code is written in (step-table indexes). */
export const WRITE_ORDER = [5, 4, 0, 1, 2, 3]

/** Tests selecting one instance type, by step-table index. */
export const TYPE_TESTS: readonly Code[] = [
  js`typeof x === 'string'`,
  js`typeof x === 'number'`,
  js`typeof x === 'boolean'`,
  js`x === null`,
  js`Array.isArray(x)`,
  js`(typeof x === 'object' && x !== null && !Array.isArray(x))`,
]

/**
 * One type's code; `failsWith`: the branch is only a failure at this record (a type mismatch);
 * `delegates`: the branch is only a call of an asserting subschema on `x` itself (a `$ref`), this
 * call's code.
 */
export interface Branch {
  code: Code
  failsWith: Code | null
  delegates: Code | null
}

/**
 * A node's code with the most common branch as the fall-through and a test for each other type:
 * a node of one type is one test and its steps, small enough for the optimizer to inline at its
 * call sites. Non-JSON values (NaN, undefined, functions) fail at the node itself.
 */
export function typeDispatch(branches: Branch[], own: Code, exit: Exit): Code {
  const counts = new Map<Code, number>()
  for (const b of branches) counts.set(b.code, (counts.get(b.code) ?? 0) + 1)
  const commonCode = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
  const common = branches.find((b) => b.code === commonCode)!
  const parts: Code[] = []
  branches.forEach(({ code }, t) => {
    if (code === commonCode) return
    parts.push(js`if (${TYPE_TESTS[t]!}) { ${t === 1 ? js`if (x - x !== 0) ${exit(js`failAt(${own}, x)`)} ` : js``}${code} }`)
  })
  // Values of the common branch's types, and values JSON cannot hold. A subschema that asserts
  // fails those too: a node only delegating to one tests for them on its failure alone.
  if (common.failsWith !== null) parts.push(exit(js`failAt(notJson(x) ? ${own} : ${common.failsWith}, x)`))
  else if (common.delegates !== null) parts.push(js`if (!(${common.delegates})) ${exit(js`notJson(x) ? failAt(${own}, x) : false`)}\n${exit(TRUE)}`)
  else parts.push(js`if (notJson(x)) ${exit(js`failAt(${own}, x)`)} ${commonCode}`)
  return joinCode(parts, js`\n`)
}

/** `typeDispatch` as one expression: the same tests in the same order, each branch an expression. */
export function expressionDispatch(branches: Branch[], own: Code): Code {
  const counts = new Map<Code, number>()
  for (const b of branches) counts.set(b.code, (counts.get(b.code) ?? 0) + 1)
  const commonCode = [...counts].sort((a, b) => b[1] - a[1])[0]![0]
  const common = branches.find((b) => b.code === commonCode)!
  // Values of the common branch's types, and values JSON cannot hold (as in `typeDispatch`).
  let out: Code
  if (common.failsWith !== null) out = js`failAt(notJson(x) ? ${own} : ${common.failsWith}, x)`
  else if (common.delegates !== null) out = js`(${common.delegates} || (notJson(x) ? failAt(${own}, x) : false))`
  else out = js`(notJson(x) ? failAt(${own}, x) : ${commonCode})`
  // The other types' tests in step-table order, built from the last: a type with nothing to test
  // (the usual leaf, `{ "type": "string" }`) is `typeof x === 'string' || failAt(...)`.
  for (let t = branches.length - 1; t >= 0; t--) {
    const { code } = branches[t]!
    if (code === commonCode) continue
    if (t === 1) out = js`(${TYPE_TESTS[t]!} ? (x - x !== 0 ? failAt(${own}, x) : ${code}) : ${out})`
    else out = code === TRUE ? js`(${TYPE_TESTS[t]!} || ${out})` : js`(${TYPE_TESTS[t]!} ? ${code} : ${out})`
  }
  return out
}

/**
 * `code` (an expression on `x`) on the variable `y` instead: every identifier `x` outside string
 * literals renamed. Undefined when the code holds what this scan cannot read for certain (a `/`,
 * which may start a regular expression literal; a template literal; a block rebinding `x`).
 */
export function rename(code: Code, y: Code): Code | undefined {
  let out = ''
  let from = 0
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!
    if (c === '"' || c === "'") {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++
      continue
    }
    if (c === '/' || c === '`' || c === '{') return undefined
    if (c === 'x' && !/[\w$.]/.test(code[i - 1] ?? ' ') && !/[\w$]/.test(code[i + 1] ?? ' ')) {
      out += code.slice(from, i) + y
      from = i + 1
    }
  }
  return (out + code.slice(from)) as Code
}
