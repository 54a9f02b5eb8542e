import { expect, test } from './fixtures'

// Issue 38 item 3 in the browser, JavaScript on and off: the plan shows per show its cost, income
// and net and the tour's total, says what it assumed, takes the booker's ticket price from the
// form, and says nothing about a budget nobody gave. Dallas and Houston are seeded cities.

function isoInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test(
  'per show cost, income and net, assumptions labelled, no budget text without a budget',
  { tag: ['@chromium', '@no-js'] },
  async ({ page }) => {
    const cities = encodeURIComponent('Dallas, TX|Houston, TX')
    await page.goto(`/ai-tour-planner?cities=${cities}&startDate=${isoInDays(120)}&days=4&guests=200&mode=drive`)
    const money = page.getByTestId('show-money')
    await expect(money.getByRole('heading', { name: 'Money per show' })).toBeVisible()
    await expect(money.getByTestId('show-money-row')).toHaveCount(2)
    for (const column of ['Cost', 'Income', 'Net']) await expect(money.getByRole('columnheader', { name: column })).toBeVisible()
    await expect(money.getByTestId('show-money-total')).toContainText('All 2 shows')
    await expect(money).toContainText('assumed: $20 ticket — no price given')
    await expect(page.getByTestId('cost-table')).toContainText('Tour net')
    await expect(page.getByTestId('plan')).not.toContainText(/budget/i)
    // The booker's price replaces the assumption.
    await page.getByLabel('Ticket price (USD)').fill('30')
    await page.getByRole('button', { name: 'Update plan' }).click()
    await expect(page).toHaveURL(/ticket=30/)
    await expect(page).not.toHaveURL(/budget=/)
    await expect(page.getByTestId('show-money')).toContainText('entered: $30 ticket — your price')
    await expect(page.getByTestId('plan')).not.toContainText(/budget/i)
  },
)
