/**
 * The layering of the sources, read from their imports (TypeScript's parser, see
 * support/imports.ts): core/ stands in stage folders with a declared order, an import goes only to
 * its own folder or a lower one (type imports included), no circle crosses two folders, a circle
 * inside a folder is one of the declared families, the top of core/ stays small, core/ has no
 * value-import cycle, and the outer folders reach the core only through its entries.
 * Each rule is also run on the real graph plus one violating import (or file), to show it can fail.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cycles, importGraph, sourceFiles } from './support/imports.ts'
import type { ImportEdge } from './support/imports.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const graph = importGraph(root)
const test = suite('architecture')

const inCore = (p: string) => p.startsWith('core/')
const show = (e: ImportEdge) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`

/**
 * The stage folders of core/, from the bottom up; the top of core/ itself stands above them all.
 * A folder not listed here is a violation, so a new stage is placed in the order when it is made.
 */
const STAGES = ['contract', 'documents', 'evaluator', 'compiler', 'codegen', 'results']
const TOP = STAGES.length
/** At most this many source files stand directly in core/. */
const TOP_LIMIT = 12
/**
 * The circles allowed inside one folder (type imports included), each a family of files that are
 * one thing split for reading. Any other circle, inside a folder or across folders, fails.
 */
const FAMILIES = [
  // the plugin contract's types name each other
  ['core/contract/emit.ts', 'core/contract/keyword-contract.ts', 'core/contract/types.ts'],
  // the interpreter: a run evaluates nodes, nodes call back into the run, the driver schedules runs
  ['core/evaluator/accelerator.ts', 'core/evaluator/driver.ts', 'core/evaluator/node.ts', 'core/evaluator/pass.ts', 'core/evaluator/run-variants.ts', 'core/evaluator/run.ts', 'core/evaluator/traversal.ts'],
  // the compile hands each keyword a context that calls back into it for subschemas
  ['core/compiler/compile.ts', 'core/compiler/keyword-context.ts'],
  // the kernel, the validators it makes, and apply-then-validate over both
  ['core/apply-then-validate.ts', 'core/kernel.ts', 'core/validator.ts'],
].map((f) => f.slice().sort().join(' '))

/** The folder of a core/ file under core/ ('' for the top), or undefined outside core/. */
function folderOf(p: string): string | undefined {
  if (!inCore(p)) return undefined
  const rest = p.slice('core/'.length)
  const slash = rest.indexOf('/')
  return slash < 0 ? '' : rest.slice(0, slash)
}
/** The rank of a core/ file's folder: its place in STAGES, TOP for the top, -1 for an undeclared folder. */
function rankOf(p: string): number {
  const f = folderOf(p)
  return f === '' ? TOP : STAGES.indexOf(f!)
}
const coreEdges = (edges: readonly ImportEdge[]) => edges.filter((e) => !e.external && inCore(e.from) && inCore(e.to))

type Rule = (edges: readonly ImportEdge[]) => string[]

/** (1) Every core/ file stands at the top or in a declared stage folder, and no folder is named `generated`. */
const declaredFolders: Rule = (edges) => {
  const files = new Set(edges.flatMap((e) => [e.from, e.to]).filter(inCore))
  return [...files].filter((f) => rankOf(f) < 0 || f.split('/').includes('generated')).sort()
}

/** (2) An import (type imports included) goes to its own folder or a lower one. */
const importsGoDown: Rule = (edges) => coreEdges(edges).filter((e) => rankOf(e.to) > rankOf(e.from)).map(show)

/** (3) No circle of imports crosses two folders (the folders' own graph has no cycle). */
const noCircleAcrossFolders: Rule = (edges) => {
  const between = coreEdges(edges)
    .map((e) => ({ from: folderOf(e.from)!, to: folderOf(e.to)! }))
    .filter((e) => e.from !== e.to)
  return cycles(between).map((c) => c.map((f) => (f === '' ? 'core/' : `core/${f}/`)).join(' <-> '))
}

/** (4) Each circle of imports inside core/ (type imports included) is one of the declared families. */
const circlesAreFamilies: Rule = (edges) =>
  cycles(coreEdges(edges))
    .map((c) => c.slice().sort().join(' '))
    .filter((c) => !FAMILIES.includes(c))

