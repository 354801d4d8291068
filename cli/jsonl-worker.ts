/**
 * A JSON Lines worker thread: builds the validator once from `workerData`, then reports each
 * batch of lines it is sent, exactly as the main thread would (`reportLines`).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { buildValidator, loadModelRenderer, reportLines } from './report.ts'
import type { ReportSettings, ValidatorSpec } from './report.ts'

const { spec, settings, file } = workerData as { spec: ValidatorSpec; settings: ReportSettings; file: string }
const validator = buildValidator(spec)
if (settings.output === 'model') await loadModelRenderer()

parentPort!.on('message', (m: { id: number; first: number; lines: string[] }) => {
  parentPort!.postMessage({ id: m.id, ...reportLines(validator, file, m.first, m.lines, settings) })
})
