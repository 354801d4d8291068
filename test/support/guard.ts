/**
 * A hang guard for suites whose subject could loop forever or overflow the stack (reference
 * cycles, deep data, data that contains itself).
 *
 * `guardedSuite(import.meta.url, name)` is used like a uvu `suite`. In the uvu process it
 * registers one uvu test per call, and the first of them starts a worker (a child process) that
 * loads the same test file and runs that suite's test bodies there, in order, reporting each
 * result. A test that does not report within `timeoutMs` fails as a hang; the worker is killed
 * and a fresh one picks up at the next test, so one hang costs one test, not the run. A worker
 * that dies (out of memory, a crash) fails the test it was running, the same way.
 *
 * A child process rather than a worker thread: a thread gets a 4 MB stack whatever
 * `resourceLimits.stackSizeMB` says (Node 20), four times a main thread's, which would hide the
 * stack-depth problems these suites look for. A child's main thread is what callers have.
 *
 * Test bodies run only in the worker: keep expensive set-up inside them, not at module level.
 */
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import { Assertion, unreachable } from 'uvu/assert'

type Body = () => void | Promise<void>

export interface GuardOptions {
  /** How long one test may run before it counts as a hang. At least (and by default) 60 s. */
  timeoutMs?: number
  /** How long a worker may take to load the test file. Default 60 s. */
  startupMs?: number
}

export interface GuardedSuite {
  /** Registers a test; `body` runs in the worker. */
  (title: string, body: Body): void
  /** Queues the suite with uvu (main thread) or runs its bodies (worker). */
  run(): void
}

interface Report {
  index: number
  ok: boolean
  name?: string
  message?: string
  stack?: string
  details?: string
  operator?: string
}

type FromWorker = { type: 'start'; index: number } | ({ type: 'done' } & Report) | { type: 'end' }

interface Job {
  file: string
  suite: string
  from: number
}

const JOB_VARIABLE = 'SCHEMAVET_TEST_GUARD_JOB'
/**
 * Loaded in the worker before the test file: uvu queues the file's plain suites (as under its
 * CLI) instead of running them, so the worker runs only this suite's bodies and never prints a
 * summary of its own into the parent's output.
 */
const QUEUE_ONLY = `data:text/javascript,${encodeURIComponent('globalThis.UVU_DEFER = 1; globalThis.UVU_QUEUE = [[null]]')}`
const job: Job | undefined = process.env[JOB_VARIABLE] ? (JSON.parse(process.env[JOB_VARIABLE]) as Job) : undefined

/** A uvu-like suite whose bodies run in a worker with a per-test timeout. */
export function guardedSuite(file: string, name: string, options: GuardOptions = {}): GuardedSuite {
  if (job !== undefined) return workerSide(name, job)
  return mainSide(file, name, options)
}

function workerSide(name: string, job: Job): GuardedSuite {
  const bodies: Body[] = []
  const register = ((_title: string, body: Body) => {
    bodies.push(body)
  }) as GuardedSuite
  register.run = () => {
    if (name !== job.suite) return
    // After the module finished loading, so helpers declared below the suite exist.
    setImmediate(() => void runBodies(bodies, job.from))
  }
  return register
}

async function runBodies(bodies: Body[], from: number): Promise<void> {
  const send = (m: FromWorker) => process.send!(m)
  for (let index = from; index < bodies.length; index++) {
    send({ type: 'start', index } satisfies FromWorker)
    let report: Report
    try {
      await bodies[index]!()
      report = { index, ok: true }
    } catch (e) {
      report = describeFailure(index, e)
    }
    send({ type: 'done', ...report } satisfies FromWorker)
  }
  send({ type: 'end' } satisfies FromWorker)
}

/** Only strings cross the thread boundary: a failing value may be too deep or cyclic to clone. */
function describeFailure(index: number, e: unknown): Report {
  if (!(e instanceof Error)) return { index, ok: false, name: 'Error', message: `threw a non-Error: ${safeString(e)}` }
  const a = e as Error & { details?: unknown; operator?: unknown }
  return {
    index,
    ok: false,
    name: e.name,
    message: e.message,
    stack: e.stack ?? '',
    details: typeof a.details === 'string' ? a.details : undefined,
    operator: typeof a.operator === 'string' ? a.operator : undefined,
  }
}

