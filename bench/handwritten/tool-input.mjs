// Written by hand: the smallest module found for examples/tool-input.schema.json that answers as
// the runtime does (isValid, validate's issues and message text, applyDefaults' copy, schema,
// ~standard with its JSON Schema views). A size floor for `schemavet compile`, checked against
// the runtime by check.mjs; it behaves as the runtime without `schemavet/idn` (an xn-- label in an
// email's domain fails).
const schema = JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"book_meeting tool input","type":"object","properties":{"title":{"type":"string","minLength":3,"maxLength":80},"start":{"type":"string","format":"date-time"},"durationMinutes":{"type":"integer","minimum":15,"maximum":480,"multipleOf":15,"default":30},"room":{"enum":["oslo","bergen","remote"],"default":"remote"},"attendees":{"type":"array","minItems":1,"uniqueItems":true,"items":{"$ref":"#/$defs/attendee"}}},"required":["title","start","durationMinutes","room","attendees"],"additionalProperties":false,"$defs":{"attendee":{"type":"object","properties":{"email":{"type":"string","format":"email"},"optional":{"type":"boolean","default":false}},"required":["email","optional"]}}}')
const views = '[{"$schema":"http://json-schema.org/draft-07/schema#","title":"book_meeting tool input","type":"object","properties":{"title":{"type":"string","minLength":3,"maxLength":80},"start":{"type":"string","format":"date-time"},"durationMinutes":{"type":"integer","minimum":15,"maximum":480,"multipleOf":15,"default":30},"room":{"enum":["oslo","bergen","remote"],"default":"remote"},"attendees":{"type":"array","minItems":1,"uniqueItems":true,"items":{"$ref":"#/definitions/attendee"}}},"required":["title","start","durationMinutes","room","attendees"],"additionalProperties":false,"definitions":{"attendee":{"type":"object","properties":{"email":{"type":"string","format":"email"},"optional":{"type":"boolean","default":false}},"required":["email","optional"]}}},{"title":"book_meeting tool input","type":"object","properties":{"title":{"type":"string","minLength":3,"maxLength":80},"start":{"type":"string","format":"date-time"},"durationMinutes":{"type":"integer","multipleOf":15,"default":30,"minimum":15,"maximum":480},"room":{"enum":["oslo","bergen","remote"],"default":"remote"},"attendees":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"object","properties":{"email":{"type":"string","format":"email"},"optional":{"type":"boolean","default":false}},"required":["email","optional"]}}},"required":["title","start","durationMinutes","room","attendees"],"additionalProperties":{"not":{}}}]'
const ROOM = ['oslo', 'bergen', 'remote']
const NAMES = ['title', 'start', 'durationMinutes', 'room', 'attendees']
const ObjectProto = Object.prototype
const own = (o, k) => ObjectProto.hasOwnProperty.call(o, k)
const has = (o, k) => o[k] !== undefined && own(o, k)
const isArray = Array.isArray

