/**
 * Early stop for streamed objects: decides, while the JSON is still arriving, that the value can
 * no longer become valid, so a bad generation is cut off instead of running to the end.
 *
 * Soundness comes first: a stop must be certain. So the checker reads the compiled schema only
 * along edges that must hold for the value at a position (must-hold.ts), never into branches that
 * may not apply, and runs only the keywords' early checks (`KeywordDefinition.early`): what
 * defaults cannot repair, since `applyDefaults` only adds missing object properties. The type of a
 * value that has begun, a finished string or number, the length of an array, a key that is
 * present and the number of keys are final. Which checks exist, and their words, are each
 * keyword's own; this file only feeds them the parser's events and says where the value is.
 */
import { ValidationError, formatPointer } from '../api.ts'
import type { EarlyIssue, EarlyStep } from '../api.ts'
import type { JsonKind, JsonListener } from './incremental-json.ts'
import { MustHold } from './must-hold.ts'
import type { Constraint } from './must-hold.ts'

/** Longest start of an open string kept for a message. */
const RECEIVED = 60

type Watcher = (piece: string, start: string) => EarlyIssue | undefined

/**
 * Watches a streamed JSON value against a schema (a schemavet `Schema` or a JSON Schema document)
 * and throws a `ValidationError` (one issue, in the shape `validate` reports) at the first certain
 * failure. Plug it into `IncrementalJsonParser` as the listener. Work per event is constant for a
 * given schema (constraints are memoised), and an open string is checked piece by piece as it
 * grows (never re-read from its start, which would make a long string in small chunks quadratic).
 */
export class EarlyStopChecker implements JsonListener {
  private readonly stack: Constraint[] = []
  private readonly path: (string | number)[] = []
  private readonly schemas: MustHold
  /** The early checks watching the open string value. */
  private watchers: [EarlyStep, Watcher][] = []
  /** The start of the open string (up to what a message shows). */
  private start = ''
  /** Code units of open strings examined: tests bound it to the text's length. */
  work = 0

  constructor(schema: unknown) {
    this.schemas = new MustHold(schema)
  }

  begin(kind: JsonKind, segment: string | number | undefined): void {
    const parent = this.stack[this.stack.length - 1]
    let c = this.schemas.root
    if (parent !== undefined) {
      // An item begins: checked at the array, before stepping into it.
      if (typeof segment === 'number') for (const s of parent.steps) this.check(s, s.item(segment))
      c = this.schemas.childOf(parent, segment!)
      this.path.push(segment!)
    }
    this.stack.push(c)
    for (const s of c.steps) this.check(s, s.begin(kind))
    if (kind === 'string') {
      this.watchers = []
      this.start = ''
      for (const s of c.steps) {
        const watch = s.text()
        if (watch === undefined) continue
        this.watchers.push([s, watch])
        // Even the empty string may already be one no allowed value starts with.
        this.check(s, watch('', ''))
      }
    }
  }

  /** More of the open string: each watching check reads only the new piece. */
  piece(text: string): void {
    if (this.watchers.length === 0) return
    this.work += text.length
    // The start of the string, for the message: only as much as a message shows.
    if (this.start.length <= RECEIVED) this.start += text.slice(0, RECEIVED + 1 - this.start.length)
    for (const [s, watch] of this.watchers) this.check(s, watch(text, this.start))
  }

  key(name: string, distinctKeys: number): void {
    for (const s of this.stack[this.stack.length - 1]!.steps) this.check(s, s.key(name, distinctKeys))
  }

  end(value: unknown): void {
    const c = this.stack[this.stack.length - 1]!
    // An object may still gain properties from defaults: only scalars and arrays are final.
    if (typeof value !== 'object' || value === null || Array.isArray(value)) for (const s of c.steps) this.check(s, s.end(value))
    this.watchers = []
    this.stack.pop()
    if (this.stack.length > 0) this.path.pop()
  }

  private check(s: EarlyStep, issue: EarlyIssue | undefined): void {
    if (issue === undefined) return
    throw new ValidationError([{ keyword: s.keyword, instancePath: formatPointer(this.path), schemaPath: s.schemaPath, params: issue.params, message: issue.message }])
  }
}
