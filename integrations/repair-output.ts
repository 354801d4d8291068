/**
 * Where structured generation meets `parseModelOutput`: a response that did not parse or match
 * as sent is repaired (per the caller's `repair` setting) and handed to the output mode's own
 * `finish`, so `generateObject` and `streamObject` spend a model call only on what repair cannot
 * fix.
 */
import { parseModelOutput } from '../repair/index.ts'
import type { RepairRecord, RepairSetting } from '../repair/index.ts'
import type { OutputStrategy } from './object-output.ts'

/** The repaired value for the caller and what was changed, or undefined when repair did not help. */
export function repairResponse(strategy: OutputStrategy, text: string, setting: RepairSetting | undefined): { value: unknown; repairs: RepairRecord[] } | undefined {
  if (setting === 'none') return undefined
  let r
  try {
    r = parseModelOutput(text, strategy.repairSchema, { repairs: setting })
  } catch {
    // A schema the default kernel cannot compile (custom keywords of another kernel): no repair.
    return undefined
  }
  if (!r.success) return undefined
  const out = strategy.finish(r.value)
  return out.success ? { value: out.value, repairs: r.repairs } : undefined
}
