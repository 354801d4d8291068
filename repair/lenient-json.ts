/**
 * A forgiving JSON reader for model output: reads one JSON value from `text` at `start`, fixing
 * the slips models make (comments, trailing commas, single or smart quotes, unquoted keys, Python
 * constants, raw newlines in strings, a cut-off end) and recording each fix. Hand-written rather
 * than jsonrepair because every fix must be reported by kind and path and each kind can be turned
 * off; jsonrepair returns only the repaired text.
 *
 * Iterative (an explicit stack of open containers), so deep nesting cannot overflow the call
 * stack, and each character is read a bounded number of times: linear in the text read.
 */
import { appendPointer } from '../api.ts'
import { fragment, pointerOf } from './kinds.ts'
import type { PathNode, RepairKind, RepairRecord } from './kinds.ts'
import { repairMeter } from './meter.ts'

/** The value read and where reading stopped, or why no value could be read. */
/** `cut`: the text ended inside a string value, which was closed (or, with `dropCut`, dropped). */
export type LenientResult = { ok: true; value: unknown; end: number; cut?: boolean } | { ok: false; error: SyntaxError; end: number }

/** An open container; `up` and `seg` place it in its parent. */
type Place = PathNode
type Frame = Place & ({ array: unknown[]; object?: undefined; key?: undefined } | { array?: undefined; object: Record<string, unknown>; key: string | undefined })


const CLOSE_QUOTE: Record<string, string> = { '"': '"', "'": "'", '\u201c': '\u201d', '\u201d': '\u201d', '\u2018': '\u2019', '\u2019': '\u2019', '\u201e': '\u201d' }
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', "'": "'" }
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const IDENTIFIER = /[A-Za-z_$][\w$-]*/y
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null }
const PYTHON: Record<string, unknown> = { True: true, False: false, None: null }

class Fail extends Error {}

/**
 * Reads one value from `text` starting at `start` (leading whitespace and comments allowed).
 * Fixes only the kinds `enabled` allows; every fix is pushed onto `records`. Stops right after
 * the value (`end`): the caller decides what the rest of the text is. Never throws.
 */
