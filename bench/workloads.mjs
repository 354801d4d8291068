// Workloads of the benchmark (rows 1-7, rows i3a-i3b): schemas, the data each row
// times (one valid and one invalid datum), and probes (extra data, each valid or invalid for one
// stated reason) that every library must answer right before it is timed.
import { readFileSync } from 'node:fs'

const DRAFT = 'https://json-schema.org/draft/2020-12/schema'
const clone = (x) => structuredClone(x)

// ── 1. agent tool input ──────────────────────────────────────────────────────────────────────
// A `create_ticket` tool: 16 properties, a nested array of objects, anyOf, enums, formats
// email / date-time / date, pattern, uniqueItems, multipleOf, and a few `default`s (row 6).
export const toolSchema = {
  $schema: DRAFT,
  $comment: 'create_ticket tool input',
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 3, maxLength: 120 },
    description: { type: 'string', maxLength: 4000 },
    requester: { type: 'string', format: 'email' },
    priority: { type: 'string', enum: ['low', 'normal', 'high', 'urgent'], default: 'normal' },
    category: { type: 'string', enum: ['billing', 'technical', 'account', 'other'] },
    ticketRef: { type: 'string', pattern: '^TCK-[0-9]{6}$' },
    createdAt: { type: 'string', format: 'date-time' },
    dueDate: { type: 'string', format: 'date' },
    estimateHours: { type: 'number', minimum: 0, maximum: 1000, multipleOf: 0.25 },
    retries: { type: 'integer', minimum: 0, maximum: 5, default: 0 },
    notify: { type: 'boolean', default: true },
    tags: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 32 }, uniqueItems: true, maxItems: 10 },
    assignee: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
    location: {
      type: 'object',
      properties: {
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        city: { type: 'string', minLength: 1 },
      },
      required: ['country'],
      additionalProperties: false,
    },
    attachments: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 255 },
          sizeBytes: { type: 'integer', minimum: 0, maximum: 10000000 },
          mimeType: { type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]+$' },
          uploadedAt: { type: 'string', format: 'date-time' },
          inline: { type: 'boolean', default: false },
        },
        required: ['name', 'sizeBytes', 'mimeType'],
        additionalProperties: false,
      },
    },
    metadata: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 10 },
  },
  required: ['title', 'requester', 'priority', 'category', 'createdAt', 'attachments'],
  additionalProperties: false,
}

/** A full tool call, as a model would send it (every defaulted field present). */
export const toolValid = {
  title: 'Invoice total does not match the order',
  description: 'The March invoice shows 1,240 EUR but the order confirmation says 1,180 EUR.',
  requester: 'ada.lovelace@example.com',
  priority: 'high',
  category: 'billing',
  ticketRef: 'TCK-004217',
  createdAt: '2026-03-14T09:26:53.589Z',
  dueDate: '2026-03-21',
  estimateHours: 2.75,
  retries: 1,
  notify: true,
  tags: ['invoice', 'eur', 'q1', 'customer-visible'],
  assignee: 'grace.hopper@example.com',
  location: { country: 'NO', city: 'Oslo' },
  attachments: [
    { name: 'invoice-2026-03.pdf', sizeBytes: 48213, mimeType: 'application/pdf', uploadedAt: '2026-03-14T09:20:00Z', inline: false },
    { name: 'order-confirmation.png', sizeBytes: 231004, mimeType: 'image/png', uploadedAt: '2026-03-14T09:21:10+01:00', inline: true },
    { name: 'notes.txt', sizeBytes: 812, mimeType: 'text/plain', uploadedAt: '2026-03-14T09:22:45.120Z', inline: false },
  ],
  metadata: { channel: 'chat', agent: 'support-bot-v3' },
}

const withChange = (base, change) => {
  const x = clone(base)
  change(x)
  return x
}

/** Invalid late in the data: the last attachment's upload time is 30 February. */
export const toolInvalid = withChange(toolValid, (x) => {
  x.attachments[2].uploadedAt = '2026-02-30T09:22:45Z'
})

