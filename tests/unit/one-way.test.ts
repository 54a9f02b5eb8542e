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
