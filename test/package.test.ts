/**
 * The build as the package describes it (needs `npm run build`; npm test builds first): every
 * `exports` and `bin` target exists, `require()` returns the same API as `import` on this Node,
 * and no source map ships; README, SECURITY.md and docs/ are in the package's file list, with every
 * relative link of a shipped document and every docs/ path the CLI prints resolving inside it.
 * The full install check (pack, fresh projects, a git install) is `npm run test:package`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cliDocPaths, deadLinks, headingSlugs, relativeLinks } from './package/links.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>
  bin: Record<string, string>
  main: string
  types: string
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  dependencies: Record<string, string>
}

const build = suite('the build as package.json describes it')

build('every exports, bin, main and types target exists', () => {
  const targets = [pkg.main, pkg.types, ...Object.values(pkg.bin)]
  for (const value of Object.values(pkg.exports)) targets.push(...(typeof value === 'string' ? [value] : Object.values(value)))
  assert.equal(targets.filter((t) => !existsSync(join(ROOT, t))), [])
})

build('every entry has the same conditions: the TypeScript floor, its types, then default (import and require)', () => {
  const odd = Object.entries(pkg.exports).filter(([key, value]) => {
    if (key === './package.json') return false
    if (typeof value === 'string') return true
    const keys = Object.keys(value)
    const js = value.default ?? ''
    return (
      keys.join() !== 'types@<5.4,types,default' ||
      value['types@<5.4'] !== './dist/needs-typescript-5.4.d.ts' ||
      !/^\.\/dist\/.*\.js$/.test(js) ||
      value.types !== js.replace(/\.js$/, '.d.ts')
    )
  })
  assert.equal(odd.map(([key]) => key), [], 'write an entry as { "types@<5.4": "./dist/needs-typescript-5.4.d.ts", "types": "./dist/X.d.ts", "default": "./dist/X.js" }')
})

build('ships no source map', () => {
  const maps: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name))
      else if (e.name.endsWith('.map')) maps.push(join(dir, e.name))
    }
  }
  walk(join(ROOT, 'dist'))
  assert.equal(maps, [])
})

build('installs no TypeScript compiler: typescript is an optional peer only', () => {
  const all = { ...pkg.dependencies, ...pkg.optionalDependencies }
  assert.equal(Object.entries(all).filter(([name, spec]) => /typescript/.test(name) || /typescript@/.test(spec)), [])
  assert.ok(pkg.peerDependencies?.typescript !== undefined)
})

build("require('schemavet') returns the API that import returns", () => {
  const code = `
    const required = require('schemavet')
    import('schemavet').then((imported) => {
      const v = required.newJSONSchema({ type: 'object', properties: { n: { type: 'integer', default: 1 } } })
      console.log(JSON.stringify({
        same: Object.keys(required).sort().join() === Object.keys(imported).sort().join(),
        valid: v.validate(required.applyDefaults({}, v)),
        integrations: typeof require('schemavet/integrations').parseToolCall,
      }))
    })`
  const r = spawnSync(process.execPath, ['-e', code], { cwd: ROOT, encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), { same: true, valid: null, integrations: 'function' })
})

build("in Node, newStructSchema from the main entry loads schemavet/struct on its first call", () => {
  const code = `
    import { newStructSchema } from 'schemavet'
    const v = newStructSchema('test/fixtures/struct/scalars.ts#Name')
    console.log(JSON.stringify([v.jsonSchema().type, v.validate('x'), v.validate(1) === null]))`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), ['string', null, false])
})

build.run()

const shippedDocs = suite('the documents the package ships')

shippedDocs('relativeLinks finds inline, image, reference and href links, not URLs, same-page fragments or code', () => {
  const text = [
    'See [a](docs/a.md), ![b](img/b.png "B"), [c](<docs/c d.md>) and [web](https://example.com) or [here](#top).',
    '[ref]: ../outside.md',
    '<a href="docs/e.md#x">e</a> and `[code](docs/inline.md)`',
    '```ts',
    "console.log('[f](docs/fenced.md)')",
    '```',
    '[g](docs/g.md#part)',
  ].join('\n')
  assert.equal(relativeLinks(text), [
    { line: 1, target: 'docs/a.md' },
    { line: 1, target: 'img/b.png' },
    { line: 1, target: 'docs/c d.md' },
    { line: 2, target: '../outside.md' },
    { line: 3, target: 'docs/e.md#x' },
    { line: 7, target: 'docs/g.md#part' },
  ])
})

shippedDocs('deadLinks reports a file not shipped, a link out of the package and a missing heading, and passes the rest', () => {
  const files: Record<string, string> = {
    'README.md': '[ok](docs/a.md#a-heading) [gone](docs/missing.md) [out](../shared/x.md) [anchor](docs/a.md#nowhere) [dir](docs)',
    'docs/a.md': '# A heading\n\n[back](../README.md) [self](#a-heading)\n',
  }
  const { dead, checked } = deadLinks(Object.keys(files), new Set(Object.keys(files)), (p) => files[p]!)
  assert.is(checked, 6)
  assert.equal(dead, [
    'README.md:1: docs/missing.md: docs/missing.md is not in the package',
    'README.md:1: ../shared/x.md points outside the package',
    'README.md:1: docs/a.md#nowhere: docs/a.md has no heading #nowhere',
  ])
  assert.ok(headingSlugs('## `schemavet check` (exit codes)\n## Again\n## Again').has('again-1'))
  assert.ok(headingSlugs('## `schemavet check` (exit codes)').has('schemavet-check-exit-codes'))
})

// The file list npm would pack (no build: --ignore-scripts); npm run test:package checks the real tarball.
const packList = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' })
const shipped = new Set<string>(packList.status === 0 ? (JSON.parse(packList.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path) : [])

shippedDocs('README, SECURITY.md and every docs/*.md are in the package', () => {
  assert.is(packList.status, 0, packList.stderr)
  const wanted = ['README.md', 'SECURITY.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
  assert.ok(wanted.length >= 8, wanted.join(', '))
  assert.equal(wanted.filter((f) => !shipped.has(f)), [])
})

shippedDocs('every relative link of a shipped document resolves inside the package', () => {
  const documents = [...shipped].filter((f) => f.endsWith('.md'))
  const { dead, checked } = deadLinks(documents, shipped, (p) => readFileSync(join(ROOT, p), 'utf8'))
  assert.ok(checked >= 15, `only ${checked} links found in ${documents.join(', ')}`)
  assert.equal(dead, [])
})

shippedDocs('every docs/ path the command line prints is in the package', () => {
  const sources: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}/${e.name}`)
      else if (e.name.endsWith('.ts')) sources.push(readFileSync(join(ROOT, dir, e.name), 'utf8'))
    }
  }
  walk('cli')
  const named = cliDocPaths(sources.join('\n'))
  assert.ok(named.length >= 2, `cli/ names ${named.join(', ') || 'no docs/ path'}`)
  assert.equal(named.filter((p) => !shipped.has(p)), [])
})

shippedDocs.run()
