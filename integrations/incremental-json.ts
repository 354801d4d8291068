/**
 * An incremental JSON parser for streamed model output. Each character is looked at once, so
 * parsing a text fed in any number of chunks costs time linear in its length (re-parsing the
 * whole text on every chunk, as a partial-JSON repair does, is quadratic).
 *
 * Completed values are final: they are built once and never touched again, so successive
 * snapshots share them, and a snapshot copies only the containers still open (the path from the
 * root to the current position). A listener hears where each value begins and ends, which is
 * what the early-stop checks of `streamObject` work from.
 *
 * Grammar: strict JSON (RFC 8259), as `JSON.parse` accepts it, plus one markdown code fence
 * around the value (a first line starting with ``` and a trailing ```), which models add.
 */

/** The JSON type of a value that has begun (`number` covers integers). */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null'

/** Hears the structure as it is parsed; a listener that throws stops the parse (the error propagates). */
export interface JsonListener {
  /** A value begins: at `segment` of the innermost open container (a key or index); `undefined` at the root. */
  begin(kind: JsonKind, segment: string | number | undefined): void
  /** An object key is complete; `distinctKeys` counts the object's keys including this one. */
  key(name: string, distinctKeys: number): void
  /**
   * More of the open string value (not a key) was read: `piece` is only the new part, so a check
   * that follows a long string as it grows does work in proportion to what arrived.
   */
  piece?(piece: string): void
  /** The value that began last (and is still open) is complete. */
  end(value: unknown): void
}

interface Frame {
  array: boolean
  /** The container: completed children only. */
  value: unknown[] | Record<string, unknown>
  /** The key whose value comes next (objects). */
  key: string | undefined
  /** Distinct keys (objects) or items (arrays) so far. */
  size: number
}

// Parser modes (plain numbers rather than a const enum, so any TypeScript transpiler handles them).
const VALUE = 0 // a value is expected
const KEY = 1 // an object key (or `}` right after `{`) is expected
const COLON = 2
const NEXT = 3 // `,` or the closer is expected after a value in a container
const STRING = 4
const NUMBER = 5
const LITERAL = 6
const FENCE = 7 // skipping the opening line of a code fence
const DONE = 8

// States of a number token, read one character at a time (RFC 8259 grammar): after `-`, after a
// leading `0`, in the integer digits, after `.`, in the fraction, after `e`, after its sign, in
// the exponent. Reading as it goes keeps the longest valid prefix known without re-reading the
// token, so a partial value of a long number costs its length, not its length squared.
const N_MINUS = 0
const N_ZERO = 1
const N_INT = 2
const N_DOT = 3
const N_FRAC = 4
const N_EXP = 5
const N_EXP_SIGN = 6
const N_EXP_DIGITS = 7
/** Whether a number may end in this state. */
const N_ACCEPTS = [false, true, true, false, true, false, false, true]
/**
 * A container copied into a snapshot with more entries than this lands in V8's large-object
 * space (past 128 KB: 16,384 pointers), where each copy is a fresh allocation of its own pages
 * and costs about 40 times more per entry than below (0.5-1 ns against 40-50 ns per entry on the
 * 2-core test machine). Charged one unit per entry, such copies made `streamObject` on a long
 * array 2-3 times slower per character past that size; so the copy credit charges each entry of
 * such a container `LARGE_COPY_COST` units, and partials of a very long open array come further
 * apart instead (bench/stream-scaling.mjs).
 */
const LARGE_CONTAINER = 16_384
const LARGE_COPY_COST = 8
const LITERALS: Record<string, boolean | null> = { true: true, false: false, null: null }
const ESCAPES: Record<number, string> = { 34: '"', 92: '\\', 47: '/', 98: '\b', 102: '\f', 110: '\n', 114: '\r', 116: '\t' }

