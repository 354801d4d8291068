/**
 * JSON Lines (NDJSON) streamed in constant memory: `node:readline` over a file stream, one line
 * at a time, output written as it is produced (waiting for `drain`). With `jobs > 1`, batches of
 * lines go to worker threads, a bounded number in flight, and their output is written in input
 * order. Memory stays flat whatever the file size: nothing holds more than a few batches.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { JSONSchemaValidator } from '../api.ts'
import { unreadable } from './json-io.ts'
import { Progress } from './progress.ts'
import { reportLines } from './report.ts'
import type { Printed, ReportSettings, ValidatorSpec } from './report.ts'

/** Where output goes; `write` resolves once the streams can take more. */
export interface Sink {
  /** `invalid`: how many invalid documents the text reports. */
  write(out: string, err: string, invalid?: number): Promise<void>
  /** Progress bars draw here (stderr, only when it is a terminal). */
  progress: NodeJS.WriteStream | null
}

/** Counts of one JSON Lines file and how fast it went. */
export interface JsonlSummary {
  lines: number
  valid: number
  invalid: number
  bytes: number
  seconds: number
}

const BATCH_LINES = 1000
const BATCH_CHARS = 1 << 20

interface Batch {
  first: number
  lines: string[]
  chars: number
}

/** A pool of workers that each built the validator; batches go round robin, results by id. */
class Pool {
  private readonly workers: Worker[] = []
  private readonly waiting = new Map<number, { resolve(p: Printed): void; reject(e: Error): void }>()
  private next = 0
  private id = 0
  private broken: Error | null = null
  private closing = false

  constructor(jobs: number, spec: ValidatorSpec, settings: ReportSettings, file: string) {
    const here = fileURLToPath(import.meta.url)
    const url = new URL(`./jsonl-worker${extname(here)}`, import.meta.url)
    for (let i = 0; i < jobs; i++) {
      const w = new Worker(url, { workerData: { spec, settings, file } })
      w.on('message', (m: Printed & { id: number }) => {
        this.waiting.get(m.id)?.resolve(m)
        this.waiting.delete(m.id)
      })
      w.on('error', (e) => this.failAll(e))
      w.on('exit', (code) => {
        if (!this.closing) this.failAll(new Error(`a JSON Lines worker stopped (exit code ${code})`))
      })
      this.workers.push(w)
    }
  }

  private failAll(e: Error): void {
    this.broken ??= e
    for (const w of this.waiting.values()) w.reject(e)
    this.waiting.clear()
  }

  run(batch: Batch): Promise<Printed> {
    if (this.broken !== null) return Promise.reject(this.broken)
    const id = this.id++
    const worker = this.workers[this.next++ % this.workers.length]!
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      worker.postMessage({ id, first: batch.first, lines: batch.lines })
    })
  }

  async close(): Promise<void> {
    this.closing = true
    await Promise.all(this.workers.map((w) => w.terminate()))
  }
}

/**
 * Validates every line of `file`. `validator` serves the single-threaded path; `spec` is what
 * workers rebuild it from. Throws `CliError` when the file cannot be read.
 */
export async function validateJsonl(
  file: string,
  validator: JSONSchemaValidator,
  spec: ValidatorSpec,
  settings: ReportSettings,
  jobs: number,
  sink: Sink,
): Promise<JsonlSummary> {
  let size: number
  try {
    size = (await stat(file)).size
  } catch (e) {
    throw unreadable(file, e)
  }
  const started = process.hrtime.bigint()
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 })
  const failed = new Promise<never>((_, reject) => stream.on('error', (e) => reject(unreadable(file, e))))
  failed.catch(() => undefined)
  const progress = sink.progress !== null && size > 1 << 20 ? new Progress(sink.progress, size, file) : null
  progress?.update(0)
  const timer = progress === null ? null : setInterval(() => progress.update(stream.bytesRead), 100)
  timer?.unref()
  const pool = jobs > 1 ? new Pool(jobs, spec, settings, file) : null
  const pending: Promise<Printed>[] = []
  const summary = { lines: 0, valid: 0, invalid: 0 }
  const take = async (p: Printed) => {
    summary.valid += p.valid
    summary.invalid += p.invalid
    if (p.out !== '' || p.err !== '') await sink.write(p.out, p.err, p.invalid)
  }
  let batch: Batch = { first: 1, lines: [], chars: 0 }
  const flush = async () => {
    if (batch.lines.length > 0) {
      if (pool === null) await take(reportLines(validator, file, batch.first, batch.lines, settings))
      else pending.push(pool.run(batch))
    }
    batch = { first: summary.lines + 1, lines: [], chars: 0 }
    while (pending.length >= 2 * jobs || (pending.length > 0 && pool === null)) await take(await pending.shift()!)
  }
  try {
    await Promise.race([
      failed,
      (async () => {
        for await (const lines of jsonLines(stream)) {
          for (const line of lines) {
            summary.lines++
            batch.lines.push(line)
            batch.chars += line.length
            if (batch.lines.length >= BATCH_LINES || batch.chars >= BATCH_CHARS) await flush()
          }
        }
      })(),
    ])
    await flush()
    while (pending.length > 0) await take(await pending.shift()!)
  } finally {
    stream.destroy()
    if (timer !== null) clearInterval(timer)
    progress?.done()
    await pool?.close()
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  return { ...summary, bytes: stream.bytesRead, seconds }
}

/**
 * The lines of a JSON Lines text, a chunk's worth at a time: split at `\n` only (a `\r` before
 * it is dropped), as JSON Lines defines them, so a bare `\r` (JSON white space) stays inside its
 * record; a UTF-8 byte order mark at the start is dropped. A line that spans chunks is joined
 * once, so a long line costs time linear in its length.
 */
export async function* jsonLines(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  const pending: string[] = []
  let first = true
  const line = (text: string) => {
    let t = text.endsWith('\r') ? text.slice(0, -1) : text
    if (first) {
      first = false
      if (t.charCodeAt(0) === 0xfeff) t = t.slice(1)
    }
    return t
  }
  for await (const chunk of chunks) {
    const out: string[] = []
    let start = 0
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', start)) {
      pending.push(chunk.slice(start, i))
      out.push(line(pending.length === 1 ? pending[0]! : pending.join('')))
      pending.length = 0
      start = i + 1
    }
    if (start < chunk.length) pending.push(start === 0 ? chunk : chunk.slice(start))
    if (out.length > 0) yield out
  }
  if (pending.length > 0) yield [line(pending.join(''))]
}

/** One summary line: counts, size, time and throughput. */
export function describeSummary(file: string, s: JsonlSummary): string {
  const mb = s.bytes / 1e6
  const rate = s.seconds > 0 ? mb / s.seconds : 0
  return `${file}: ${s.lines} lines, ${s.valid} valid, ${s.invalid} invalid; ${mb.toFixed(1)} MB in ${s.seconds.toFixed(2)} s (${rate.toFixed(1)} MB/s)`
}
