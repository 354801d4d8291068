/**
 * A corpus worker thread: answers `{ id, path, library }` messages with each format mode's
 * answer for that file. Runs in a thread so the parent can stop a library that takes too long
 * on one file (ajv on some large schemas) without losing the run.
 */
import { readFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { MODES, RUNNERS, dialectOf } from './libraries.ts'
import type { Answer, CorpusFile, DialectKey, FormatMode, LibraryName } from './libraries.ts'

/** A task from the parent. */
export interface Task {
  id: number
  path: string
  library: LibraryName
}

/** The reply: the file's dialect and labels, and one answer per format mode. */
export interface Reply {
  id: number
  dialect: DialectKey
  labels: boolean[]
  answers: Record<FormatMode, Answer>
}

parentPort!.on('message', async (task: Task) => {
  const file = JSON.parse(readFileSync(task.path, 'utf8')) as CorpusFile
  const answers = {} as Record<FormatMode, Answer>
  for (const mode of MODES) {
    try {
      answers[mode] = await RUNNERS[task.library](file, mode)
    } catch (e) {
      // A library throwing from validation (not from compiling) still answers for the file.
      answers[mode] = { refused: `threw while validating: ${String(e instanceof Error ? e.message : e).split('\n')[0]}` }
    }
  }
  const labels = (file.tests ?? []).map((t) => t.valid)
  parentPort!.postMessage({ id: task.id, dialect: dialectOf(file.schema), labels, answers } satisfies Reply)
})