/** (5) No cycle of value imports among core/ files (type-only imports are erased). */
const noCoreValueCycle: Rule = (edges) => cycles(coreEdges(edges).filter((e) => !e.typeOnly)).map((c) => c.join(' <-> '))

/** (6a) Plugins, and the libraries beside them (regex engines, converters, format checkers), reach the core through core/index.ts alone. */
const BESIDE_CORE = ['plugins/', 'regex/', 'convert/', 'formats/']
/**
 * Core modules that import no other value of the kernel (words, JSON helpers, the code builder):
 * the word modules of `schemavet/runtime` (each keyword's `error`, in `_errors.ts` and their
 * helpers) import them directly, since importing the barrel puts the kernel in the chunk that
 * entry shares with the others and so in every compiled module's bundle.
 */
const CORE_LEAVES = new Set(['core/contract/words.ts', 'core/documents/json.ts', 'core/contract/code.ts'])
const RUNTIME_WORDS = ['plugins/applicator/_errors.ts', 'plugins/format/_errors.ts', 'plugins/validation/_errors.ts', 'plugins/validation/_duplicate.ts', 'plugins/validation/_shared.ts']
const pluginsThroughCoreIndex: Rule = (edges) =>
  edges
    .filter((e) => BESIDE_CORE.some((p) => e.from.startsWith(p)) && inCore(e.to) && e.to !== 'core/index.ts')
    .filter((e) => !(RUNTIME_WORDS.includes(e.from) && CORE_LEAVES.has(e.to) && !e.typeOnly))
    .map(show)

/** (6a') The core leaves the runtime's word modules import import no value of the kernel themselves. */
const coreLeavesStayLeaves: Rule = (edges) => edges.filter((e) => CORE_LEAVES.has(e.from) && inCore(e.to) && !e.typeOnly && !CORE_LEAVES.has(e.to)).map(show)

/** (6b) Only core/contract/hooks.ts imports tapable. */
const HOOKS = 'core/contract/hooks.ts'
const tapableInHooksOnly: Rule = (edges) => edges.filter((e) => e.to === 'tapable' && e.from !== HOOKS).map(show)

/**
 * (6c) Integrations, the CLI, providers and repair reach the core only through api.ts or the
 * public entry (struct/ derives schemas and, like a plugin, uses core/index.ts).
 */
const OUTER = ['integrations/', 'cli/', 'providers/', 'repair/', 'grammar/']
const outerThroughApi: Rule = (edges) =>
  edges
    .filter((e) => (OUTER.some((o) => e.from.startsWith(o)) && inCore(e.to)) || (e.from.startsWith('struct/') && inCore(e.to) && e.to !== 'core/index.ts'))
    .map(show)

const edge = (from: string, to: string, typeOnly = true, external = false): ImportEdge => ({ from, to, external, typeOnly })

const rules: [string, Rule, ImportEdge][] = [
  ['every core/ file is at the top or in a declared stage folder; none in a folder named generated', declaredFolders, edge('core/generated/emit.ts', 'core/contract/types.ts')],
  ['an import goes to its own folder or a lower one (type imports included)', importsGoDown, edge('core/evaluator/run.ts', 'core/compiler/compile.ts')],
  ['no import circle across two folders', noCircleAcrossFolders, edge('core/contract/types.ts', 'core/codegen/module.ts')],
  ['a circle inside a folder is a declared family', circlesAreFamilies, edge('core/documents/json.ts', 'core/documents/pointer.ts')],
  ['no value-import cycle in core/', noCoreValueCycle, edge('core/evaluator/run.ts', 'core/evaluator/driver.ts', false)],
  ['plugins/, regex/, convert/, formats/ import core/index.ts only', pluginsThroughCoreIndex, edge('plugins/index.ts', 'core/evaluator/node.ts')],
  ['the core leaves named by the runtime words import no value of the kernel', coreLeavesStayLeaves, edge('core/contract/words.ts', 'core/evaluator/node.ts', false)],
  ['only core/contract/hooks.ts imports tapable', tapableInHooksOnly, edge('core/validator.ts', 'tapable', false, true)],
  ['integrations/, cli/, providers/, repair/, grammar/ go through api.ts', outerThroughApi, edge('cli/render.ts', 'core/contract/words.ts', false)],
]