const isWhitespace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9
/** Digits, `-`, `+`, `.`, `e`, `E`: what a number token may contain. */
const isNumberChar = (c: number): boolean => (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69

/** The state after reading `c` in state `state`, or -1 when `c` cannot continue the number. */
function numberStep(state: number, c: number): number {
  const digit = c >= 48 && c <= 57
  switch (state) {
    case N_MINUS:
      return c === 48 ? N_ZERO : digit ? N_INT : -1
    case N_ZERO:
    case N_INT:
      if (digit) return state === N_INT ? N_INT : -1
      return c === 46 ? N_DOT : c === 101 || c === 69 ? N_EXP : -1
    case N_DOT:
    case N_FRAC:
      if (digit) return N_FRAC
      return state === N_FRAC && (c === 101 || c === 69) ? N_EXP : -1
    case N_EXP:
      return digit ? N_EXP_DIGITS : c === 43 || c === 45 ? N_EXP_SIGN : -1
    default:
      return digit ? N_EXP_DIGITS : -1
  }
}
const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1)

function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  // `o.__proto__ = v` would set the prototype; JSON.parse makes it an own property.
  if (key === '__proto__') Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true })
  else o[key] = value
}

/** Parses one JSON value fed in chunks. Not reusable: one instance per text. */
export class IncrementalJsonParser {
  private readonly frames: Frame[] = []
  private mode = VALUE
  /** An empty container may close here (right after `[` or `{`). */
  private mayClose = false
  private str = ''
  private strIsKey = false
  /** 0: none; 1: after a backslash; 2..5: reading the hex digits of `\u`. */
  private esc = 0
  private hex = 0
  private num = ''
  /** State of the open number token (`N_*`), and the length of its longest valid prefix. */
  private numState = N_MINUS
  private numValid = 0
  private word = ''
  private wordPos = 0
  private root: unknown = undefined
  private started = false
  private offset = 0
  private failure: SyntaxError | undefined
  /** Entries of the open containers plus one per open container, kept as they change. */
  private openEntries = 0
  /** Entries of the open containers past `LARGE_CONTAINER` entries (copied at `LARGE_COPY_COST` each). */
  private largeEntries = 0
  /** Changes whenever the snapshot would change. */
  version = 0
  /**
   * Work done so far, in units of one character read or one entry copied into a snapshot: what
   * the linear-time promise is about (tests bound it; it is not a clock).
   */
  work = 0

  constructor(private readonly listener?: JsonListener) {}

  /** True once the root value is complete. */
  get done(): boolean {
    return this.mode === DONE
  }

  /**
   * Parses `text`, the next piece of the input.
   * @throws SyntaxError at the first character that cannot continue a JSON value (and on every
   *   later call); whatever the listener throws
   */
  feed(text: string): void {
    if (this.failure !== undefined) throw this.failure
    const n = text.length
    let i = 0
    while (i < n) {
      switch (this.mode) {
        case STRING:
          i = this.scanString(text, i)
          break
        case NUMBER: {
          let j = i
          let state = this.numState
          for (; j < n; j++) {
            const c = text.charCodeAt(j)
            if (!isNumberChar(c)) break
            state = numberStep(state, c)
            if (state < 0) this.fail(`invalid number ${JSON.stringify(this.num + text.slice(i, j + 1))}`, j)
            if (N_ACCEPTS[state]) this.numValid = this.num.length + (j - i) + 1
          }
          this.numState = state
          if (j > i) {
            this.num += text.slice(i, j)
            this.version++
          }
          i = j
          if (j < n) this.finishNumber(i)
          break
        }
        case LITERAL:
          while (i < n && this.wordPos < this.word.length) {
            if (text.charCodeAt(i) !== this.word.charCodeAt(this.wordPos)) this.fail('invalid literal', i)
            this.wordPos++
            i++
          }
          if (this.wordPos === this.word.length) this.complete(LITERALS[this.word])
          break
        case FENCE: {
          const nl = text.indexOf('\n', i)
          if (nl < 0) i = n
          else {
            i = nl + 1
            this.mode = VALUE
          }
          break
        }
        default: {
          const c = text.charCodeAt(i)
          if (!isWhitespace(c)) this.structural(c, i)
          i++
        }
      }
    }
    this.offset += n
    this.work += n
  }

