/**
 * The URI checkers test a plain URL with a simple pattern first and give the rest to the full
 * RFC 3986 / 3987 grammar. The pattern must accept nothing the grammar refuses, or a check would
 * pass what it should not: tested over strings built around URLs from an alphabet that holds the
 * characters each rule turns on (percent, brackets, user info, spaces, non-ASCII), and over the
 * official suite's strings for the four formats.
 */
import { readFileSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isIri, isIriReference, isUri, isUriReference, uriTests } from '../../formats/uri.ts'

const test = suite('URI checkers: the plain-URL pre-test')

/** A small deterministic generator (mulberry32): the same strings every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ALPHABET = [...'aZ09.-_~!$&\'()*+,;=:@/?#%[]{} <>"\\|^`', 'é', '\u00a0', '\ue000', '%41', '%g1', '::1']
const SCHEMES = ['https', 'http', 'ftp', 'a+b.c-d', '1http', '', 'x']

function sample(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const run = (n: number) => Array.from({ length: Math.floor(random() * n) }, () => (random() < 0.7 ? pick([...'abcXYZ019.-_~']) : pick(ALPHABET))).join('')
  let s = pick(SCHEMES) + (random() < 0.9 ? '://' : ':') + run(8)
  if (random() < 0.4) s += ':' + Math.floor(random() * 70000)
  const segments = Math.floor(random() * 4)
  for (let i = 0; i < segments; i++) s += '/' + run(6)
  if (random() < 0.4) s += '?' + run(8)
  if (random() < 0.3) s += '#' + run(6)
  return s
}

test('every string the pre-test accepts is a uri, uri-reference, iri and iri-reference by the full grammar', () => {
  const random = generator(20261126)
  let accepted = 0
  for (let i = 0; i < 50_000; i++) {
    const s = sample(random)
    if (!uriTests.plainUrl(s)) continue
    accepted++
    assert.ok(uriTests.uri(s) && uriTests.uriReference(s) && uriTests.iri(s) && uriTests.iriReference(s), `the pre-test accepts ${JSON.stringify(s)}, the grammar does not`)
  }
  // The sample reaches both sides of the pre-test, so the check above is not vacuous.
  assert.ok(accepted > 5_000 && accepted < 45_000, `pre-test accepted ${accepted} of 50,000`)
})

test('the checkers answer as the full grammar on the official suite and the generated strings', () => {
  const strings = new Set<string>()
  for (const name of ['uri', 'uri-reference', 'iri', 'iri-reference']) {
    const file = new URL(`../json-schema-test-suite/tests/draft2020-12/optional/format/${name}.json`, import.meta.url)
    for (const group of JSON.parse(readFileSync(file, 'utf8')) as { tests: { data: unknown }[] }[]) {
      for (const t of group.tests) if (typeof t.data === 'string') strings.add(t.data)
    }
  }
  const random = generator(7)
  for (let i = 0; i < 5_000; i++) strings.add(sample(random))
  for (const s of strings) {
    assert.is(isUri(s), uriTests.uri(s), `uri ${JSON.stringify(s)}`)
    assert.is(isUriReference(s), uriTests.uriReference(s), `uri-reference ${JSON.stringify(s)}`)
    assert.is(isIri(s), uriTests.iri(s), `iri ${JSON.stringify(s)}`)
    assert.is(isIriReference(s), uriTests.iriReference(s), `iri-reference ${JSON.stringify(s)}`)
  }
})

test.run()
