import type { ComponentProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { Chart } from '~/components/charts/chart'
import { DashboardSection, RangeHeader, TableCard, UNKNOWN_RANGE_MESSAGE } from '~/components/charts/dashboard-section'
import { TIME_RANGE_LABELS } from '~/features/analytics/analytics'

// Remix's <Form> needs a router; a plain <form> shows what the server renders for no-JS browsers.
vi.mock('@remix-run/react', () => ({
  Form: ({ preventScrollReset: _ignored, ...props }: ComponentProps<'form'> & { preventScrollReset?: boolean }) => <form {...props} />,
}))

describe('RangeHeader', () => {
  test('a heading and a GET form with the range select, the current value chosen, and no alert', () => {
    const html = renderToStaticMarkup(<RangeHeader id="h" title="Over time" range={{ value: '7d', options: TIME_RANGE_LABELS }} />)
    expect(html).toMatch(/<h2 id="h"[^>]*>Over time<\/h2>/)
    expect(html).toMatch(/<form method="get"/)
    expect(html).toMatch(/<select[^>]*name="timeRange"/)
    expect(html).toContain('>Time range</label>')
    expect(html).toMatch(/<option value="7d" selected="">/)
    expect(html).not.toContain('role="alert"')
  })

  test('an unknown range in the address: the alert says the default is shown', () => {
    const html = renderToStaticMarkup(
      <RangeHeader id="h" title="Over time" range={{ value: '30d', options: TIME_RANGE_LABELS, invalid: true }} />,
    )
    expect(html).toContain(`<p role="alert" class="text-red-700 dark:text-red-400">${UNKNOWN_RANGE_MESSAGE}</p>`)
    expect(UNKNOWN_RANGE_MESSAGE).toBe('That time range is not one we know; showing the last 30 days.')
  })

  test("another parameter name and label, and the page's other choices carried as hidden fields (empty ones left out)", () => {
    const html = renderToStaticMarkup(
      <RangeHeader
        id="h"
        title="Revenue"
        range={{
          name: 'period',
          label: 'Period',
          value: 'month',
          options: { month: 'Month', year: 'Year' },
          keep: { rt: '24h', fr: undefined },
        }}
      />,
    )
    expect(html).toMatch(/<select[^>]*name="period"/)
    expect(html).toContain('>Period</label>')
    expect(html).toContain('<input type="hidden" name="rt" value="24h"/>')
    expect(html).not.toContain('name="fr"')
  })

  test('no range: only the heading', () => {
    const html = renderToStaticMarkup(<RangeHeader id="h" title="Totals" />)
    expect(html).toBe('<div class="flex flex-wrap items-end justify-between gap-3"><h2 id="h" class="text-2xl">Totals</h2></div>')
  })
})

test('DashboardSection: a section labelled by its heading, its figures after the header', () => {
  const html = renderToStaticMarkup(
    <DashboardSection
      sectionId="performance"
      id="perf-h"
      title="Performance"
      range={{ value: '30d', options: TIME_RANGE_LABELS, invalid: true }}
    >
      <p>figures</p>
    </DashboardSection>,
  )
  expect(html).toMatch(/^<section id="performance" aria-labelledby="perf-h" class="space-y-4">/)
  expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('<p>figures</p>'))
})

test('TableCard: the breakdown table on a card, with the empty-range row when there is nothing', () => {
  const html = renderToStaticMarkup(<TableCard caption="By status" head={['Status', 'Bookings']} rows={[]} />)
  expect(html).toMatch(/^<div class="card p-4">/)
  expect(html).toContain('<caption class="mb-2 text-left font-semibold">By status</caption>')
  expect(html).toContain('Nothing in this range yet.')
})

test("a chart's scrolling data table can be reached from the keyboard (axe: scrollable-region-focusable)", () => {
  const html = renderToStaticMarkup(<Chart title="Views" series={[{ name: 'Views', points: [{ key: 'a', label: 'Mon', value: 3 }] }]} />)
  expect(html).toMatch(/<div tabindex="0" role="region" aria-label="Views, data" class="[^"]*\bmax-h-64 overflow-auto[^"]*">/)
})
