/**
 * The published provider profiles (test/fixtures/provider-profiles): their meta-schemas judge their
 * own examples as labelled, and every example schema, valid for the profile or not, converts to a
 * schema the profile's meta-schema accepts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import { compileForProvider } from '../../providers/index.ts'
import { PROFILE_IDS, PUBLISHED_IDS, metaValidator, profileExamples } from './profiles.ts'

const published = suite('published provider profiles')

for (const name of ['openai', 'gemini', 'gemini-openapi', 'minimal']) {
  const id = PROFILE_IDS[name]!

  published(`${name} (${id}): the meta-schema judges the profile's examples as labelled`, () => {
    const examples = profileExamples(id)
    assert.ok(examples.length >= 5, `${id}: ${examples.length} examples`)
    let judged = 0
    for (const [file, schema, valid] of examples) {
      // some rules (required names every property, propertyOrdering names existing ones) are code checks the profile documents
      const codeRule = /required_(missing|extra)_keys|property_ordering_(duplicate|not_in)|required_not_in_properties/.test(file)
      if (codeRule) continue
      assert.is(metaValidator(name).validate(schema) === null, valid, `${id}/${file}`)
      judged++
    }
    assert.ok(judged >= 5, `${id}: only ${judged} examples judged`)
  })

  published(`${name}: every example schema of every profile converts to one the ${id} meta-schema accepts`, () => {
    let converted = 0
    for (const other of PUBLISHED_IDS) {
      for (const [file, schema] of profileExamples(other)) {
        let compiles = true
        try {
          newJSONSchema(schema)
        } catch {
          compiles = false
        }
        if (!compiles) {
          // a schema schemavet refuses (a $ref to nowhere) is refused here too, with the same SchemaError
          assert.throws(() => compileForProvider(schema, { provider: name as 'openai' }), (e: Error) => e.name === 'SchemaError')
          continue
        }
        const p = compileForProvider(schema, { provider: name as 'openai' })
        const error = metaValidator(name).validate(p.schema)
        assert.is(error, null, `${other}/${file}: ${error?.message}`)
        // every property listed where the profile needs it, and only declared ones
        const check = (s: unknown): void => {
          if (typeof s !== 'object' || s === null) return
          const o = s as Record<string, unknown>
          if (typeof o.properties === 'object' && o.properties !== null && Array.isArray(o.required)) {
            const names = Object.keys(o.properties)
            for (const r of o.required) assert.ok(names.includes(r as string), `${other}/${file}: required ${String(r)} is declared`)
            if (name === 'openai' || name === 'minimal') assert.is(o.required.length, names.length, `${other}/${file}: every property required`)
            if (Array.isArray(o.propertyOrdering)) assert.equal(o.propertyOrdering, names)
          }
          for (const v of Object.values(o)) check(v)
        }
        check(p.schema)
        converted++
      }
    }
    // 68 of the 69 published examples today (schemavet refuses the other): far fewer means examples went missing
    assert.ok(converted >= 60, `only ${converted} example schemas converted`)
  })
}

published('a schema already in a profile stays close to itself: the OpenAI recursive example keeps its $ref and every constraint', () => {
  const [, schema] = profileExamples('openai_202602').find(([f]) => f === 'valid/recursive_schema.json')!
  const p = compileForProvider(schema, { provider: 'openai' })
  assert.match(JSON.stringify(p.schema), '"$ref"')
  assert.equal(p.lost, [])
  assert.is(p.constraints.kept, p.constraints.total)
})

published.run()
