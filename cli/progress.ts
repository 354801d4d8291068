/**
 * A one-line progress bar on a terminal stream (the command line draws it on stderr only when
 * stderr is a terminal). Redraws in place with `\r`; `done()` clears the line.
 */

/** A progress bar over `total` bytes. */
export class Progress {
  private last = ''
  private readonly started = Date.now()

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly total: number,
    private readonly label: string,
  ) {}

  /** Redraws for `done` bytes (only when the text changes). */
  update(done: number): void {
    const ratio = this.total > 0 ? Math.min(1, done / this.total) : 1
    const width = 30
    const filled = Math.round(ratio * width)
    const seconds = (Date.now() - this.started) / 1000
    const rate = seconds > 0 ? done / 1e6 / seconds : 0
    const line = `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${rate.toFixed(1)} MB/s`
    if (line === this.last) return
    this.last = line
    this.stream.write(`\r${line}`)
  }

  /** Clears the bar. */
  done(): void {
    if (this.last !== '') this.stream.write(`\r${' '.repeat(this.last.length)}\r`)
    this.last = ''
  }
}
