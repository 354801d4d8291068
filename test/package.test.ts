/**
 * The build as the package describes it (needs `npm run build`; npm test builds first): every
 * `exports` and `bin` target exists, `require()` returns the same API as `import` on this Node,
 * and no source map ships. The full install check (pack, fresh projects) is `npm run test:package`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

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