const toolProbes = [
  ['valid: assignee null, no optional fields', true, (x) => { x.assignee = null; delete x.description; delete x.tags; delete x.location; delete x.metadata }],
  ['valid: estimateHours 0.5', true, (x) => { x.estimateHours = 0.5 }],
  ['invalid: requester format email', false, (x) => { x.requester = 'ada.lovelace-at-example.com' }],
  ['invalid: createdAt format date-time', false, (x) => { x.createdAt = '2026-03-14 09:26' }],
  ['invalid: dueDate format date (2026-02-30)', false, (x) => { x.dueDate = '2026-02-30' }],
  ['invalid: ticketRef pattern', false, (x) => { x.ticketRef = 'TCK-42' }],
  ['invalid: tags uniqueItems', false, (x) => { x.tags = ['a', 'b', 'a'] }],
  ['invalid: estimateHours multipleOf 0.25', false, (x) => { x.estimateHours = 1.3 }],
  ['invalid: priority enum', false, (x) => { x.priority = 'critical' }],
  ['invalid: assignee anyOf (no branch)', false, (x) => { x.assignee = 'not-an-email' }],
  ['invalid: additionalProperties', false, (x) => { x.extra = 1 }],
  ['invalid: required (category missing)', false, (x) => { delete x.category }],
  ['invalid: nested required (attachment mimeType)', false, (x) => { delete x.attachments[1].mimeType }],
  ['invalid: nested pattern (location.country)', false, (x) => { x.location.country = 'Norway' }],
  ['invalid: retries integer', false, (x) => { x.retries = 1.5 }],
  ['invalid: metadata additionalProperties type', false, (x) => { x.metadata.count = 3 }],
].map(([name, valid, change]) => ({ name, valid, data: withChange(toolValid, change) }))

// ── 2. UI-message history ────────────────────────────────────────────────────────────────────
export const messagesSchema = {
  $schema: DRAFT,
  type: 'array',
  items: { $ref: '#/$defs/message' },
  $defs: {
    message: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1 },
        role: { type: 'string', enum: ['system', 'user', 'assistant'] },
        createdAt: { type: 'string', format: 'date-time' },
        parts: { type: 'array', minItems: 1, items: { $ref: '#/$defs/part' } },
        metadata: { type: 'object' },
      },
      required: ['id', 'role', 'parts'],
      additionalProperties: false,
    },
    part: { oneOf: [{ $ref: '#/$defs/textPart' }, { $ref: '#/$defs/toolPart' }, { $ref: '#/$defs/dataPart' }] },
    textPart: {
      type: 'object',
      properties: {
        type: { const: 'text' },
        text: { type: 'string' },
        state: { type: 'string', enum: ['streaming', 'done'] },
      },
      required: ['type', 'text'],
      additionalProperties: false,
    },
    toolPart: {
      type: 'object',
      properties: {
        type: { type: 'string', pattern: '^tool-' },
        toolCallId: { type: 'string', minLength: 1 },
        state: { type: 'string', enum: ['input-streaming', 'input-available', 'output-available', 'output-error'] },
        input: true,
        output: true,
        errorText: { type: 'string' },
      },
      required: ['type', 'toolCallId', 'state'],
      additionalProperties: false,
    },
    dataPart: {
      type: 'object',
      properties: {
        type: { type: 'string', pattern: '^data-' },
        id: { type: 'string' },
        data: true,
      },
      required: ['type', 'data'],
      additionalProperties: false,
    },
  },
}

function makeMessages(n) {
  const out = []
  for (let i = 0; i < n; i++) {
    const t = new Date(Date.UTC(2026, 2, 14, 9, 0, i)).toISOString()
    if (i % 2 === 0) {
      out.push({ id: `msg-${i}`, role: 'user', createdAt: t, parts: [{ type: 'text', text: `Please look up order ${1000 + i} and tell me when it ships.` }] })
    } else {
      const parts = [
        { type: 'text', text: 'Let me check that order for you.', state: 'done' },
        {
          type: 'tool-lookupOrder',
          toolCallId: `call_${i}`,
          state: 'output-available',
          input: { orderId: 1000 + i },
          output: { status: 'packed', carrier: 'DHL', eta: '2026-03-18', items: [{ sku: 'A-1', qty: 2 }] },
        },
      ]
      if (i % 5 === 1) parts.push({ type: 'data-weather', id: `w${i}`, data: { city: 'Oslo', tempC: 4.5 } })
      parts.push({ type: 'text', text: `Order ${1000 + i} is packed and ships with DHL; expected 18 March.`, state: 'done' })
      out.push({ id: `msg-${i}`, role: 'assistant', createdAt: t, parts, metadata: { model: 'm-1', tokens: 120 + i } })
    }
  }
  return out
}

