import { expect, listVenue, test } from './fixtures'

// Issue 38, item 6: deleting a venue asks first, saying what happens and who is told: a dialog
// with JavaScript (focus moved in and given back), the confirmation page without. Every project.

test('deleting a venue asks first, then archives it', { tag: ['@chromium', '@no-js'] }, async ({ page, request, login }, testInfo) => {
  const owner = await login({ role: 'venue_owner' })
  const venue = await listVenue(request, owner.token)
  await page.goto(`/venues/${venue.id}/edit#delete`)
  const remove = page.getByRole('link', { name: 'Delete venue…' })
  await remove.click()
  if (testInfo.project.name === 'no-js') {
    await expect(page).toHaveURL(new RegExp(`/venues/${venue.id}/delete$`))
    await expect(page.getByRole('heading', { name: `Delete ${venue.name}?` })).toBeVisible()
    await expect(page.getByText('No one is told')).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('page.png') })
    await page.getByRole('link', { name: 'Keep the venue' }).click()
    await expect(page).toHaveURL(new RegExp(`/venues/${venue.id}/edit#delete$`))
    await remove.click()
    await page.getByRole('button', { name: `Yes, delete ${venue.name}` }).click()
  } else {
    const dialog = page.getByRole('dialog', { name: `Delete ${venue.name}?` })
    await expect(dialog).toContainText('No one is told')
    await expect(dialog.getByRole('button', { name: 'Keep the venue' })).toBeFocused()
    await page.screenshot({ path: testInfo.outputPath('dialog.png') })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(remove).toBeFocused()
    await remove.click()
    await dialog.getByRole('button', { name: `Yes, delete ${venue.name}` }).click()
  }
  await expect(page).toHaveURL(/\/venues\/manage$/)
  await expect(page.getByText(`${venue.name} is deleted`)).toBeVisible()
  expect((await page.request.get(`/venues/${venue.id}/edit`)).status()).toBe(404)
})
