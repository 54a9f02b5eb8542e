// axe-core on every page of the route table (app/features/accounts/route-access.ts), signed out and as each
// role, in the light and the dark theme: no WCAG 2.1 A/AA violations. One browser page per role
// and theme walks its pages, so the cost is one navigation and one axe run per page. Pages every
// role shares (the public ones) are checked signed out; signed in, each role checks its own pages
// and the home page (the header differs by role). The light theme gets every WCAG 2.1 A/AA rule;
// the dark theme only changes colours, so it gets the colour-contrast rule (half the cost).
import type { Page } from '@playwright/test'
import type { Role } from '~/core/domain'
import { ROUTE_TABLE, roleSatisfies } from '~/features/accounts/route-access'
import { DEMO_ACCOUNTS, expect, test } from './fixtures'
import { axeFor } from './axe'

test.skip(process.env.E2E_SEED_ON_START === 'false', 'walks real venue pages of the seeded data')

type Who = 'anonymous' | Extract<Role, 'organizer' | 'venue_owner' | 'admin'>
const WHO: Who[] = ['anonymous', 'organizer', 'venue_owner', 'admin']
const EMAIL: Record<Exclude<Who, 'anonymous'>, string> = {
  organizer: DEMO_ACCOUNTS.organizer,
  venue_owner: DEMO_ACCOUNTS.owner,
  admin: DEMO_ACCOUNTS.admin,
}

/** The route table's examples, with real ids where a page needs one to render more than a 404. */
async function pagesFor(page: Page, who: Who) {
  const search = await page.request.get('/api/v1/venues/search?limit=1&city=Austin')
  const venue = ((await search.json()) as { data: { venues: Array<{ id: string; slug: string; citySlug: string; stateCode: string }> } })
    .data.venues[0]!
  let ownVenueId = venue.id
  if (who === 'venue_owner') {
    const mine = await page.request.get('/api/v1/venues/my-venues')
    const list = ((await mine.json()) as { data: Array<{ id: string }> | { venues: Array<{ id: string }> } }).data
    ownVenueId = (Array.isArray(list) ? list : list.venues)[0]?.id ?? venue.id
  }
  const real = (example: string) =>
    example
      .replace(/^\/(book|claim)\/[0-9a-f]{24}$/, `/$1/${venue.id}`)
      .replace(/^\/venues\/[0-9a-f]{24}\/(edit|delete)$/, `/venues/${ownVenueId}/$1`)
  const rules = ROUTE_TABLE.filter((rule) =>
    who === 'anonymous' ? rule.access === 'public' : rule.access !== 'public' && roleSatisfies(who, rule.access),
  )
  // Files (a calendar export, feeds, CSV) are not pages: nothing for axe to read.
  const urls = rules.map((rule) => real(rule.example)).filter((url) => !/\.(ics|xml|csv|txt|json)$/.test(url))
  if (who === 'anonymous')
    urls.push(
      `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}`,
      // A date carried from search: the calendar's marked range and the prefilled booking form.
      `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}?date=${IN_200_DAYS}&end=${IN_202_DAYS}`,
      `/book/${venue.id}?date=${IN_200_DAYS}&end=${IN_202_DAYS}`,
      '/search?q=austin',
      '/no-such-page',
    )
  else urls.push('/')
  return [...new Set(urls)]
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const IN_200_DAYS = inDays(200)
const IN_202_DAYS = inDays(202)

// The signed-out walk is the longest: two halves, so they can run on two workers.
const RUNS: Array<{ who: Who; part: 0 | 1 | null }> = [
  { who: 'anonymous', part: 0 },
  { who: 'anonymous', part: 1 },
  ...WHO.slice(1).map((who) => ({ who, part: null })),
]

for (const { who, part } of RUNS) {
  for (const theme of ['light', 'dark'] as const) {
    test(
      `axe: ${who}${part === null ? '' : ` (part ${part + 1})`}, ${theme} theme`,
      { tag: '@chromium' },
      async ({ page, login, consoleErrors }) => {
        test.setTimeout(300_000)
        // 404 documents (example ids, the unknown page) log their status in the console.
        consoleErrors.allow(/404|Not Found|Failed to load resource/)
        if (who !== 'anonymous') await login({ role: who, email: EMAIL[who] })
        await page.request.post('/resources/theme', { form: { theme, redirectTo: '/' }, maxRedirects: 0 })
        const found: string[] = []
        const all = await pagesFor(page, who)
        const urls = part === null ? all : all.filter((_, i) => i % 2 === part)
        for (const url of urls) {
          const response = await page.goto(url, { waitUntil: 'load' })
          if (!(response?.headers()['content-type'] ?? '').includes('text/html')) continue
          await expect(page.locator('html'), url).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
          const axe = axeFor(page)
          const { violations } = await (
            theme === 'dark' ? axe.withRules(['color-contrast']) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          ).analyze()
          for (const v of violations)
            found.push(
              `${url} [${v.id}] ${v.help}: ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
            )
        }
        expect(found).toEqual([])
      },
    )
  }
}