export const messagesValid = makeMessages(50)
/** Invalid late: message 47's tool part has a state no branch allows. */
export const messagesInvalid = withChange(messagesValid, (x) => {
  x[47].parts[1].state = 'done'
})
const messagesProbes = [
  ['valid: empty history', true, (x) => { x.length = 0 }],
  ['invalid: text part without text', false, (x) => { delete x[10].parts[0].text }],
  ['invalid: unknown part type (no oneOf branch)', false, (x) => { x[3].parts[0].type = 'image' }],
  ['invalid: role enum', false, (x) => { x[20].role = 'tool' }],
  ['invalid: createdAt date-time', false, (x) => { x[30].createdAt = 'yesterday' }],
  ['invalid: empty parts (minItems)', false, (x) => { x[40].parts = [] }],
  ['invalid: extra key on a data part', false, (x) => { x[1].parts[2].extra = true }],
].map(([name, valid, change]) => ({ name, valid, data: withChange(messagesValid, change) }))

// ── 3. recursive tree ────────────────────────────────────────────────────────────────────────
export const treeSchema = {
  $schema: DRAFT,
  $ref: '#/$defs/node',
  $defs: {
    node: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 0 },
        label: { type: 'string', minLength: 1, maxLength: 64 },
        weight: { type: 'number' },
        children: { type: 'array', items: { $ref: '#/$defs/node' } },
      },
      required: ['id', 'label'],
      additionalProperties: false,
    },
  },
}

/** A complete ternary tree of the given depth: depth 7 gives 3,280 nodes. */
function makeTree(depth, branching = 3) {
  let id = 0
  const build = (d) => {
    const node = { id: id++, label: `node ${id}`, weight: (id % 17) / 4 }
    if (d > 0) {
      node.children = []
      for (let i = 0; i < branching; i++) node.children.push(build(d - 1))
    }
    return node
  }
  const root = build(depth)
  return { root, count: id }
}

const tree = makeTree(7)
export const treeNodeCount = tree.count
export const treeValid = tree.root
const lastLeaf = (t) => {
  let n = t
  while (n.children) n = n.children[n.children.length - 1]
  return n
}
/** Invalid at the last leaf (visited last by a depth-first walk). */
export const treeInvalid = withChange(treeValid, (t) => {
  lastLeaf(t).id = -1
})
const treeProbes = [
  ['invalid: a leaf label too long', false, (t) => { t.children[0].children[1].children[2].label = 'x'.repeat(65) }],
  ['invalid: missing label deep', false, (t) => { delete t.children[1].children[1].children[1].children[1].label }],
  ['invalid: extra key deep', false, (t) => { lastLeaf(t).extra = 1 }],
  ['invalid: children not an array', false, (t) => { t.children[2].children = {} }],
].map(([name, valid, change]) => ({ name, valid, data: withChange(treeValid, change) }))

// ── 4. 10,000 flat records ───────────────────────────────────────────────────────────────────
export const recordsSchema = {
  $schema: DRAFT,
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1 },
      sku: { type: 'string', minLength: 1, maxLength: 32 },
      name: { type: 'string' },
      qty: { type: 'integer', minimum: 0 },
      price: { type: 'number', minimum: 0 },
      currency: { type: 'string', enum: ['EUR', 'USD', 'GBP', 'NOK'] },
      active: { type: 'boolean' },
      createdAt: { type: 'string', format: 'date-time' },
    },
    required: ['id', 'sku', 'qty', 'price', 'currency', 'createdAt'],
    additionalProperties: false,
  },
}

function makeRecords(n) {
  const out = []
  const currencies = ['EUR', 'USD', 'GBP', 'NOK']
  for (let i = 1; i <= n; i++) {
    out.push({
      id: i,
      sku: `SKU-${String(i).padStart(6, '0')}`,
      name: `Item number ${i}`,
      qty: i % 40,
      price: Math.round(i * 7.31) / 100,
      currency: currencies[i % 4],
      active: i % 3 !== 0,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3600_000).toISOString(),
    })
  }
  return out
}

export const recordsValid = makeRecords(10_000)
/** Invalid late: record 9,990 has an hour 24. */
export const recordsInvalid = withChange(recordsValid, (x) => {
  x[9989].createdAt = '2026-01-01T24:00:00Z'
})
const recordsProbes = [
  ['invalid: currency enum', false, (x) => { x[5000].currency = 'SEK' }],
  ['invalid: qty negative', false, (x) => { x[7000].qty = -1 }],
  ['invalid: missing sku', false, (x) => { delete x[9000].sku }],
  ['invalid: createdAt without time zone', false, (x) => { x[9999].createdAt = '2026-01-01T10:00:00' }],
].map(([name, valid, change]) => ({ name, valid, data: withChange(recordsValid, change) }))

