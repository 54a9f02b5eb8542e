import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ageCalendarSync, expect, test } from './fixtures'

// The owner's calendar journey (docs/calendars.md): copy the venue's feed address, follow an
// external calendar served from a local HTTP server, see its busy dates blocked and the last sync
// time, change the calendar and press Sync now. Every step is a plain form: the no-js project
// runs it too (without the Copy button, which needs JavaScript; the address is in a field).

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const compact = (date: string) => date.replaceAll('-', '')
const allDay = (uid: string, date: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:${compact(date)}\r\nSUMMARY:Private party\r\nEND:VEVENT\r\n`

test(
  'an owner copies the feed address, follows an external calendar and syncs it',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login, request, context, browserName }) => {
    const [first, second] = [iso(20), iso(21)]
    let events = allDay('a', first)
    const server = http.createServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/calendar' })
        .end(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//EN\r\n${events}END:VCALENDAR\r\n`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/basic.ics`
    try {
      const owner = await login({ role: 'venue_owner' })
      const created = await request.post('/api/v1/venues', {
        headers: { Authorization: `Bearer ${owner.token}` },
        data: { name: 'Feed Hall', venueType: 'club', address: '1 Test St', city: 'Austin', stateCode: 'TX', capacity: 200, dayRate: 900 },
      })
      expect(created.status()).toBe(201)
      const venueId = ((await created.json()) as { data: { id: string } }).data.id
      await page.goto(`/venues/${venueId}/edit`)

      // The venue's own feed: an https address from the configured origin, and a webcal:// link.
      const address = page.getByLabel('Your private calendar address')
      const feed = await address.inputValue()
      expect(feed).toMatch(/\/calendars\/[A-Za-z0-9_-]{43}\.ics$/)
      await expect(page.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
        'href',
        feed.replace(/^https?:/, 'webcal:'),
      )
      if (await page.getByRole('button', { name: 'Copy address' }).isVisible()) {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'])
        await page.getByRole('button', { name: 'Copy address' }).click()
        await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feed)
      }
      const served = await request.get(new URL(feed).pathname)
      expect(served.headers()['content-type']).toBe('text/calendar; charset=utf-8')

      // Follow the external calendar: its busy date is blocked, with the time of the sync.
      await page.getByLabel('Calendar address (iCal or .ics)').fill(feedUrl)
      await page.getByRole('button', { name: 'Add calendar' }).click()
      await expect(page.getByText('Calendar synced: 1 date blocked, 0 opened.')).toBeVisible()
      const status = page.getByTestId('sync-status')
      await expect(status).toContainText(/Last synced .+ UTC: 1 busy date in the calendar\./)
      await page.goto(`/venues/${venueId}/edit?month=${first.slice(0, 7)}#calendar`)
      await expect(page.locator(`label:has(input[value="${first}"])`)).toContainText(/blocked/i)

      // The calendar changes; Sync now (the last sync aged past the gap between presses) follows it.
      events = allDay('b', second)
      await expect(ageCalendarSync(request, '0'.repeat(24))).rejects.toThrow(/404.*follows no calendar/)
      await ageCalendarSync(request, venueId)
      await page.getByRole('button', { name: 'Sync now' }).click()
      await expect(page.getByText('Calendar synced: 1 date blocked, 1 opened.')).toBeVisible()
      await page.goto(`/venues/${venueId}/edit?month=${second.slice(0, 7)}#calendar`)
      await expect(page.locator(`label:has(input[value="${second}"])`)).toContainText(/blocked/i)
      if (first.slice(0, 7) === second.slice(0, 7))
        await expect(page.locator(`label:has(input[value="${first}"])`)).not.toContainText(/blocked/i)
      expect(browserName).toBe('chromium')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  },
)