  /**
   * Ends the input: completes a number at the root and returns the value.
   * @throws SyntaxError when the value is incomplete
   */
  finish(): unknown {
    if (this.failure !== undefined) throw this.failure
    if (this.mode === NUMBER && this.frames.length === 0) this.finishNumber(0)
    if (this.mode !== DONE) this.fail('unexpected end of JSON input', 0)
    return this.root
  }

  /**
   * The value as parsed so far, deep-partial: open strings as far as received, an open number as
   * its longest valid prefix, an open literal completed; a key whose value has not begun is left
   * out. Completed values are shared with earlier and later snapshots (do not mutate them); the
   * open containers are fresh copies. Costs `snapshotCost()`.
   */
  snapshot(): unknown {
    if (this.mode === DONE) return this.root
    this.work += this.snapshotCost()
    this.largeCopied += this.largeEntries
    let child: unknown
    if (this.mode === STRING && !this.strIsKey) child = this.str
    else if (this.mode === NUMBER) child = this.numValid === 0 ? undefined : Number(this.num.slice(0, this.numValid))
    else if (this.mode === LITERAL) child = LITERALS[this.word]
    for (let k = this.frames.length - 1; k >= 0; k--) {
      const f = this.frames[k]!
      if (f.array) {
        const copy = (f.value as unknown[]).slice()
        if (child !== undefined) copy.push(child)
        child = copy
      } else {
        const copy = { ...(f.value as Record<string, unknown>) }
        if (child !== undefined && f.key !== undefined) setOwn(copy, f.key, child)
        child = copy
      }
    }
    return child
  }

  /**
   * Work `snapshot()` would do: entries of the open containers plus the open string's or
   * number's length. Constant time (kept up to date as containers open, grow and close), since
   * it is asked after every chunk, however deep the value is.
   */
  snapshotCost(): number {
    const open = this.mode === STRING && !this.strIsKey ? this.str.length : this.mode === NUMBER ? this.num.length : 0
    return this.openEntries + (LARGE_COPY_COST - 1) * this.largeEntries + open
  }

  /** Entries copied into snapshot containers of more than `LARGE_CONTAINER` entries, so far (for tests). */
  largeCopied = 0

  /** One more entry in the open container `f`. */
  private grow(f: Frame): void {
    f.size++
    this.openEntries++
    if (f.size > LARGE_CONTAINER) this.largeEntries += f.size === LARGE_CONTAINER + 1 ? f.size : 1
  }

  /** The open string value as received so far (not a key), or undefined when none is open. */
  openString(): string | undefined {
    return this.mode === STRING && !this.strIsKey ? this.str : undefined
  }

  private structural(c: number, i: number): void {
    switch (this.mode) {
      case VALUE:
        return this.beginValue(c, i)
      case KEY:
        if (c === 34) {
          this.mode = STRING
          this.strIsKey = true
          this.str = ''
        } else if (c === 125 && this.mayClose) this.close()
        else this.fail('expected a property name in double quotes', i)
        return
      case COLON:
        if (c !== 58) this.fail('expected ":" after a property name', i)
        this.mode = VALUE
        this.mayClose = false
        return
      case NEXT: {
        const top = this.frames[this.frames.length - 1]!
        if (c === 44) {
          this.mode = top.array ? VALUE : KEY
          this.mayClose = false
        } else if (c === (top.array ? 93 : 125)) this.close()
        else this.fail(`expected "," or "${top.array ? ']' : '}'}"`, i)
        return
      }
      case DONE:
        // A closing code fence may follow the value.
        if (c !== 96) this.fail('unexpected text after the JSON value', i)
        return
    }
  }

