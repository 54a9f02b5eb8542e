// Property-based fuzzing of every zod schema the forms and the JSON API parse with. Schemas are
// found, not listed: every zod export of the client-safe modules of core/, web/, hooks/ and each
// features/<subject>/ (the shared schema modules) is
// fuzzed, so a schema added later is covered without touching this file. For each schema, 1,000
// arbitrary values and 1,000 values shaped like its object (its own keys, hostile values) must
// parse or fail with messages, never throw; through the API's own parseJsonBody + handleApi they
// must be a 2xx or a 4xx envelope with a message, never a 500.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { handleApi, parseJsonBody } from '~/web/api.server'

const modules = import.meta.glob<Record<string, unknown>>(
  ['/app/{core,web,hooks}/*.ts', '/app/features/*/*.ts', '!/app/**/*.server.ts', '!/app/features/voice/*.ts'],
  { eager: true },
)

/** Zod's own runtime check: zod 4 schemas carry `_zod`. */
const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value

const SCHEMAS: Array<[string, z.ZodType]> = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isSchema(value))
    .map(([name, value]) => [`${file.replace(/^.*\//, '')} ${name}`, value as z.ZodType] as [string, z.ZodType]),
)

/** The keys of the object under pipes, refinements, defaults and optionals, if it is one. */
function keysOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def
  if (def.type === 'object') return Object.keys(def.shape as object)
  for (const inner of [def.in, def.innerType, def.schema]) if (inner && isSchema(inner)) return keysOf(inner)
  return []
}

/** Hostile values: wrong types, huge and odd strings, dates that do not exist, nested junk. */
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'true',
    'null',
    '2026-02-30',
    '2026-13-01',
    '9999-12-31',
    '0000-00-00',
    'a@b.c',
    '<script>',
    "' OR 1=1 --",
    '\u0000',
    '__proto__',
  ),
  fc.string({ minLength: 1000, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, Infinity, -Infinity, Number.NaN, 1e21),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)

function shaped(keys: string[]) {
  if (!keys.length) return fc.anything()
  return fc.record(Object.fromEntries(keys.map((key) => [key, hostile])), { requiredKeys: [] })
}

function failsWithMessages(result: z.ZodSafeParseResult<unknown>) {
  if (result.success) return true
  return (
    result.error.issues.length > 0 && result.error.issues.every((issue) => typeof issue.message === 'string' && issue.message.length > 0)
  )
}

test('the schema modules are found (the glob is not empty)', () => {
  expect(SCHEMAS.length).toBeGreaterThanOrEqual(15)
  expect(SCHEMAS.map(([name]) => name)).toEqual(
    expect.arrayContaining(['auth-schemas.ts registerSchema', 'booking-schemas.ts bookingSchema']),
  )
})

describe.each(SCHEMAS)('%s', (_name, schema) => {
  const keys = keysOf(schema)

  test('1,000 arbitrary and 1,000 shaped inputs: a value or messages, never a throw', async () => {
    // No null-prototype objects: zod 4.5.4 runs a string's length checks even after `invalid_type`
    // when the input has a `length` key, and `{ length: Object.create(null) }` makes that check
    // throw ("Cannot convert object to primitive value"; found by this test in CI). A request can
    // never carry one — JSON.parse, FormData and URLSearchParams make plain objects — and the
    // JSON-body property below fuzzes what requests do carry.
    for (const arbitrary of [
      fc.anything({ maxDepth: 2, withNullPrototype: false, withBigInt: true, withDate: true, withMap: true }),
      shaped(keys),
    ]) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => failsWithMessages(await schema.safeParseAsync(input))),
        { numRuns: 1000 },
      )
    }
  })

  test('1,000 JSON bodies through the API envelope: 2xx or a 4xx with a message, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(shaped(keys), fc.jsonValue(), fc.string()), fc.boolean(), async (input, raw) => {
        // Sometimes not even JSON.
        const body = raw && typeof input === 'string' ? input : JSON.stringify(input ?? null)
        const request = new Request('http://localhost/api/v1/x', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } })
        const response = await handleApi(async () => {
          await parseJsonBody(request, schema)
          return Response.json({ data: null })
        })
        if (response.status === 200) return true
        const payload = (await response.json()) as { error?: { message?: string } }
        return response.status === 400 && typeof payload.error?.message === 'string' && payload.error.message.length > 0
      }),
      { numRuns: 1000 },
    )
  })
})
