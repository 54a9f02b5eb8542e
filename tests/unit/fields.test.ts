import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { addDays, todayIso } from '~/core/dates'
import {
  CONTROL_IN_TEXT_MESSAGE,
  CONTROL_MESSAGE,
  isCheckedBlob,
  isCheckedText,
  isoDate,
  jsonObject,
  text,
  wholeNumber,
} from '~/core/fields'

// Every schema the app exports, walked field by field: each string a request can fill must come
// from the shared builders of app/core/fields.ts (a maximum length, and the control-character
// check). A bare z.string() added later fails here, naming the module and the field.
// Not walked: realtime-frames.ts, whose schemas read what our own server sends to the browser.
const modules = import.meta.glob<Record<string, unknown>>(
  [
    '/app/{core,web,hooks,features}/**/*.ts',
    '!/app/{core,web,hooks}/**/*.server.ts',
    '!/app/core/realtime-frames.ts',
    '/app/platform/*.server.ts',
  ],
  { eager: true },
)

type Def = { type: string; checks?: unknown[]; [key: string]: unknown }
type Node = { _zod: { def: Def; bag: { maximum?: number } } }

/** The string schemas a request's input reaches inside `schema`, with their paths. */
function stringsOf(schema: Node, path: string, out: Array<{ path: string; schema: Node }>, depth = 0) {
  if (depth > 30) return out
  const def = schema._zod.def
  const next = (child: unknown, at: string) => stringsOf(child as Node, at, out, depth + 1)
  switch (def.type) {
    case 'string':
      out.push({ path, schema })
      break
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) next(child, `${path}.${key}`)
      break
    case 'array':
      next(def.element, `${path}[]`)
      break
    case 'union':
      for (const option of def.options as unknown[]) next(option, path)
      break
    case 'record':
      // A JSON blob of the builders checks its own size and NUL characters.
      if (!isCheckedBlob(schema)) {
        next(def.keyType, `${path}{key}`)
        next(def.valueType, `${path}{}`)
      }
      break
    case 'intersection':
      next(def.left, path)
      next(def.right, path)
      break
    case 'pipe': {
      // z.preprocess(fn, schema): the input reaches `out`. Otherwise only `in` sees the request;
      // `out` checks what our own transform made of it.
      const input = def.in as Node
      next(input._zod.def.type === 'transform' ? def.out : input, path)
      break
    }
    default:
      if (def.innerType) next(def.innerType, path)
  }
  return out
}

const exported = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([, value]) => value instanceof z.ZodType)
    .map(([name, value]) => ({ where: `${file.replace('/app/', '')} ${name}`, schema: value as unknown as Node })),
)
// The search schema is built on first use (it stays out of the search pages' bundle).
const search = modules['/app/features/search/search-params.ts'] as { searchParamsSchema: () => unknown }
exported.push({ where: 'features/search/search-params.ts searchParamsSchema()', schema: search.searchParamsSchema() as Node })

describe('every exported schema', () => {
  test('was found: the walk is not empty', () => {
    expect(exported.length).toBeGreaterThan(25)
    expect(exported.flatMap(({ schema }) => stringsOf(schema, '', [])).length).toBeGreaterThan(80)
  })

  test('builds each text field with the shared builders: a maximum length and no control characters', () => {
    const missing = exported.flatMap(({ where, schema }) =>
      stringsOf(schema, '', [])
        .filter(({ schema: field }) => field._zod.bag.maximum === undefined || !isCheckedText(field))
        .map(
          ({ path, schema: field }) =>
            `${where}${path}${field._zod.bag.maximum === undefined ? ' has no maximum' : ' allows control characters'}`,
        ),
    )
    expect(missing).toEqual([])
  })
})

describe('text', () => {
  const name = text({ required: 'Name is required', min: 1, max: 10 })
  const body = text({ max: 50, multiline: true })

  test('NUL, CR, LF and other C0 characters never pass a one-line field', () => {
    for (const c of ['\u0000', '\r', '\n', '\u000b', '\u001b', '\u007f', '\t'])
      expect(name.safeParse(`Jo${c}hn`).error?.issues[0]?.message).toBe(CONTROL_MESSAGE)
  })

  test('a multi-line text keeps tab and newline, turns CRLF into LF, and refuses NUL', () => {
    expect(body.parse('one\r\ntwo\tthree\nfour')).toBe('one\ntwo\tthree\nfour')
    expect(body.safeParse('one\u0000two').error?.issues[0]?.message).toBe(CONTROL_IN_TEXT_MESSAGE)
    expect(body.safeParse('bell\u0007').success).toBe(false)
  })

  test('the maximum is checked first, and alone: a megabyte gets one message', () => {
    const result = name.safeParse('\u0000'.repeat(1_000_000))
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please keep it under 10 characters'])
  })

  test('property: whatever the string, a one-line field accepts it only without control characters and within the maximum', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 20 }), (value) => {
        const trimmed = value.trim()
        const control = [...trimmed].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
        const ok = trimmed.length >= 1 && trimmed.length <= 10 && !control
        expect(name.safeParse(value).success).toBe(ok)
      }),
    )
  })
})

describe('isoDate', () => {
  const date = isoDate({ message: 'Choose a date' })
  test('inside the horizon passes; outside, or not a real date, gets a message', () => {
    expect(date.parse(addDays(todayIso(), 30))).toBe(addDays(todayIso(), 30))
    expect(date.safeParse('9999-12-31').error?.issues[0]?.message).toBe('Choose a date within the next three years')
    expect(date.safeParse('2001-01-01').error?.issues[0]?.message).toBe('Choose a date within the last year')
    for (const bad of ['+010000-01-01', '275760-09-13', '2026-02-30', '2027-02-29', '2026-03-01T00:00:00+14:00', 'x'.repeat(100_000)])
      expect(date.safeParse(bad).error?.issues[0]?.message).toBe('Choose a date')
  })
})

describe('wholeNumber', () => {
  const guests = wholeNumber('Guests are required', 'Guests must be a whole number')
  test('a JSON number or a form string of digits; never true, [5], or an object', () => {
    expect(guests.parse(5)).toBe(5)
    expect(guests.parse(' 12 ')).toBe(12)
    for (const bad of [true, false, [5], ['5'], { n: 5 }, '5 people', '1e3', 1.5, Number.NaN, Infinity, null])
      expect(guests.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    expect(guests.safeParse(undefined).error?.issues[0]?.message).toBe('Guests are required')
    expect(guests.safeParse('').error?.issues[0]?.message).toBe('Guests are required')
    expect(guests.safeParse(true).error?.issues[0]?.message).toBe('Guests must be a whole number')
  })
})

describe('jsonObject', () => {
  const metadata = jsonObject(2000)
  test('at most 2,000 bytes of JSON, no NUL anywhere', () => {
    expect(metadata.parse({ planId: 'abc', stops: [1, 2] })).toEqual({ planId: 'abc', stops: [1, 2] })
    expect(metadata.safeParse({ blob: 'x'.repeat(2000) }).error?.issues[0]?.message).toBe('Metadata must be at most 2000 bytes of JSON')
    // Multi-byte characters count as bytes, as PostgreSQL's NOTIFY does.
    expect(metadata.safeParse({ blob: '😀'.repeat(600) }).success).toBe(false)
    expect(metadata.safeParse({ nested: { deep: 'a\u0000b' } }).success).toBe(false)
  })
})