  private beginValue(c: number, i: number): void {
    if (c === 123 || c === 91) {
      const array = c === 91
      this.begin(array ? 'array' : 'object')
      this.frames.push({ array, value: array ? [] : {}, key: undefined, size: 0 })
      this.openEntries++
      this.mode = array ? VALUE : KEY
      this.mayClose = true
    } else if (c === 34) {
      this.begin('string')
      this.mode = STRING
      this.strIsKey = false
      this.str = ''
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      this.begin('number')
      this.mode = NUMBER
      this.num = String.fromCharCode(c)
      this.numState = c === 45 ? N_MINUS : c === 48 ? N_ZERO : N_INT
      this.numValid = c === 45 ? 0 : 1
    } else if (c === 116 || c === 102 || c === 110) {
      this.begin(c === 110 ? 'null' : 'boolean')
      this.mode = LITERAL
      this.word = c === 116 ? 'true' : c === 102 ? 'false' : 'null'
      this.wordPos = 1
    } else if (c === 93 && this.mayClose && this.frames[this.frames.length - 1]?.array === true) {
      this.close()
    } else if (c === 96 && !this.started && this.frames.length === 0) {
      this.mode = FENCE
    } else {
      this.fail('expected a JSON value', i)
    }
  }

  private begin(kind: JsonKind): void {
    this.started = true
    this.version++
    const top = this.frames[this.frames.length - 1]
    const segment = top === undefined ? undefined : top.array ? top.size : top.key
    this.listener?.begin(kind, segment)
  }

  private scanString(text: string, i: number): number {
    const n = text.length
    let start = i
    while (i < n) {
      const c = text.charCodeAt(i)
      if (this.esc !== 0) {
        if (this.esc === 1) {
          if (c === 117) {
            this.esc = 2
            this.hex = 0
          } else {
            const e = ESCAPES[c]
            if (e === undefined) this.fail('invalid escape in string', i)
            this.esc = 0
            this.append(e)
          }
        } else {
          const d = hexValue(c)
          if (d < 0) this.fail('invalid \\u escape in string', i)
          this.hex = this.hex * 16 + d
          if (++this.esc === 6) {
            this.esc = 0
            this.append(String.fromCharCode(this.hex))
          }
        }
        start = ++i
        continue
      }
      if (c === 34) {
        if (i > start) this.append(text.slice(start, i))
        this.finishString()
        return i + 1
      }
      if (c === 92) {
        if (i > start) this.append(text.slice(start, i))
        this.esc = 1
        start = ++i
        continue
      }
      if (c < 32) this.fail('control character in string', i)
      i++
    }
    if (start < n) this.append(text.slice(start, n))
    return n
  }

  /** Adds `piece` to the open string (a key or a value; a value's listener hears the piece). */
  private append(piece: string): void {
    this.str += piece
    if (this.strIsKey) return
    this.version++
    this.listener?.piece?.(piece)
  }

  private finishString(): void {
    if (!this.strIsKey) return this.complete(this.str)
    const top = this.frames[this.frames.length - 1]!
    const key = this.str
    top.key = key
    this.mode = COLON
    const fresh = !Object.prototype.hasOwnProperty.call(top.value, key)
    this.listener?.key(key, top.size + (fresh ? 1 : 0))
  }

  private finishNumber(i: number): void {
    if (!N_ACCEPTS[this.numState]) this.fail(`invalid number ${JSON.stringify(this.num)}`, i)
    this.complete(Number(this.num))
  }

  private close(): void {
    const f = this.frames.pop()!
    this.openEntries -= f.size + 1
    if (f.size > LARGE_CONTAINER) this.largeEntries -= f.size
    this.complete(f.value)
  }

  private complete(value: unknown): void {
    // No version change: a snapshot already showed this value in full (strings and numbers as
    // received, literals completed, containers with their children).
    this.listener?.end(value)
    const top = this.frames[this.frames.length - 1]
    if (top === undefined) {
      this.root = value
      this.mode = DONE
      return
    }
    if (top.array) {
      ;(top.value as unknown[]).push(value)
      this.grow(top)
    } else {
      const o = top.value as Record<string, unknown>
      if (!Object.prototype.hasOwnProperty.call(o, top.key!)) this.grow(top)
      setOwn(o, top.key!, value)
      top.key = undefined
    }
    this.mode = NEXT
  }

  private fail(message: string, i: number): never {
    this.failure = new SyntaxError(`${message} at position ${this.offset + i}`)
    throw this.failure
  }
}