// ── value excerpts (words.ts: excerpt, scalar, boundedJson) ──
function scalar(v, max) {
  if (typeof v == 'number' && !isFinite(v)) return String(v)
  if (typeof v == 'string') {
    const s = v.length > max ? v.slice(0, max) : v
    return /["\\\0-\x1f\ud800-\udfff]/.test(s) ? JSON.stringify(s) : '"' + s + '"'
  }
  if (typeof v == 'bigint') return v + 'n'
  if (v === undefined) return 'undefined'
  if (typeof v == 'symbol' || typeof v == 'function') return 'a ' + typeof v
  return JSON.stringify(v) ?? 'null'
}
function excerpt(v, max = 60) {
  let out = ''
  const m = max + 1, stack = []
  const open = (v) => {
    if (typeof v != 'object' || v === null) return (out += scalar(v, m))
    try {
      if (stack.some((f) => f[2] === v)) return (out += '"[cyclic]"')
      let keys = null
      if (isArray(v)) out += '['
      else {
        out += '{'
        keys = []
        for (const k in v) if (own(v, k) && keys.push(k) > m) break
      }
      stack.push([v, keys, v, 0])
    } catch { out += '?' }
  }
  open(v)
  while (stack.length && out.length < m) {
    const top = stack[stack.length - 1], keys = top[1]
    if (top[3] >= (keys ? keys : top[0]).length) { out += keys ? '}' : ']'; stack.pop(); continue }
    const i = top[3]++
    if (i) out += ','
    try {
      if (keys) { out += scalar(keys[i], m) + ':'; open(top[0][keys[i]]) } else open(top[0][i])
    } catch { out += '?' }
  }
  return out.length <= max ? out : out.slice(0, max - 3) + '...'
}
const got = (x) => ' (got ' + excerpt(x) + ')'

// ── formats (date-time.ts scan, network.ts isEmail without the IDNA tables) ──
const DT = /^(\d{4})-(0\d|1[0-2])-([0-3]\d)[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:[Zz]|([+-])([01]\d|2[0-3]):([0-5]\d))$/
function isDateTime(s) {
  const m = DT.exec(s)
  if (!m) return false
  const y = +m[1], mo = +m[2], d = +m[3]
  if (mo < 1 || d < 1 || d > (mo == 2 ? (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) ? 29 : 28) : mo == 4 || mo == 6 || mo == 9 || mo == 11 ? 30 : 31)) return false
  if (m[6] != '60') return true
  const off = m[7] ? (m[8] * 60 + +m[9]) * (m[7] == '-' ? -1 : 1) : 0
  return (((m[4] * 60 + +m[5] - off) % 1440) + 1440) % 1440 == 1439
}
const D8 = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])', V4 = `${D8}(?:\\.${D8}){3}`
const V6 = '(?:(?:#:){6}%|::(?:#:){5}%|(?:#)?::(?:#:){4}%|(?:(?:#:){0,1}#)?::(?:#:){3}%|(?:(?:#:){0,2}#)?::(?:#:){2}%|(?:(?:#:){0,3}#)?::#:%|(?:(?:#:){0,4}#)?::%|(?:(?:#:){0,5}#)?::#|(?:(?:#:){0,6}#)?::)'
  .replace(/%/g, `(?:#:#|${V4})`).replace(/#/g, '[0-9A-Fa-f]{1,4}')
const AT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]", LDH = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const EMAIL = new RegExp(`^(?:${AT}+(?:\\.${AT}+)*|"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*")@(?:${LDH}(?:\\.${LDH})*|\\[(?:${V4}|[Ii][Pp][Vv]6:${V6})\\])$`)
function isEmail(s) {
  const at = s.lastIndexOf('@')
  return s.length <= 254 && EMAIL.test(s) && at <= 64 && (!/[@.]xn--/i.test(s) || s.charCodeAt(at + 1) == 0x5b)
}