test('the import reader sees the graph (files, value and type imports, packages)', () => {
  const files = new Set(graph.map((e) => e.from))
  assert.ok(files.has('core/evaluator/run.ts') && files.has('plugins/index.ts') && files.has('integrations/index.ts') && files.has('cli/main.ts'))
  // The value-cycle rule's violation below turns this import into a value cycle (run.ts -> driver.ts).
  assert.ok(graph.some((e) => e.from === 'core/evaluator/driver.ts' && e.to === 'core/evaluator/run.ts' && !e.typeOnly), 'a value import')
  assert.ok(graph.some((e) => e.from === 'core/evaluator/run.ts' && e.to === 'core/evaluator/driver.ts' && e.typeOnly), 'a type-only import')
  assert.ok(graph.some((e) => e.from === HOOKS && e.to === 'tapable' && e.external), 'a package import')
  // The folder-circle violation below closes a circle only because imports run the other way.
  assert.ok(graph.some((e) => folderOf(e.from) === 'codegen' && folderOf(e.to) === 'contract'), 'codegen/ imports contract/')
})

for (const [name, rule, violation] of rules) {
  test(name, () => {
    assert.equal(rule(graph), [])
    // The same rule over the graph with one violating import added must catch it.
    assert.ok(rule([...graph, violation]).length > 0, `${name}: the rule catches ${show(violation)}`)
  })
}

test('the import-order violation of a type import is caught as well as of a value import', () => {
  assert.ok(importsGoDown([...graph, edge('core/contract/types.ts', 'core/results/output.ts', true)]).length > 0)
  assert.ok(importsGoDown([...graph, edge('core/contract/types.ts', 'core/results/output.ts', false)]).length > 0)
  // An import down the order, or within a folder, is no violation.
  assert.equal(importsGoDown([...graph, edge('core/results/output.ts', 'core/contract/types.ts', false), edge('core/kernel.ts', 'core/validator.ts')]), [])
})

/** The source files standing directly in core/. */
const topFiles = (files: readonly string[]) => files.filter((f) => folderOf(f) === '')
const topWithinLimit = (files: readonly string[]) => topFiles(files).length <= TOP_LIMIT

test(`at most ${TOP_LIMIT} source files stand directly in core/; one more past the limit fails`, () => {
  const files = sourceFiles(root)
  const top = topFiles(files)
  assert.ok(top.includes('core/kernel.ts') && top.includes('core/index.ts'), 'the top files are seen')
  assert.ok(topWithinLimit(files), `core/ holds ${top.length}: ${top.join(', ')}`)
  const padded = [...files]
  for (let i = top.length; i < TOP_LIMIT; i++) padded.push(`core/added-${i}.ts`)
  assert.ok(topWithinLimit(padded), 'up to the limit passes')
  assert.not.ok(topWithinLimit([...padded, 'core/one-more.ts']), 'one file past the limit fails')
})

test('the stage folders on disk are the declared ones, at least four, each with a README saying what it takes and gives', () => {
  const onDisk = readdirSync(new URL('../core/', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
  assert.equal(onDisk, [...STAGES].sort())
  assert.ok(STAGES.length >= 4)
  for (const stage of STAGES) {
    const text = readFileSync(new URL(`../core/${stage}/README.md`, import.meta.url), 'utf8')
    assert.ok(text.startsWith(`# core/${stage}/`), `core/${stage}/README.md opens with its name`)
    assert.match(text, /Takes /, `core/${stage}/README.md says what the stage takes`)
    assert.match(text, /gives /, `core/${stage}/README.md says what it gives`)
  }
  // The order the README of core/ lists is the order declared here.
  const overview = readFileSync(new URL('../core/README.md', import.meta.url), 'utf8')
  const listed = [...overview.matchAll(/^\d+\. `([a-z-]+)\/`/gm)].map((m) => m[1])
  assert.equal(listed, STAGES)
})

test.run()
