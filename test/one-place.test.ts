/**
 * One place for each thing: the sources are read (parsed, not run) to check that what the design
 * says is written once is called from one place only.
 */
import { suite } from 'uvu'
import ts from 'typescript'
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

const pointers = suite('JSON Pointers')

pointers('only core/pointer.ts spells the RFC 6901 escapes (~0, ~1) in code', () => {
  const found: string[] = []
  for (const file of ['core', 'plugins', 'integrations', 'providers', 'repair', 'cli', 'struct'].flatMap(sourcesUnder)) {
    if (file === 'core/pointer.ts') continue
    const source = parse(file)
    const spelled = (n: ts.Node): boolean =>
      (ts.isStringLiteralLike(n) || ts.isRegularExpressionLiteral(n) || ts.isTemplateLiteralToken(n)) && /~[01]/.test(n.text)
    for (const node of findNodes(source, spelled)) found.push(where(source, node))
  }
  assert.equal(found, [])
})

pointers.run()