// multipleOf 15, decided on the number's shortest decimal (as _multiple.ts)
function multiple(n) {
  if (Number.isSafeInteger(n)) return n % 15 == 0
  if (!Number.isInteger(n)) return false
  const [c, e] = Math.abs(n).toExponential().split('e'), digits = c.replace('.', '')
  return BigInt(digits) * 10n ** BigInt(e - digits.length + 1) % 15n == 0n
}
function codePoints(s) {
  let n = 0
  for (const _ of s) n++
  return n
}
const CYCLIC = 'data contains itself (a cyclic reference), which JSON cannot represent'
// json.ts jsonEqual: iterative; past a million steps, data that contains itself is refused
function equal(a, b) {
  if (a === b) return true
  const left = [a], right = [b]
  let steps = 0
  while (left.length) {
    const x = left.pop(), y = right.pop()
    if (x === y) continue
    if (typeof x != 'object' || typeof y != 'object' || !x || !y) return false
    if (++steps > 1e6 && steps % 1e6 == 0 && cyclic(x)) throw CYCLIC
    if (isArray(x)) {
      if (!isArray(y) || x.length != y.length) return false
      for (let i = 0; i < x.length; i++) left.push(x[i]), right.push(y[i])
    } else {
      if (isArray(y)) return false
      const k = Object.keys(x)
      if (k.length != Object.keys(y).length) return false
      for (const n of k) { if (!own(y, n)) return false; left.push(x[n]); right.push(y[n]) }
    }
  }
  return true
}
function cyclic(root) {
  const path = new Set(), done = new Set(), stack = []
  const enter = (v) => { path.add(v); stack.push([v, isArray(v) ? v : Object.values(v), 0]) }
  enter(root)
  while (stack.length) {
    const top = stack[stack.length - 1]
    if (top[2] == top[1].length) { stack.pop(); path.delete(top[0]); done.add(top[0]); continue }
    const c = top[1][top[2]++]
    if (typeof c != 'object' || !c || done.has(c)) continue
    if (path.has(c)) return true
    enter(c)
  }
  return false
}
// _duplicate.ts: the first item equal to an earlier one, and the first such earlier one
function duplicate(a) {
  if (a.length <= 16) {
    for (let i = 1; i < a.length; i++) for (let j = 0; j < i; j++) if (equal(a[i], a[j])) return [j, i]
    return
  }
  const seen = new Map()
  for (let i = 0; i < a.length; i++) {
    const v = a[i]
    const key = typeof v != 'object' || !v ? (typeof v == 'string' ? 's' + v : v) : isArray(v) ? '\0a' + v.length : '\0o' + Object.keys(v).sort()
    const group = seen.get(key)
    if (!group) { seen.set(key, [i]); continue }
    for (const j of group) if (typeof v != 'object' || !v || equal(v, a[j])) return [j, i]
    group.push(i)
  }
}

