import type { Locator, Page } from '@playwright/test'

/**
 * Opens a search form's filters as a person would: the 'Filters and sorting' disclosure, or on a
 * phone with JavaScript the 'Filters' sheet (docs/search.md, 'On a phone'). `fields` holds the
 * filter fields; `apply` sends them.
 */
export async function openFilters(page: Page): Promise<{ fields: Page | Locator; apply: Locator }> {
  const sheetButton = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ })
  if (await sheetButton.isVisible()) {
    await sheetButton.click()
    const sheet = page.getByRole('dialog', { name: 'Filters and sorting' })
    return { fields: sheet, apply: sheet.getByRole('button', { name: /^Show / }) }
  }
  await page.getByText('Filters and sorting').click()
  return { fields: page, apply: page.getByRole('button', { name: 'Apply filters' }) }
}

/** The filters' summary with its count, as shown at this width: 'Filters and sorting (1)' or 'Filters (1)'. */
export function filtersSummary(page: Page, count: number) {
  return page.getByText(new RegExp(`^Filters( and sorting)? \\(${count}\\)$`)).filter({ visible: true })
}