export const hotWorkloads = [
  { id: '1', name: 'tool input (16 props, formats, anyOf)', schema: toolSchema, valid: toolValid, invalid: toolInvalid, probes: toolProbes },
  { id: '2', name: `UI messages (50, oneOf via $ref)`, schema: messagesSchema, valid: messagesValid, invalid: messagesInvalid, probes: messagesProbes },
  { id: '3', name: `recursive tree (${tree.count.toLocaleString('en-US')} nodes)`, schema: treeSchema, valid: treeValid, invalid: treeInvalid, probes: treeProbes },
  { id: '4', name: '10,000 flat records (date-time)', schema: recordsSchema, valid: recordsValid, invalid: recordsInvalid, probes: recordsProbes },
]

// ── 5 / 7. distinct tool schemas (cold start, memory) ───────────────────────────────────────
// The tool schema with one property renamed and one enum value changed per id: every id is a
// schema no library has seen (no cache keyed by content or by object can serve it).
const templateJSON = JSON.stringify(toolSchema).replaceAll('"title"', '"title__ID__"').replace('"other"', '"other__ID__"')
const templateDataJSON = JSON.stringify(toolValid).replace('"title"', '"title__ID__"')

/** A fresh schema object (parsed from text) and a valid value for it. */
export function distinctTool(id) {
  return {
    schema: JSON.parse(templateJSON.replaceAll('__ID__', String(id))),
    valid: JSON.parse(templateDataJSON.replaceAll('__ID__', String(id))),
  }
}

/** The same value with the changed enum value: valid only for that id's schema. */
export function distinctToolOther(id) {
  const v = JSON.parse(templateDataJSON.replaceAll('__ID__', String(id)))
  v.category = `other${id}`
  return v
}

// ── 6. applyDefaults, then validate ─────────────────────────────────────────────────────────
/** The tool call with every defaulted field left out (what a model often sends). */
export const toolSparse = withChange(toolValid, (x) => {
  delete x.priority
  delete x.retries
  delete x.notify
  for (const a of x.attachments) delete a.inline
})
export const toolSparseExpected = withChange(toolValid, (x) => {
  x.priority = 'normal'
  x.retries = 0
  x.notify = true
  for (const a of x.attachments) a.inline = false
})

// The project's own example (examples/tool-input.schema.json, examples/valid.json): row i3b.
const readExample = (name) => JSON.parse(readFileSync(new URL(`../examples/${name}`, import.meta.url), 'utf8'))
export const meetingSchema = readExample('tool-input.schema.json')
export const meetingInput = readExample('valid.json')
export const meetingExpected = withChange(meetingInput, (x) => {
  x.durationMinutes = 30
  x.room = 'remote'
  x.attendees[0].optional = false
})

// ── rows i3a: the cycle guard ──────────────────────────────────────────────────────────────
const guardTreeSchema = {
  type: 'object',
  properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#' } } },
  required: ['value'],
}
/**
 * Both schemas do the same keyword work (`if` is false, so `then` is never applied); they differ
 * only in whether `then` refers back to the root, which makes an in-place cycle: the guarded one
 * has a guarded reference and every node evaluates exhaustively. The ratio isolates the guard.
 */
export const guardPlainSchema = { ...clone(guardTreeSchema), if: false, then: { type: 'object' } }
/** The same, with a never-taken in-place self reference. */
export const guardCycleSchema = { ...clone(guardTreeSchema), if: false, then: { $ref: '#' } }

function makeValueTree(depth, branching = 3) {
  let n = 0
  const build = (d) => {
    const node = { value: n++ }
    if (d > 0) {
      node.children = []
      for (let i = 0; i < branching; i++) node.children.push(build(d - 1))
    }
    return node
  }
  return build(depth)
}
export const guardTree = makeValueTree(7)
export const guardTreeInvalid = withChange(guardTree, (t) => {
  lastLeaf(t).value = 'x'
})
export const guardProbes = [
  { name: 'valid: leaf', valid: true, data: { value: 1 } },
  { name: 'invalid: missing value deep', valid: false, data: { value: 1, children: [{ value: 2, children: [{}] }] } },
  { name: 'invalid: not an object', valid: false, data: [] },
  { name: 'invalid: children not an array', valid: false, data: { value: 1, children: { value: 2 } } },
]
