import { js, literal } from '../contract/code.ts'
import type { Code } from '../contract/code.ts'
import type { Source } from './source.ts'

/**
 * Property reads of one node's code (`EmitContext.read`): each name read gets a local; a step
 * assigns it on every read, and steps after one that passed read the local alone (and know the
 * names it ensured present).
 */
export class Reads {
  private readonly locals = new Map<string, Code>()
  private readonly settled = new Set<string>()
  private readonly ensured = new Set<string>()
  private readonly readNow: string[] = []
  private readonly ensuredNow: string[] = []
  constructor(private readonly src: Source) {}

  read(name: string): Code {
    let local = this.locals.get(name)
    if (local !== undefined && this.settled.has(name)) return local
    if (local === undefined) this.locals.set(name, (local = this.src.local()))
    this.readNow.push(name)
    return js`(${local} = x[${literal(name)}])`
  }

  ensure(name: string): void {
    this.ensuredNow.push(name)
  }

  known(name: string): boolean {
    return this.ensured.has(name)
  }

  /** The step just generated passed: what it read and ensured holds for the steps after it. */
  settle(): void {
    for (const name of this.readNow) this.settled.add(name)
    for (const name of this.ensuredNow) this.ensured.add(name)
    this.readNow.length = 0
    this.ensuredNow.length = 0
  }
}
