// Links the server writes never come from the request: every loader that writes an absolute URL
// (the reset mail, sitemaps, robots.txt, the RSS feed, the venue page's JSON-LD, the API's `url`
// field, the calendar file, the root loader's origin for canonical and Open Graph links) is asked
// for by a request whose URL, Host and X-Forwarded-* headers all name another site, and must write
// the configured public origin instead.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { seed } from '~/seed/seed.server'
import { publicOrigin } from '~/env.server'
import { venuePath } from '~/features/venues/venue-urls'
import { loader as rootLoader } from '~/root'
import { action as forgotAction } from '~/routes/_auth+/forgot-password'
import { loader as icsLoader } from '~/routes/_planner+/travel-booking-demo_.calendar[.]ics'
import { loader as robotsLoader } from '~/routes/_seo+/robots[.]txt'
import { loader as sitemapIndexLoader } from '~/routes/_seo+/sitemap[.]xml'
import { loader as sitemapLoader } from '~/routes/_seo+/sitemaps.$file'
import { loader as venueApiLoader } from '~/routes/api+/v1.venues.$id'
import { loader as rssLoader } from '~/routes/blog+/rss[.]xml'
import { loader as venueLoader } from '~/routes/venues+/$state_.$city_.$slug'
import { resetMailer } from '~/platform/mail.server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const FORGED = {
  Host: 'evil.example',
  'X-Forwarded-Host': 'evil.example:8443',
  'X-Forwarded-Proto': 'https',
  Forwarded: 'host=evil.example',
}
const forged = (path: string) => new Request(`http://evil.example:8443${path}`, { headers: FORGED })
const args = (path: string, params: Record<string, string> = {}) => routeArgs(forged(path), params)

const saved = { APP_URL: process.env.APP_URL, DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL, PORT: process.env.PORT }
let outbox: string

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  globalThis.__stagepassEnv = undefined
  resetMailer()
}

beforeAll(async () => {
  await seed(db, { venues: 5 })
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-origin-'))
  outbox = path.join(dir, 'outbox')
  // No SMTP: mails land as .eml files in DATA_DIR/outbox.
  setEnv({ APP_URL: 'https://stagepass.example', DATA_DIR: dir, SMTP_URL: undefined })
})

afterAll(() => setEnv(saved))

/** The text of every answer, so the assertions below hold for all of them. */
async function bodyOf(answer: unknown) {
  if (answer instanceof Response) return answer.text()
  return JSON.stringify(answer)
}

describe('links the server writes', () => {
  test('the reset mail links to the configured origin whatever Host and X-Forwarded-Host say, APP_URL set or not', async () => {
    const mails = async (email: string) => {
      await forgotAction(routeArgs(new Request(forged('/forgot-password'), { method: 'POST', body: new URLSearchParams({ email }) }), {}))
      const files = await fs.readdir(outbox)
      const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outbox, f), 'utf8')))
      await Promise.all(files.map((f) => fs.rm(path.join(outbox, f))))
      return texts.map((t) => t.replace(/=\r?\n/g, ''))
    }
    const { user } = await createTestUser('organizer')
    const [withAppUrl] = await mails(user.email)
    expect(withAppUrl).toContain('https://stagepass.example/reset-password?token=')
    expect(withAppUrl).not.toContain('evil.example')
    // A fresh `npm start` has no APP_URL: the link names this machine, not the Host header.
    setEnv({ APP_URL: undefined, PORT: '4321' })
    try {
      const [withoutAppUrl] = await mails(user.email)
      expect(withoutAppUrl).toContain('http://localhost:4321/reset-password?token=')
      expect(withoutAppUrl).not.toContain('evil.example')
    } finally {
      setEnv({ APP_URL: 'https://stagepass.example', PORT: saved.PORT })
    }
  })

  test('sitemaps, robots.txt, RSS, JSON-LD, the API url field, the calendar and the root origin all use APP_URL', async () => {
    const [venue] = await db.query.venues.findMany({ limit: 1 })
    const organizer = await createTestUser('organizer')
    const calendar = new Request(
      forged(
        `/travel-booking-demo/calendar.ics?${new URLSearchParams({ cities: `${venue!.city}, ${venue!.stateCode}`, days: '2', guests: '50', budget: '50000' })}`,
      ),
      {
        headers: { ...FORGED, Cookie: organizer.cookie },
      },
    )
    // The venue page's JSON-LD goes into the document only (app/web/server-only-markup.tsx): it is
    // checked with the loader's data.
    const venueArgs = args(venuePath(venue!), { state: venue!.stateCode.toLowerCase(), city: venue!.citySlug, slug: venue!.slug })
    const venueData = await venueLoader(venueArgs)
    const answers = {
      sitemapIndex: await sitemapIndexLoader(args('/sitemap.xml')),
      sitemap: await sitemapLoader(args('/sitemaps/landing.xml', { file: 'landing.xml' })),
      venues: await sitemapLoader(args('/sitemaps/venues-1.xml', { file: 'venues-1.xml' })),
      robots: await robotsLoader(args('/robots.txt')),
      rss: await rssLoader(args('/blog/rss.xml')),
      venuePage: { data: venueData, documentOnly: (venueArgs.context as AppLoadContext).serving?.serverOnly },
      api: await venueApiLoader(args(`/api/v1/venues/${venue!.id}`, { id: venue!.id })),
      calendar: await icsLoader(routeArgs(calendar)),
      root: await rootLoader(args('/')),
    }
    for (const [name, answer] of Object.entries(answers)) {
      const body = await bodyOf(answer)
      expect(body, name).toContain('https://stagepass.example')
      expect(body, name).not.toContain('evil.example')
    }
  })

  test('APP_URL unset: the origin is http://localhost:$PORT, never the request', async () => {
    setEnv({ APP_URL: undefined, PORT: '4321' })
    try {
      expect(publicOrigin()).toBe('http://localhost:4321')
      const text = await (await robotsLoader(args('/robots.txt'))).text()
      expect(text).toContain('Sitemap: http://localhost:4321/sitemap.xml')
    } finally {
      setEnv({ APP_URL: 'https://stagepass.example', PORT: saved.PORT })
    }
  })
})
