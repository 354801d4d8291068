/**
 * The README's `npm start` demo (examples/demo.mjs, on the build): what a newcomer reads first
 * must show which fields the schema's defaults filled in, and name the extra property in the
 * list for people as the model renderer does.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const demo = suite('npm start (examples/demo.mjs)')

const run = () => spawnSync(process.execPath, [join(ROOT, 'examples/demo.mjs')], { encoding: 'utf8' })

demo('marks each field that came from a default, and only those', () => {
  const r = run()
  assert.is(r.status, 0, r.stderr)
  const lines = r.stdout.split('\n')
  const marked = lines.filter((l) => l.endsWith('// default')).map((l) => l.trim())
  assert.equal(marked, ['"optional": false   // default', '"durationMinutes": 30,   // default', '"room": "remote"   // default'])
  // what the input gave is shown unmarked, nested values included
  for (const given of ['"title": "Quarterly planning",', '"email": "alan@example.com",', '"optional": true']) {
    assert.ok(lines.some((l) => l.trim() === given), given)
  }
  assert.match(r.stdout, 'defaults filled in first: /attendees/0/optional, /attendees/1/optional')
})

demo('the list for people names the extra property, as the model renderer does', () => {
  const r = run()
  assert.match(r.stdout, '  (root)  must not have property "priority" (no additional properties are allowed; remove it)  [additionalProperties]')
  assert.match(r.stdout, '$: must not have property "priority"')
})

demo.run()
