/**
 * One place for each thing: the sources are read (parsed, not run) to check that what the design
 * says is written once is called from one place only.
 */
import { suite } from 'uvu'
import ts from 'typescript'
import * as assert from 'uvu/assert'
import { standardKeywords } from '../plugins/index.ts'
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

pointers('only core/documents/pointer.ts spells the RFC 6901 escapes (~0, ~1) in code', () => {
  const found: string[] = []
  for (const file of ['core', 'plugins', 'regex', 'convert', 'formats', 'integrations', 'providers', 'repair', 'cli', 'struct'].flatMap(sourcesUnder)) {
    if (file === 'core/documents/pointer.ts') continue
    const source = parse(file)
    const spelled = (n: ts.Node): boolean =>
      (ts.isStringLiteralLike(n) || ts.isRegularExpressionLiteral(n) || ts.isTemplateLiteralToken(n)) && /~[01]/.test(n.text)
    for (const node of findNodes(source, spelled)) found.push(where(source, node))
  }
  assert.equal(found, [])
})

pointers.run()

const words = suite('keyword words and facts live with the keyword')

/** Names of the keywords that validate (annotations such as `default` or `title` are plain words elsewhere). */
const VALIDATING = new Set(standardKeywords.filter((d) => d.validate !== undefined).map((d) => d.keyword))
VALIDATING.add('false schema')

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])
const keywordName = (n: ts.Node): boolean => ts.isStringLiteralLike(n) && VALIDATING.has(n.text)
/** `issue.keyword`, `keyword`: where a keyword's name is held. */
const holdsKeyword = (n: ts.Node): boolean =>
  (ts.isPropertyAccessExpression(n) && n.name.text === 'keyword') || (ts.isIdentifier(n) && n.text === 'keyword')

/**
 * Places in a file that decide by a keyword's name: a comparison or `case` of a keyword-holding
 * expression with a keyword name, or a table (array literal) of two or more keyword names.
 */
function decidesByKeywordName(file: string): string[] {
  const source = parse(file)
  const found = findNodes(source, (n) => {
    if (ts.isBinaryExpression(n) && EQUALITY.has(n.operatorToken.kind)) {
      return (keywordName(n.left) && holdsKeyword(n.right)) || (keywordName(n.right) && holdsKeyword(n.left))
    }
    if (ts.isCaseClause(n) && keywordName(n.expression)) return ts.isSwitchStatement(n.parent.parent) && holdsKeyword(n.parent.parent.expression)
    if (ts.isArrayLiteralExpression(n)) return n.elements.filter(keywordName).length >= 2
    return false
  })
  return found.map((n) => where(source, n))
}

words('integrations/ and cli/ neither compare keyword names nor keep tables of them', () => {
  assert.equal(['integrations', 'cli'].flatMap(sourcesUnder).flatMap(decidesByKeywordName), [])
})

words('the check finds a comparison, a switch and a table of keyword names', () => {
  const probe = decidesByKeywordName('test/support/keyword-name-probe.ts')
  assert.equal(probe.map((w) => w.replace(/^.*:/, '')), ['5', '7', '11'])
})

words.run()
