import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// One failure shape for every form (issue #35): a page action answers a refusal only through
// `formFailure` and its runners in app/web/form-errors.server.ts (docs/architecture.md, "Errors"),
// so every form reads `{ result: { error, code, initialValue } }` the same way. This scans the
// page routes' actions for answers shaped by hand: a conform reply built in the route, a body whose
// key names errors, or an error toast built in place. The JSON API answers through handleApi, and a
// resource route that answers a bare Response (the theme toggle) is no form.
const HAND_SHAPED = [
  { what: 'a conform reply built in the route', pattern: /submission\.reply\(/g },
  {
    what: 'an answer with an error key of its own',
    pattern: /(?<![.\w])(?:data|json)\(\s*\{(?:[^()]|\([^()]*\))*?\b\w*(?:error|Error)s?\??\s*[:,}]/g,
  },
  { what: 'an error toast built by hand', pattern: /(?<![.\w])(?:data|json)\(\s*\{(?:[^()]|\([^()]*\))*?type:\s*'error'/g },
  { what: 'a retired adapter', pattern: /\b(?:actionError|formReply|fieldRefusal)\(/g },
]
// A route module's actions answer through `data()` or a FormFailure: a plain object with an error
// key there is a hand shape (a `.server` helper's plain objects are loader data, so not scanned).
const PLAIN = {
  what: 'a plain object with an error key',
  pattern: /\breturn\s*\{(?:[^{}()]|\([^()]*\))*?\b\w*(?:error|Error)s?\??\s*[:,}]/g,
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'api+' ? [] : routeFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

/**
 * The actions' code: a route module's `action` and `clientAction` (each to its closing brace), or
 * a whole `.server` helper. Everything else is blanked, so the line numbers stay the file's.
 */
function actionCode(file: string, source: string) {
  if (file.endsWith('.server.ts')) return source
  const kept = source.replace(/[^\n]/g, ' ').split('')
  for (const match of source.matchAll(/^export (?:async function (?:client)?[aA]ction\b|const (?:client)?[aA]ction\b)/gm)) {
    const start = match.index
    const end = source.slice(start).search(/^\}/m)
    const stop = end < 0 ? source.length : start + end + 1
    for (let i = start; i < stop; i++) kept[i] = source[i]!
  }
  return kept.join('')
}

export function handShaped(source: string, { routeModule = true } = {}) {
  return [...HAND_SHAPED, ...(routeModule ? [PLAIN] : [])].flatMap(({ what, pattern }) =>
    [...source.matchAll(pattern)].map((match) => `${source.slice(0, match.index).split('\n').length}: ${what}`),
  )
}

test('the scan finds each hand-shaped answer', () => {
  expect(handShaped('return data({ result: submission.reply() }, { status: 400 })')).toHaveLength(1)
  expect(handShaped('return data({ intent, result: null, ruleErrors, specErrors: errors }, { status: 400 })')).toHaveLength(1)
  expect(handShaped("return data({ target, error: 'Unknown action.' }, { status: 400 })")).toHaveLength(1)
  expect(handShaped("return data({ ok: false, toast: { type: 'error', description: 'No' } })")).toHaveLength(1)
  expect(handShaped('return data({ form: { values, errors } }, { status })')).toHaveLength(1)
  expect(handShaped("return actionError(error, 'Failed')")).toHaveLength(1)
  expect(handShaped("return { error: 'Could not update your wishlist.' }")).toHaveLength(1)
  expect(handShaped('return { plan, errors: {} }', { routeModule: false })).toEqual([])
  expect(handShaped('return formFailure(error, { values: form })')).toEqual([])
  expect(handShaped('return data({ params, label })')).toEqual([])
  expect(handShaped("return Response.json({ error: 'Theme must be light or dark.' })")).toEqual([])
})

test('no page route shapes a failure by hand', () => {
  const found = routeFiles('app/routes').flatMap((file) =>
    handShaped(actionCode(file, fs.readFileSync(file, 'utf8')), { routeModule: !file.endsWith('.server.ts') }).map(
      (where) => `${file}:${where}`,
    ),
  )
  expect(found).toEqual([])
})
