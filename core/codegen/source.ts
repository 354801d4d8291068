/**
 * What generated code is built from: whether this runtime allows code generation at all, and the
 * constants and locals of one generated function or module.
 */

let allowed: boolean | undefined

/** Whether this runtime lets us generate code (tried once). */
export function codegenAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = new Function('return true')() === true
    } catch {
      allowed = false
    }
  }
  return allowed
}

import { identifier } from '../contract/code.ts'
import type { Code } from '../contract/code.ts'

/** Constants bound to a name of their own; past these (a huge schema), an element of the array. */
const NAMED_CONSTANTS = 10_000

/** Constants and locals of one generated function or module. */
export class Source {
  readonly values: unknown[] = []
  private readonly ids = new Map<unknown, Code>()
  locals: Code[] = []
  private prefix = ''

  constant(value: unknown): Code {
    let name = this.ids.get(value)
    if (name === undefined) {
      const n = this.values.length
      name = n < NAMED_CONSTANTS ? identifier(`k${n}`) : (`constants[${n}]` as Code)
      this.values.push(value)
      this.ids.set(value, name)
    }
    return name
  }

  local(): Code {
    const name = identifier(`${this.prefix}t${this.locals.length}`)
    this.locals.push(name)
    return name
  }

  /** Starts a scope of locals named with `prefix`; `leave` ends it and returns its locals. */
  enter(prefix: string): { locals: Code[]; prefix: string } {
    const outer = { locals: this.locals, prefix: this.prefix }
    this.locals = []
    this.prefix = prefix
    return outer
  }

  leave(outer: { locals: Code[]; prefix: string }): Code[] {
    const inner = this.locals
    this.locals = outer.locals
    this.prefix = outer.prefix
    return inner
  }

  build<T>(body: Code, extra: Record<string, unknown> = {}): T {
    // The constants come in one array, not one parameter each: a large schema has more of them
    // than a call may pass, or than one function may bind to names.
    const values = [...this.values, ...Object.values(extra)]
    const names: string[] = []
    for (let i = 0; i < Math.min(this.values.length, NAMED_CONSTANTS); i++) names.push(`k${i} = constants[${i}]`)
    Object.keys(extra).forEach((key, i) => names.push(`${key} = constants[${this.values.length + i}]`))
    const bind = names.length === 0 ? '' : `var ${names.join(', ')};\n`
    return new Function('constants', bind + body)(values) as T
  }
}