// ── issues: `report` throws STOP once the limit is reached (at once for isValid) ──
const STOP = {}
let issues, limit
function report(keyword, instancePath, schemaPath, params, message) {
  if (!limit) throw STOP
  issues.push({ keyword, instancePath, schemaPath, params, message: message() })
  if (issues.length >= limit) throw STOP
}
const typeIssue = (x, p, sp, type) => report('type', p, sp + '/type', { type }, () => `must be a${/^[aeio]/.test(type) ? 'n' : ''} ${type}${got(x)}`)
function json(x, p, sp) {
  if (typeof x == 'number' ? isFinite(x) : typeof x == 'string' || typeof x == 'boolean' || typeof x == 'object') return true
  const what = typeof x == 'number' ? String(x) : typeof x == 'bigint' ? 'a BigInt' : typeof x
  report('type', p, sp, { type: 'json', value: what }, () => `must be a JSON value (got ${typeof x == 'number' && !isNaN(x) ? x + ': the number is out of range (as 1e400 parses)' : what})`)
}
const isObject = (x) => typeof x == 'object' && x !== null && !isArray(x)
function format(x, p, sp, name, hint, test) {
  if (typeof x != 'string') return typeIssue(x, p, sp, 'string')
  if (!test(x)) report('format', p, sp + '/format', { format: name }, () => `must be a string in "${name}" format (${hint})${name == 'email' && /(?:^|[.@])xn--/i.test(x) ? "; an xn-- label is checked only with 'schemavet/idn' imported" : ''}${got(x)}`)
}
function object(x, p, sp, names, checks) {
  if (!isObject(x)) return typeIssue(x, p, sp, 'object')
  for (const n of names) if (!has(x, n)) report('required', p, sp + '/required', { missingProperty: n }, () => `must have required property "${n}"${got(x)}`)
  for (const n in checks) if (has(x, n) && json(x[n], p + '/' + n, sp + '/properties/' + n)) checks[n](x[n], p + '/' + n, sp + '/properties/' + n)
}
const ROOT = {
  title(v, p, s) {
    if (typeof v != 'string') return typeIssue(v, p, s, 'string')
    const n = v.length
    if (!(n <= 80 || (n <= 160 && codePoints(v) <= 80))) report('maxLength', p, s + '/maxLength', { limit: 80 }, () => 'must be at most 80 characters long' + got(v))
    if (!(n >= 6 || (n >= 3 && codePoints(v) >= 3))) report('minLength', p, s + '/minLength', { limit: 3 }, () => 'must be at least 3 characters long' + got(v))
  },
  start: (v, p, s) => format(v, p, s, 'date-time', 'RFC 3339 date-time, e.g. 2024-01-31T09:30:00Z', isDateTime),
  durationMinutes(v, p, s) {
    if (typeof v != 'number') return typeIssue(v, p, s, 'integer')
    if (!Number.isInteger(v)) typeIssue(v, p, s, 'integer')
    if (!multiple(v)) report('multipleOf', p, s + '/multipleOf', { multipleOf: 15 }, () => 'must be a multiple of 15' + got(v))
    if (!(v <= 480)) report('maximum', p, s + '/maximum', { comparison: '<=', limit: 480 }, () => 'must be at most 480' + got(v))
    if (!(v >= 15)) report('minimum', p, s + '/minimum', { comparison: '>=', limit: 15 }, () => 'must be at least 15' + got(v))
  },
  room(v, p, s) {
    if (!ROOM.includes(v)) report('enum', p, s + '/enum', { allowedValues: ROOM }, () => 'must be one of: "oslo", "bergen", "remote"' + got(v))
  },
  attendees(v, p, s) {
    if (!isArray(v)) return typeIssue(v, p, s, 'array')
    let d
    if (!v.length) report('minItems', p, s + '/minItems', { limit: 1 }, () => 'must have at least 1 item (got 0 items)')
    if (v.length > 1 && (d = duplicate(v))) report('uniqueItems', p, s + '/uniqueItems', { i: d[1], j: d[0] }, () => `must not contain duplicate items (items ${d[0]} and ${d[1]} are both ${excerpt(v[d[1]])})`)
    for (let i = 0; i < v.length; i++) if (json(v[i], p + '/' + i, s + '/items')) object(v[i], p + '/' + i, '#/$defs/attendee', ['email', 'optional'], ATTENDEE)
  },
}
const ATTENDEE = {
  email: (v, p, s) => format(v, p, s, 'email', 'an email address, e.g. name@example.com', isEmail),
  optional: (v, p, s) => typeof v == 'boolean' || typeIssue(v, p, s, 'boolean'),
}
function walk(x, max) {
  issues = []
  limit = max
  try {
    if (json(x, '', '#')) {
      object(x, '', '#', NAMES, ROOT)
      if (isObject(x)) for (const k of Object.keys(x)) if (!NAMES.includes(k) && x[k] !== undefined) report('additionalProperties', '', '#/additionalProperties', { additionalProperty: k }, () => `must not have property ${excerpt(k, 200)} (no additional properties are allowed; remove it)`)
    }
  } catch (e) {
    if (e === CYCLIC) return [{ keyword: 'cyclic', instancePath: '', schemaPath: '#', params: {}, message: e }]
    if (e !== STOP) { const m = e instanceof Error ? e.message : String(e); return [{ keyword: 'exception', instancePath: '', schemaPath: '#', params: { error: m }, message: 'evaluating the data threw: ' + m }] }
    if (!max) return false
  }
  return issues.length ? issues : null
}
const missing = () => [{ keyword: 'required', instancePath: '', schemaPath: '#', params: {}, message: 'a value is required (got undefined)' }]
const isValid = (data) => data !== undefined && walk(data, 0) === null
const errors = (data, max) => { const e = data === undefined ? missing() : walk(data, max); return e && { errors: e } }
const validate = (data) => errors(data, 1)

