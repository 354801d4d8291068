/**
 * Reading JSON files for the command line. The happy path is `JSON.parse`; only on a syntax
 * error does `parse-json` (a maintained parser wrapper) build the message, and the error's line
 * and column come from its position or, where Node 20 gives none ("Unexpected token", "Unexpected
 * end"), from a small scan that finds where the text stops being JSON.
 */
import { readFile } from 'node:fs/promises'
import parseJson from 'parse-json'

/** A failure the command line reports in one line (plus detail) and exits with `code` for. */
export class CliError extends Error {
  override name = 'CliError'
  constructor(
    message: string,
    /** 2: usage, unreadable file, malformed schema; 1: the data is not valid. */
    readonly code: 1 | 2 = 2,
  ) {
    super(message)
  }
}

/** A JSON syntax error with its place (1-based line and column). */
export class JsonSyntaxError extends CliError {
  override name = 'JsonSyntaxError'
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    readonly frame: string,
  ) {
    super(`${file}:${line}:${column}: invalid JSON: ${reason}${frame === '' ? '' : `\n${frame}`}`)
  }
}

const WS = new Set([' ', '\t', '\n', '\r'])

/** Offset of the first character where `text` stops being one JSON value (its length when it ends early). */
export function syntaxErrorOffset(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && WS.has(text[i]!)) i++
  }
  const fail = (): never => {
    throw i
  }
  const literal = (word: string) => {
    for (const c of word) if (text[i++] !== c) (i--, fail())
  }
  const string = () => {
    i++
    for (;;) {
      if (i >= text.length) fail()
      const c = text[i]!
      if (c === '"') return void i++
      if (c < ' ') fail()
      if (c === '\\') {
        i++
        if (text[i] === 'u') {
          i++
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail()
          continue
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail()
      }
      i++
    }
  }
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400))
    if (m === null) fail()
    i += m![0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        string()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === '}') return void i++
        if (text[i] !== ',') fail()
        i++
      }
    }
    if (c === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value()
        ws()
        if (text[i] === ']') return void i++
        if (text[i] !== ',') fail()
        i++
      }
    }
    if (c === '"') return string()
    if (c === 't') return literal('true')
    if (c === 'f') return literal('false')
    if (c === 'n') return literal('null')
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number()
    fail()
  }
  try {
    value()
    ws()
    return i < text.length ? i : -1
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length)
    // Too deep for a recursive scan: point at the start rather than guess.
    return 0
  }
}

/** 1-based line and column of an offset (columns count UTF-16 units, as editors mostly do). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let start = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    start = i + 1
  }
  return { line, column: offset - start + 1 }
}

/** Two lines of context and a caret under the column. */
function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split('\n')
  const width = String(line).length
  const out: string[] = []
  for (let n = Math.max(1, line - 1); n <= line; n++) {
    const src = (lines[n - 1] ?? '').replace(/\r$/, '')
    const shown = src.length > 120 ? src.slice(Math.max(0, column - 60), Math.max(0, column - 60) + 120) : src
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${shown}`)
  }
  const caretAt = (lines[line - 1] ?? '').length > 120 ? Math.min(column, 60) : column
  out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, caretAt - 1))}^`)
  return out.join('\n')
}

/** Parses JSON text; on a syntax error throws `JsonSyntaxError` naming `file`, line and column. */
export function parseJsonText(text: string, file: string, lineOffset = 0): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // Error path only from here.
  }
  let reason = 'not valid JSON'
  try {
    parseJson(text)
  } catch (e) {
    reason = (e as Error).message
      .split('\n')[0]!
      .replace(/ (in JSON )?at position \d+.*$/, '')
      .replace(/^(Unexpected token "[^"]*")\(\\u\{[0-9a-f]+\}\), .*$/, '$1')
  }
  const offset = syntaxErrorOffset(text)
  const { line, column } = lineColumn(text, Math.max(0, offset))
  const frame = lineOffset === 0 ? codeFrame(text, line, column) : ''
  return thrown(new JsonSyntaxError(file, line + lineOffset, column, reason, frame))
}

function thrown(e: Error): never {
  throw e
}

/** The `CliError` (exit 2) for a file that cannot be read, in words. */
export function unreadable(file: string, e: unknown): CliError {
  const code = (e as NodeJS.ErrnoException).code
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message
  return new CliError(`cannot read ${file}: ${why}`)
}

/**
 * Reads a file as UTF-8, without a byte order mark at the start (which editors on Windows write
 * and JSON does not allow); a `CliError` (exit 2) names the file and the reason when it cannot.
 */
export async function readText(file: string): Promise<string> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (e) {
    throw unreadable(file, e)
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** Reads and parses a JSON file (`JsonSyntaxError` or `CliError` when it cannot). */
export async function readJson(file: string): Promise<unknown> {
  return parseJsonText(await readText(file), file)
}
