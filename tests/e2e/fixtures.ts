import { randomBytes } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import type { Role } from '~/core/domain'
import type { ToastInput } from '~/core/toast'

export { expect }

/**
 * Waits for hydration: the voice widget's button is drawn only after it. Until then a click is the
 * browser's (a form posts, a link loads), as without JavaScript (docs/architecture.md, 'Hydration').
 */
export async function hydrated(page: Page) {
  await expect(page.getByRole('button', { name: 'Voice assistant', exact: true })).toBeVisible()
}

/** The demo accounts the seed creates (listed in README.md); they exist only when the server was seeded. */
export const DEMO_ACCOUNTS = {
  admin: 'admin@example.com',
  organizer: 'organizer@example.com',
  owner: 'owner@example.com',
} as const
export const DEMO_PASSWORD = 'demo-pass-2026'

export type FixtureUser = { id: string; email: string; role: Role; firstName: string | null; lastName: string | null }

type LoginOptions = { role?: Role; email?: string; firstName?: string | null; lastName?: string | null }

type Cookie = { name: string; value: string; httpOnly: boolean; secure: boolean }

type Fixtures = {
  /**
   * Signs the page's browser context in by writing a session on the server (no form, no
   * clicking): creates the user, or reuses the one with that email. Defaults to a fresh
   * organizer named Ada Lovelace with a unique email.
   */
  login: (options?: LoginOptions) => Promise<FixtureUser & { token: string }>
  /** Puts a flash toast in the context's cookies, as a redirect after a mutation would. */
  flashToast: (toast: ToastInput) => Promise<void>
  /** console.error and uncaught page errors fail the test unless a pattern given here matches. */
  consoleErrors: { allow: (...patterns: RegExp[]) => void }
}

async function callFixtures(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post('/resources/test-fixtures', {
    data: body,
    headers: { 'X-E2E-Fixtures-Secret': process.env.E2E_FIXTURES_SECRET ?? '' },
  })
  if (!response.ok()) {
    throw new Error(
      `The test fixtures route answered ${response.status()}: ${await response.text()}\n` +
        'Is the server the one playwright.config.ts started (E2E_FIXTURES_SECRET), on loopback?',
    )
  }
  return ((await response.json()) as { data: { cookie: Cookie } & Record<string, unknown> }).data
}

/**
 * A venue listed through the JSON API by the holder of `token`: a venue owner's own (a first
 * listing waits for review; its owner edits it meanwhile), or an admin's, which stays unclaimed.
 */
export async function listVenue(request: APIRequestContext, token: string, fields: Record<string, unknown> = {}) {
  const response = await request.post('/api/v1/venues', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `E2E Room ${randomBytes(4).toString('hex')}`,
      venueType: 'club',
      address: '1 Test St',
      city: 'Austin',
      stateCode: 'TX',
      capacity: 200,
      dayRate: 900,
      ...fields,
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { data: { id: string; name: string } }).data
}

/** Moves the venue's last calendar sync a minute back, so 'Sync now' is not refused as too soon. */
export async function ageCalendarSync(request: APIRequestContext, venueId: string) {
  await callFixtures(request, { intent: 'age-calendar-sync', venueId })
}

async function addCookie(context: BrowserContext, baseURL: string, cookie: Cookie) {
  await context.addCookies([{ ...cookie, url: baseURL, sameSite: 'Lax' }])
}

export const test = base.extend<Fixtures>({
  login: async ({ context, request, baseURL }, use) => {
    await use(async ({ role = 'organizer', email, firstName = 'Ada', lastName = 'Lovelace' } = {}) => {
      const address = email ?? `e2e-${role}-${randomBytes(6).toString('hex')}@example.test`
      const data = await callFixtures(request, { intent: 'login', email: address, role, firstName, lastName })
      await addCookie(context, baseURL!, data.cookie)
      return { ...(data.user as FixtureUser), token: data.token as string }
    })
  },

  flashToast: async ({ context, request, baseURL }, use) => {
    await use(async (toast) => {
      const data = await callFixtures(request, { intent: 'toast', ...toast })
      await addCookie(context, baseURL!, data.cookie)
    })
  },

  // Automatic: a test fails when its page logs console.error or throws, unless the test allowed
  // that message with consoleErrors.allow(/pattern/). Nothing is allowed by default.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const allowed: RegExp[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`)
      })
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`))
      await use({ allow: (...patterns) => void allowed.push(...patterns) })
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))
      expect(unexpected, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})