export function readLenient(text: string, start: number, enabled: (kind: RepairKind) => boolean, records: RepairRecord[], dropCut = false): LenientResult {
  let pos = start
  let cut = false
  const stack: Frame[] = []
  const n = text.length

  // The container being read, or its member whose value is being read.
  const path = (): string => {
    const top = stack[stack.length - 1]
    if (top === undefined) return ''
    return top.object !== undefined && top.key !== undefined ? appendPointer(pointerOf(top), top.key) : pointerOf(top)
  }
  const place = (): Place => {
    const up = stack[stack.length - 1]
    return { up, seg: up === undefined ? undefined : up.array !== undefined ? up.array.length : up.key }
  }
  const fix = (kind: RepairKind, from: string, to: string): void => {
    if (!enabled(kind)) throw new Fail(`${kind.replace(/-/g, ' ')} at position ${pos} (that repair is turned off)`)
    records.push({ kind, instancePath: path(), from: fragment(from), to: fragment(to) })
  }
  const fail = (what: string): never => {
    throw new Fail(`${what} at position ${pos}`)
  }

  const skip = (): void => {
    while (pos < n) {
      repairMeter.steps++
      const c = text.charCodeAt(pos)
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff || c === 0xa0) pos++
      else if (c === 47 /* / */ && text.charCodeAt(pos + 1) === 47) {
        let e = text.indexOf('\n', pos)
        if (e < 0) e = n
        repairMeter.steps += e - pos
        fix('comment', text.slice(pos, e), '')
        pos = e
      } else if (c === 47 && text.charCodeAt(pos + 1) === 42 /* * */) {
        let e = text.indexOf('*/', pos + 2)
        e = e < 0 ? n : e + 2
        repairMeter.steps += e - pos
        fix('comment', text.slice(pos, e), '')
        pos = e
      } else return
    }
  }

  const readString = (): string => {
    const open = text[pos]!
    const close = CLOSE_QUOTE[open]!
    const begin = pos
    pos++
    let out = ''
    let run = pos
    for (;;) {
      if (pos >= n) {
        out += text.slice(run, pos)
        cut = true
        if (!dropCut) fix('truncation', '', '"')
        return out
      }
      repairMeter.steps++
      const ch = text[pos]!
      if (ch === close || (open === '"' && ch === '"')) {
        out += text.slice(run, pos)
        pos++
        // One record per string, with the string as written and as JSON.
        if (open !== '"' || ch !== '"') fix('quote', text.slice(begin, pos), JSON.stringify(out))
        return out
      }
      if (ch === '\\') {
        out += text.slice(run, pos)
        const e = text[pos + 1]
        if (e === undefined) {
          pos++
          cut = true
          if (!dropCut) fix('truncation', '\\', '"')
          return out
        }
        if (e === 'u') {
          const hex = text.slice(pos + 2, pos + 6)
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            if (pos + 6 > n) {
              pos = n
              fix('truncation', text.slice(pos - 2), '"')
              return out
            }
            fail('bad \\u escape')
          }
          out += String.fromCharCode(parseInt(hex, 16))
          pos += 6
        } else if (e in ESCAPES && (e !== "'" || open !== '"')) {
          out += ESCAPES[e]
          pos += 2
        } else fail(`bad escape \\${e}`)
        run = pos
        continue
      }
      const c = ch.charCodeAt(0)
      if (c < 0x20) {
        if (c === 10 || c === 13 || c === 9) fix('newline-in-string', ch, c === 10 ? '\\n' : c === 13 ? '\\r' : '\\t')
        else fail('control character in string')
      }
      pos++
    }
  }

  /** The value's end was cut off by the end of the text: drop a member whose value is missing. */
  const truncatedValue = (): void => {
    const top = stack[stack.length - 1]
    if (top?.object !== undefined && top.key !== undefined) {
      fix('truncation', JSON.stringify(top.key) + ':', '')
      top.key = undefined
    }
  }

  const closeAll = (): unknown => {
    let closers = ''
    for (let i = stack.length - 1; i >= 0; i--) closers += stack[i]!.array !== undefined ? ']' : '}'
    fix('truncation', '', closers)
    // Containers join their parents only when closed: attach the open ones, innermost first.
    for (let i = stack.length - 1; i > 0; i--) {
      const child = stack[i]!
      const parent = stack[i - 1]!
      const v = child.array ?? child.object
      if (parent.array !== undefined) parent.array.push(v)
      else Object.defineProperty(parent.object, parent.key!, { value: v, enumerable: true, writable: true, configurable: true })
    }
    return stack[0]!.array ?? stack[0]!.object
  }

  try {
    // Each turn reads one scalar or opens or closes one container.
    let value: unknown
    let have = false
    for (;;) {
      repairMeter.steps++
      if (have) {
        have = false
        const top = stack[stack.length - 1]
        if (top === undefined) return { ok: true, value, end: pos, cut }
        if (top.array !== undefined) top.array.push(value)
        else {
          // defineProperty keeps a `__proto__` key an own property, as JSON.parse does.
          Object.defineProperty(top.object, top.key!, { value, enumerable: true, writable: true, configurable: true })
          top.key = undefined
        }
        // After a member: a comma, a closer, or the end.
        skip()
        if (pos >= n) return { ok: true, value: closeAll(), end: n, cut }
        const c = text[pos]
        if (c === ',') {
          const comma = pos
          pos++
          skip()
          const d = text[pos]
          if (d === ']' || d === '}') {
            const after = pos
            pos = comma
            fix('trailing-comma', ',', '')
            pos = after
          } else if (pos >= n) {
            return { ok: true, value: closeAll(), end: n }
          } else {
            if (top.object !== undefined) readKey(top)
            continue
          }
        }
        const d = text[pos]
        if ((d === ']' && top.array !== undefined) || (d === '}' && top.object !== undefined)) {
          pos++
          stack.pop()
          value = top.array ?? top.object
          have = true
          continue
        }
        fail(`expected ',' or '${top.array !== undefined ? ']' : '}'}'`)
      }
      // A value.
      skip()
      if (pos >= n) {
        if (stack.length === 0) fail('no JSON value')
        truncatedValue()
        return { ok: true, value: closeAll(), end: n }
      }
      const c = text[pos]!
      if (c === '{') {
        pos++
        const frame: Frame = { ...place(), object: {}, key: undefined }
        stack.push(frame)
        skip()
        if (text[pos] === '}') {
          pos++
          stack.pop()
          value = frame.object
          have = true
        } else if (pos >= n) return { ok: true, value: closeAll(), end: n }
        else readKey(frame)
        continue
      }
      if (c === '[') {
        pos++
        const frame: Frame = { ...place(), array: [] }
        stack.push(frame)
        skip()
        if (text[pos] === ']') {
          pos++
          stack.pop()
          value = frame.array
          have = true
        } else if (pos >= n) return { ok: true, value: closeAll(), end: n }
        continue
      }
      if (c in CLOSE_QUOTE) {
        value = readString()
        if (cut && dropCut && stack.length > 0) {
          // The schema may not allow the cut-off string: its member goes instead.
          fix('truncation', fragment(String(value)), '')
          truncatedValue()
          return { ok: true, value: closeAll(), end: n, cut }
        }
        have = true
        continue
      }
      NUMBER.lastIndex = pos
      const num = NUMBER.exec(text)
      if (num !== null) {
        let end = pos + num[0].length
        // `1.` or `2e` cut off by the end of the text: the digits read so far.
        if (end < n && /[.eE]/.test(text[end]!) && /^[.eE][+-]?$/.test(text.slice(end, n))) {
          pos = end
          fix('truncation', text.slice(end), '')
          end = n
        }
        value = Number(num[0])
        pos = end
        have = true
        continue
      }
      IDENTIFIER.lastIndex = pos
      const word = IDENTIFIER.exec(text)?.[0]
      if (word !== undefined) {
        if (Object.hasOwn(LITERALS, word)) value = LITERALS[word]
        else if (Object.hasOwn(PYTHON, word)) {
          fix('python-constant', word, String(PYTHON[word]))
          value = PYTHON[word]
        } else if (pos + word.length === n && stack.length > 0 && /^(t|tr|tru|f|fa|fal|fals|n|nu|nul)$/.test(word)) {
          // A literal cut off by the end of the text: its member goes, the containers close.
          pos = n
          fix('truncation', word, '')
          truncatedValue()
          return { ok: true, value: closeAll(), end: n }
        } else fail(`unexpected word ${JSON.stringify(fragment(word))}`)
        pos += word.length
        have = true
        continue
      }
      if (c === '-' && pos + 1 === n && stack.length > 0) {
        pos = n
        fix('truncation', '-', '')
        truncatedValue()
        return { ok: true, value: closeAll(), end: n }
      }
      fail(`unexpected ${JSON.stringify(c)}`)
    }
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: new SyntaxError(e.message), end: pos }
    // Anything else is a bug in this reader; bad input must not surface as a throw.
    return { ok: false, error: new SyntaxError(`could not read the JSON (${(e as Error).message})`), end: pos }
  }

  /** Reads a member's key and its colon into `frame.key`; at the end of the text, leaves it unset. */
  function readKey(frame: Frame & { object: Record<string, unknown> }): void {
    skip()
    if (pos >= n) return
    const c = text[pos]!
    let key: string
    if (c in CLOSE_QUOTE) key = readString()
    else {
      IDENTIFIER.lastIndex = pos
      const word = IDENTIFIER.exec(text)?.[0]
      if (word === undefined) return fail(`expected a property name`)
      fix('unquoted-key', word, JSON.stringify(word))
      key = word
      pos += word.length
    }
    skip()
    if (pos >= n) {
      fix('truncation', JSON.stringify(key), '')
      return
    }
    if (text[pos] !== ':') fail(`expected ':' after property name`)
    pos++
    frame.key = key
  }
}