function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return typeof value
  }
}

interface Deferred {
  promise: Promise<void>
  resolve(): void
  reject(e: Error): void
}

function deferred(): Deferred {
  let resolve!: () => void
  let reject!: (e: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  // A result may arrive (and fail) before its uvu test awaits it.
  promise.catch(() => {})
  return { promise, resolve, reject }
}

function mainSide(file: string, name: string, options: GuardOptions): GuardedSuite {
  // A watchdog for hangs only: never less than 60 s, so a busy machine cannot trip it.
  const timeoutMs = Math.max(60_000, options.timeoutMs ?? 0)
  const startupMs = options.startupMs ?? 60_000
  const uvu = suite(name)
  const titles: string[] = []
  const results = new Map<number, Deferred>()
  const resultOf = (index: number): Deferred => {
    let d = results.get(index)
    if (d === undefined) results.set(index, (d = deferred()))
    return d
  }
  let worker: ChildProcess | null = null
  let running = -1
  let timer: NodeJS.Timeout | undefined

  const stop = (reason: (index: number) => Error) => {
    clearTimeout(timer)
    const w = worker
    worker = null
    // The tests after this one get a fresh worker when their turn comes.
    if (running >= 0) resultOf(running).reject(reason(running))
    running = -1
    w?.kill('SIGKILL')
  }
  const arm = (ms: number, what: () => string) => {
    clearTimeout(timer)
    timer = setTimeout(() => stop(() => new Error(what())), ms)
  }

  const spawn = (from: number) => {
    // The parent's execArgv carries the TypeScript loader (`--import tsx`).
    const w = fork(fileURLToPath(file), [], {
      execArgv: [...process.execArgv, '--max-old-space-size=2048', '--import', QUEUE_ONLY],
      env: { ...process.env, [JOB_VARIABLE]: JSON.stringify({ file, suite: name, from } satisfies Job) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    worker = w
    running = from
    arm(startupMs, () => `the worker did not load ${file} within ${startupMs} ms`)
    w.on('message', (m: FromWorker) => {
      if (worker !== w) return
      if (m.type === 'start') {
        running = m.index
        arm(timeoutMs, () => `timed out: "${titles[m.index]}" did not finish within ${timeoutMs} ms (a hang?)`)
      } else if (m.type === 'done') {
        clearTimeout(timer)
        running = -1
        settle(resultOf(m.index), m)
      } else {
        clearTimeout(timer)
        worker = null
        w.kill('SIGKILL')
      }
    })
    w.on('error', (e) => {
      if (worker === w) stop(() => e)
    })
    w.on('exit', (code, signal) => {
      if (worker === w) stop((i) => new Error(`the worker exited (${signal ?? `code ${code}`}) while running "${titles[i]}"`))
    })
  }

  const register = ((title: string, _body: Body) => {
    const index = titles.length
    titles.push(title)
    uvu(title, async () => {
      if (!results.has(index) && worker === null) spawn(index)
      await resultOf(index).promise
    })
  }) as GuardedSuite
  register.run = () => {
    if (new Set(titles).size !== titles.length) throw new Error(`guardedSuite "${name}": test titles must be unique`)
    uvu.run()
  }
  return register
}

function settle(d: Deferred, r: Report): void {
  if (r.ok) return d.resolve()
  const error =
    r.name === 'Assertion'
      ? new Assertion({ message: r.message ?? '', details: r.details, operator: r.operator ?? '', expects: undefined, actual: undefined })
      : Object.assign(new Error(r.message), { name: r.name ?? 'Error' })
  error.stack = `${r.name}: ${r.message}\n${(r.stack ?? '').split('\n').slice(1).join('\n')}`
  d.reject(error)
}

/** Runs `fn`, which must throw; returns what it threw. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (e) {
    return e
  }
  unreachable('expected a throw')
  return undefined
}
