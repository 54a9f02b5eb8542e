import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// One way for each thing (issue #35): the shared helpers below are defined by exactly one module of
// app/, so a page or service cannot pick up a look-alike with other rules by its name.
const ONE_WAY = ['requireRole', 'Actor', 'slugify', 'kebab']

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

const definitions = new Map<string, string[]>()
for (const file of sourceFiles('app')) {
  const source = fs.readFileSync(file, 'utf8')
  for (const match of source.matchAll(/^\s*(?:export\s+)?(?:async\s+)?(?:function|const|let|type|interface|class)\s+(\w+)/gm)) {
    const name = match[1]!
    if (!ONE_WAY.includes(name)) continue
    definitions.set(name, [...(definitions.get(name) ?? []), file])
  }
}

test.each(ONE_WAY.filter((name) => name !== 'kebab'))('%s is defined once', (name) => {
  expect(definitions.get(name) ?? []).toHaveLength(1)
})

test('the retired names are gone', () => {
  expect(definitions.get('kebab') ?? []).toEqual([])
})

test('only the database client reads a SQLSTATE off an error', () => {
  const readers = sourceFiles('app').filter(
    (file) => !file.endsWith(path.join('db', 'client.server.ts')) && /code\s*===\s*'[0-9][0-9A-Z]{4}'/.test(fs.readFileSync(file, 'utf8')),
  )
  expect(readers).toEqual([])
})

// Errors by code only: a refusal's message may be reworded, so nothing decides by its text. The
// database client is the exception: the pg driver's own connection errors carry no code.
const READS_MESSAGE =
  /(?<!typeof [\w.?]*)\.message\s*[!=]==|\.message\??\.(includes|startsWith|endsWith|match|indexOf)\(|\.test\([^()]*\.message\)/
test('nothing classifies an error by its message text', () => {
  const readers = sourceFiles('app').filter(
    (file) => !file.endsWith(path.join('db', 'client.server.ts')) && READS_MESSAGE.test(fs.readFileSync(file, 'utf8')),
  )
  expect(readers).toEqual([])
})

// One reading of a validation error by field (issuesByField in app/core/fields.ts): four of them
// once named the form-level key differently ('', 'form', 'body', 'q') and keyed lists apart.
test('only the fields module reads a validation issue’s path', () => {
  const readers = sourceFiles('app').filter(
    (file) =>
      !file.endsWith(path.join('core', 'fields.ts')) && /\.path\.join\(|\.path\[0\]|issue\.path\b/.test(fs.readFileSync(file, 'utf8')),
  )
  expect(readers).toEqual([])
})

// One seeded random generator (createRng in app/core/random.ts): the seed data, the venue drawings
// and the planner's heuristic each had their own.
test('only the random module makes a seeded random generator', () => {
  const makers = sourceFiles('app').filter(
    (file) =>
      !file.endsWith(path.join('core', 'random.ts')) && /from 'seedrandom'|0x6d2b79f5|\bmulberry/i.test(fs.readFileSync(file, 'utf8')),
  )
  expect(makers).toEqual([])
})

// Day arithmetic and 'today' live in the date module (app/core/dates.ts, with today.ts split off
// for the search form's bundle). The venue page's calendar unpacks its days by hand: the date module
// is not in that page's JavaScript, and loading it would cost the page bytes of its budget.
const DAY_ARITHMETIC = /86_?400_?000|24 \* 60 \* 60 \* 1000|toISOString\(\)\.slice\(0, ?10\)|const DAY(_MS)? = [\d(]/
const DAY_ARITHMETIC_HOMES = [path.join('core', 'dates.ts'), path.join('core', 'today.ts'), path.join('venue', 'availability-calendar.tsx')]
test('day arithmetic and today are the date module’s', () => {
  const sites = sourceFiles('app').filter(
    (file) => !DAY_ARITHMETIC_HOMES.some((home) => file.endsWith(home)) && DAY_ARITHMETIC.test(fs.readFileSync(file, 'utf8')),
  )
  expect(sites).toEqual([])
})

test('only the money module formats a currency', () => {
  const formatters = sourceFiles('app').filter(
    (file) => !file.endsWith(path.join('core', 'money.ts')) && /style:\s*'currency'/.test(fs.readFileSync(file, 'utf8')),
  )
  expect(formatters).toEqual([])
})

// Dollar amounts are written by formatUsd too: a '$' pasted before a number ('$' + n, `$${n}`, or
// JSX text `$` before `{n}`) gives '$-1,200' for a refund and '$1200' without the comma.
const HAND_DOLLARS = /\$\$\{|'\$'\s*\+|\+\s*'\$'/
const JSX_DOLLAR = /(^|[^`\w])\$\{/
function handDollars(file: string) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      HAND_DOLLARS.test(line) || (file.endsWith('.tsx') && !line.includes('`') && JSX_DOLLAR.test(line)) ? [`${file}:${i + 1}`] : [],
    )
}
test('amounts in dollars go through the money module', () => {
  expect(sourceFiles('app').flatMap(handDollars)).toEqual([])
})

// One form library in the browser (docs/decisions/040): server-form.ts. Nothing in app/ imports
// conform's React package but its types (the server builds results with conform's zod parser).
test('no page builds a form with conform’s useForm, nor loads conform in the browser', () => {
  const users = sourceFiles('app').filter((file) => /^import\s*\{[^}]*\}\s*from '@conform-to\/react'/m.test(fs.readFileSync(file, 'utf8')))
  expect(users).toEqual([])
})
