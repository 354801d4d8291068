/**
 * The layering of the sources, read from their imports (TypeScript's parser, see
 * support/imports.ts): the interpreter in core/ knows nothing of the generated tier above it,
 * core/ has no value-import cycle, and the outer folders reach the core only through its entries.
 * Each rule is also run on the real graph plus one violating import, to show it can fail.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fileURLToPath } from 'node:url'
import { cycles, importGraph } from './support/imports.ts'
import type { ImportEdge } from './support/imports.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const graph = importGraph(root)
const test = suite('architecture')

const inCore = (p: string) => p.startsWith('core/')
const generatedTier = (p: string) => p.startsWith('core/generated/')
/**
 * core/ files that are not the interpreter: the kernel (it injects the generated tier into its
 * validators), the plugin-facing entry (it exports the code builder) and the plugin contract
 * (`KeywordDefinition.emit` names the emit context's types).
 */
const WIRING = new Set(['core/kernel.ts', 'core/index.ts', 'core/types.ts'])
const interpreter = (p: string) => inCore(p) && !generatedTier(p) && !WIRING.has(p)
const show = (e: ImportEdge) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`

type Rule = (edges: readonly ImportEdge[]) => string[]

/** (1) No cycle of value imports among core/ files (type-only imports are erased). */
const noCoreValueCycle: Rule = (edges) =>
  cycles(edges.filter((e) => !e.typeOnly && !e.external && inCore(e.from) && inCore(e.to))).map((c) => c.join(' <-> '))

/** (2) The interpreter imports nothing from the generated tier, not even types. */
const interpreterBelowGenerated: Rule = (edges) => edges.filter((e) => interpreter(e.from) && generatedTier(e.to)).map(show)

/** (3a) Plugins, and the libraries beside them (regex engines, converters, format checkers), reach the core through core/index.ts alone. */
const BESIDE_CORE = ['plugins/', 'regex/', 'convert/', 'formats/']
const pluginsThroughCoreIndex: Rule = (edges) =>
  edges.filter((e) => BESIDE_CORE.some((p) => e.from.startsWith(p)) && inCore(e.to) && e.to !== 'core/index.ts').map(show)

/** (3b) Only core/hooks.ts imports tapable. */
const tapableInHooksOnly: Rule = (edges) => edges.filter((e) => e.to === 'tapable' && e.from !== 'core/hooks.ts').map(show)

/**
 * (3c) Integrations, the CLI, providers and repair reach the core only through api.ts or the
 * public entry (struct/ derives schemas and, like a plugin, uses core/index.ts).
 */
const OUTER = ['integrations/', 'cli/', 'providers/', 'repair/']
const outerThroughApi: Rule = (edges) =>
  edges
    .filter((e) => (OUTER.some((o) => e.from.startsWith(o)) && inCore(e.to)) || (e.from.startsWith('struct/') && inCore(e.to) && e.to !== 'core/index.ts'))
    .map(show)

const rules: [string, Rule, ImportEdge][] = [
  ['no value-import cycle in core/', noCoreValueCycle, { from: 'core/run.ts', to: 'core/driver.ts', external: false, typeOnly: false }],
  ['the interpreter imports nothing from core/generated/', interpreterBelowGenerated, { from: 'core/run.ts', to: 'core/generated/emit.ts', external: false, typeOnly: true }],
  ['plugins/, regex/, convert/, formats/ import core/index.ts only', pluginsThroughCoreIndex, { from: 'plugins/index.ts', to: 'core/node.ts', external: false, typeOnly: true }],
  ['only core/hooks.ts imports tapable', tapableInHooksOnly, { from: 'core/validator.ts', to: 'tapable', external: true, typeOnly: false }],
  ['integrations/, cli/, providers/, repair/ go through api.ts', outerThroughApi, { from: 'cli/render.ts', to: 'core/words.ts', external: false, typeOnly: false }],
]

test('the import reader sees the graph (files, value and type imports, packages)', () => {
  const files = new Set(graph.map((e) => e.from))
  assert.ok(files.has('core/run.ts') && files.has('plugins/index.ts') && files.has('integrations/index.ts') && files.has('cli/main.ts'))
  // The cycle rule's violation below turns this import into a value cycle (run.ts -> driver.ts).
  assert.ok(graph.some((e) => e.from === 'core/driver.ts' && e.to === 'core/run.ts' && !e.typeOnly), 'a value import')
  assert.ok(graph.some((e) => e.from === 'core/run.ts' && e.to === 'core/driver.ts' && e.typeOnly), 'a type-only import')
  assert.ok(graph.some((e) => e.from === 'core/hooks.ts' && e.to === 'tapable' && e.external), 'a package import')
})

for (const [name, rule, violation] of rules) {
  test(name, () => {
    assert.equal(rule(graph), [])
    // The same rule over the graph with one violating import added must catch it.
    assert.ok(rule([...graph, violation]).length > 0, `${name}: the rule catches ${show(violation)}`)
  })
}

test.run()
