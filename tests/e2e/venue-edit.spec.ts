// The owner's venue edit page in sections (issue #34, docs/venues.md "The edit page"): a list of
// anchors to each section (a column beside them at 1280 px, a row under the header at 375 px, both
// sticky) and each long form's save button at the window's foot while the form is on screen. CSS
// and links only, so the same holds with JavaScript off; the forms still save.
import { randomBytes } from 'node:crypto'
import { expect, listVenue, test } from './fixtures'

const SECTIONS = [
  'Profile',
  'Photos',
  'Calendar',
  'Your calendar feed',
  'Follow another calendar',
  'Booking rules',
  'Specs and terms',
  'Delete this venue',
]

test('sections by anchor, a sticky section list and a sticky save', async ({ page, login, request }) => {
  const owner = await login({ role: 'venue_owner' })
  const name = `Sectioned Hall ${randomBytes(4).toString('hex')}`
  const { id } = await listVenue(request, owner.token, { name, venueType: 'theater', capacity: 300, dayRate: 1500 })
  await page.goto(`/venues/${id}/edit`)
  const nav = page.getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('link')).toHaveText(SECTIONS)
  const viewport = page.viewportSize()!

  // A section reached by its anchor shows its heading clear of the header and the section list.
  await nav.getByRole('link', { name: 'Booking rules' }).click()
  await expect(page).toHaveURL(/#booking-rules$/)
  const heading = page.getByRole('heading', { level: 2, name: 'Booking rules' })
  await expect(heading).toBeInViewport()
  const navBox = (await nav.boundingBox())!
  const headingBox = (await heading.boundingBox())!
  // The list stays on screen (sticky) after the jump.
  expect(navBox.y).toBeGreaterThanOrEqual(0)
  expect(navBox.y).toBeLessThan(viewport.height)
  if (viewport.width < 1024) expect(headingBox.y).toBeGreaterThanOrEqual(navBox.y + navBox.height)
  else expect(headingBox.x).toBeGreaterThanOrEqual(navBox.x + navBox.width)

  // Halfway down the profile form its save button sits at the window's foot.
  await page.getByRole('group', { name: 'Amenities' }).scrollIntoViewIfNeeded()
  const save = page.getByRole('button', { name: 'Save venue' })
  await expect(save).toBeInViewport()
  const saveBox = (await save.boundingBox())!
  expect(saveBox.y + saveBox.height).toBeGreaterThan(viewport.height - 80)

  // And it saves, with JavaScript or without.
  await page.getByLabel('Capacity').fill('320')
  await save.click()
  // The toast comes with the redirect after the write; reloading before it would cancel the save.
  await expect(page.getByText('Venue saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Capacity')).toHaveValue('320')
})
