/**
 * One place for each thing: the sources are read (parsed, not run) to check that what the design
 * says is written once is called from one place only.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { calleeName, findNodes, parse, sourcesUnder, where } from './support/sources.ts'

const applyThenValidate = suite('apply defaults, then validate')

applyThenValidate('applyDefaults is called from one place in core/, integrations/ and the tools built on them', () => {
  const calls: string[] = []
  for (const file of ['core', 'integrations', 'providers', 'repair', 'cli'].flatMap(sourcesUnder)) {
    const source = parse(file)
    for (const node of findNodes(source, (n) => calleeName(n) === 'applyDefaults')) calls.push(where(source, node))
  }
  assert.equal(calls.length, 1, `applyDefaults( is called at ${calls.join(', ')}`)
  assert.match(calls[0]!, /^core\/apply-then-validate\.ts:/)
})

applyThenValidate.run()
