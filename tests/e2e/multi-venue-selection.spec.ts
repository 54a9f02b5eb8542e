import { DEMO_ACCOUNTS, expect, test } from './fixtures'

// /multi-venue-booking keeps each date on its own venue while the person looks for another venue:
// the finder's GET form sends only non-empty fields (with JavaScript; without it the hidden fields
// carry only filled values), so a blank date before a dated one must not move that date onto the
// first venue. docs/bookings.md, 'Several venues at once'.

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test(
  'a dated venue after an undated one keeps its date through a search for more venues',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request }) => {
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    const [first, second] = ((await mine.json()) as { data: Array<{ id: string }> }).data
    await context.clearCookies()
    await login({ role: 'organizer' })
    const date = isoInDays(200)

    await page.goto(
      `/multi-venue-booking?${new URLSearchParams([
        ['venueId', first!.id],
        ['venueId', second!.id],
        [`date.${second!.id}`, date],
      ])}`,
    )
    const rowsAsChosen = async () => {
      await expect(page.getByLabel('Venue 1', { exact: true })).toHaveValue(first!.id)
      await expect(page.getByLabel('Date', { exact: true }).nth(0)).toHaveValue('')
      await expect(page.getByLabel('Venue 2', { exact: true })).toHaveValue(second!.id)
      await expect(page.getByLabel('Date', { exact: true }).nth(1)).toHaveValue(date)
    }
    await rowsAsChosen()

    await page.getByLabel('Venue name, city or kind of room').fill('ballroom')
    await page.getByRole('button', { name: 'Find', exact: true }).click()
    await expect(page).toHaveURL(/find=ballroom/)
    await expect(page.getByRole('heading', { name: /Venues for “ballroom”/ })).toBeVisible()
    // Nothing blank travelled in the address, and the date is named after its venue.
    const url = new URL(page.url())
    expect([...url.searchParams].filter(([, value]) => value.trim() === '')).toEqual([])
    expect(url.searchParams.get(`date.${second!.id}`)).toBe(date)
    await rowsAsChosen()
  },
)