// ── applyDefaults: json.ts copyJson (plain objects and arrays copied, a loop kept as a loop), then the defaults ──
class ValidationError extends Error {
  constructor(errors) { super(); this.name = 'ValidationError'; this.errors = errors }
  get message() { return this.text ??= '(root): ' + this.errors[0].message }
  set message(text) { this.text = text }
  static isInstance(e) { return e instanceof Error && e.name == 'ValidationError' && isArray(e.errors) }
}
function plain(v) {
  if (isArray(v)) return true
  const p = Object.getPrototypeOf(v)
  if (p === ObjectProto || p === null) return true
  try {
    const c = Object.getOwnPropertyDescriptor(p, 'constructor')?.value
    return Object.getPrototypeOf(p) === null && typeof c == 'function' && Object.getOwnPropertyDescriptor(c, 'prototype')?.value === p && Function.prototype.toString.call(c) === Function.prototype.toString.call(Object)
  } catch { return false }
}
function setOwn(o, k, v) {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true })
  else o[k] = v
}
const LIMIT = 5e7
function copy(value) {
  if (typeof value != 'object' || !value || !plain(value)) return value
  const onPath = new Map(), stack = []
  let made = 0
  const enter = (v) => {
    if (++made > LIMIT) throw new Error(`data too large to copy: its shared subtrees expand past ${LIMIT} objects`)
    const c = isArray(v) ? new Array(v.length) : {}
    onPath.set(v, c)
    stack.push([v, c, isArray(v) ? null : Object.keys(v), 0])
    return c
  }
  const root = enter(value)
  while (stack.length) {
    const top = stack[stack.length - 1], [v, c, keys] = top
    if (top[3] == (keys ? keys : v).length) { stack.pop(); onPath.delete(v); continue }
    const k = keys ? keys[top[3]++] : top[3]++
    let x = v[k]
    if (typeof x == 'object' && x && plain(x)) x = onPath.get(x) ?? enter(x)
    keys ? setOwn(c, k, x) : (c[k] = x)
  }
  return root
}
const fill = (o, k, v) => { if ((own(o, k) ? o[k] : undefined) === undefined) setOwn(o, k, v) }
function applyDefaults(data) {
  let c
  try { c = copy(data) } catch (e) {
    const m = e instanceof Error ? e.message : String(e)
    throw new ValidationError([{ keyword: m.includes('50000000') ? 'size' : 'exception', instancePath: '', schemaPath: '#', params: {}, message: m }])
  }
  if (isObject(c) && plain(c)) {
    fill(c, 'durationMinutes', 30)
    fill(c, 'room', 'remote')
    const a = own(c, 'attendees') ? c.attendees : undefined
    if (isArray(a)) for (let i = 0; i < a.length; i++) { const x = own(a, i) ? a[i] : undefined; if (isObject(x) && plain(x)) fill(x, 'optional', false) }
  }
  return c
}

// ── Standard Schema ──
const failed = (errors) => ({ issues: errors.map((e) => ({ message: e.message, path: e.instancePath.split('/').slice(1).map((t) => (/^\d/.test(t) ? +t : t)) })) })
function view(options) {
  const target = options?.target ?? 'draft-2020-12'
  const i = ['draft-2020-12', 'draft-07', 'openapi-3.0'].indexOf(target)
  if (i < 0) throw new Error(`schemavet: JSON Schema target "${String(target)}" is not supported (supported: draft-2020-12, draft-07, openapi-3.0)`)
  return i ? JSON.parse(views)[i - 1] : copy(schema)
}
const standardSchema = {
  '~standard': Object.freeze({
    version: 1,
    vendor: 'schemavet',
    validate(value) {
      let c
      try { c = applyDefaults(value) } catch (e) { if (ValidationError.isInstance(e)) return failed(e.errors); throw e }
      const r = errors(c, 20)
      return r ? failed(r.errors) : { value: c }
    },
    jsonSchema: Object.freeze({ input: view, output: view }),
  }),
}
export { isValid, validate, applyDefaults, schema, standardSchema, standardSchema as default }
