import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { E2E_PROJECTS, onlyElsewhere, type E2eProject } from '../support/e2e-projects'

// Which Playwright project lists which test (docs/testing.md, "Where each Playwright test runs"):
// a test names its projects with tags, and a project leaves out what is tagged for others only.

/** The projects a test with these tags is listed in: what no project's grepInvert matches. */
function listedIn(grepTitle: string) {
  return E2E_PROJECTS.filter((project) => !onlyElsewhere(project).test(grepTitle))
}

describe('the tag rule', () => {
  test.each<[string, E2eProject[]]>([
    ['shell.spec.ts the home page renders', ['chromium', 'mobile', 'no-js']],
    ['security.spec.ts every route refuses a cross-site POST @chromium', ['chromium']],
    ['polish.spec.ts wishlist heart rolls back @chromium @mobile', ['chromium', 'mobile']],
    ['shell.spec.ts the menu opens @mobile @no-js', ['mobile', 'no-js']],
    ['google.spec.ts Google sign-in (iii) redirect flow @no-js', ['no-js']],
    ['search-map.spec.ts at 375 px with JavaScript @mobile List and Map', ['mobile']],
    // Not a project's tag: the test runs everywhere.
    ['x.spec.ts a test @no-jsx @slow', ['chromium', 'mobile', 'no-js']],
    ['x.spec.ts mails organizer@example.com', ['chromium', 'mobile', 'no-js']],
  ])('%s → %j', (title, projects) => {
    expect(listedIn(title)).toEqual(projects)
  })
})

test('no spec skips by project at run time: it tags the test instead', () => {
  const dir = path.resolve('tests/e2e')
  // A skip whose condition reads the project (its name, width or JavaScript) lists the test in a
  // project only to skip it there; one that reads the environment (seeded data, Java) stays. The
  // condition is what comes before the skip's message, over as many lines as it takes.
  const reads = /\b(?:isMobile|javaScriptEnabled|browserName|project\.name|project\.use|isNarrow)\b/
  const found = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8')
      return [...text.matchAll(/test\.(?:skip|fixme)\(([^'"`]*)/g)]
        .filter((call) => reads.test(call[1]!))
        .map((call) => `${file}:${text.slice(0, call.index).split('\n').length}: ${call[0].replace(/\s+/g, ' ')}`)
    })
  expect(found).toEqual([])
})
