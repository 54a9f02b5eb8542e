import { Form } from '@remix-run/react'
import { useId, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import type { SeriesPoint } from '~/features/analytics/analytics'
import { cx } from '~/core/cx'
import { formatUsd } from '~/core/money'

// Server-rendered charts: an SVG drawn from the loader's numbers, with the same numbers in a table
// beside it (the table is what assistive technology reads; the SVG is one labelled image). No
// client chart library: the page is complete without JavaScript.

export type ValueFormat = 'number' | 'money' | 'percent' | 'hours'

export function formatValue(value: number | null | undefined, format: ValueFormat = 'number') {
  if (value === null || value === undefined) return '—'
  switch (format) {
    case 'money':
      return formatUsd(value)
    case 'percent':
      return `${Math.round(value * 1000) / 10}%`
    case 'hours':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`
    default:
      return value.toLocaleString('en-US', { maximumFractionDigits: 1 })
  }
}

export type ChartSeries = { name: string; points: SeriesPoint[]; tone?: 'brand' | 'accent' }

const W = 600
const H = 220
const PAD = { top: 14, right: 16, bottom: 32, left: 64 }
// The drawing scales with its box: on a phone 600 units are about 310 px, and 15-unit labels would
// read at 8 px. Below the sm breakpoint the axis labels are drawn larger so they read at about 11 px.
const AXIS_TEXT = 'max-sm:text-[21px]'

/** A nice upper bound for the y axis: 1, 2 or 5 times a power of ten. */
function niceMax(max: number) {
  if (max <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power
  return 10 * power
}

const TONES = { brand: 'text-brand', accent: 'text-accent dark:text-accent-light' }

/**
 * A line or bar chart with its data table. `series` share the x buckets of the first one; bars of
 * several series sit side by side.
 */
export function Chart({
  title,
  series,
  kind = 'line',
  format = 'number',
  caption,
  category = 'Period',
}: {
  title: string
  series: ChartSeries[]
  kind?: 'line' | 'bar'
  format?: ValueFormat
  caption?: ReactNode
  /** The data table's first column: what the x buckets are ('Period', or 'Step' for a funnel). */
  category?: string
}) {
  const id = useId()
  const points = series[0]?.points ?? []
  const n = points.length
  // Counts and money get whole-number gridlines (0, 1, 2 at least); shares keep their fractions.
  const max = niceMax(Math.max(format === 'percent' ? 0 : 2, ...series.flatMap((s) => s.points.map((p) => p.value))))
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH
  const slot = n > 0 ? innerW / n : innerW
  const x = (index: number) => PAD.left + slot * index + slot / 2
  const totals = series.map((s) => s.points.reduce((sum, p) => sum + p.value, 0))
  const summary = `${title}: ${series.map((s, i) => `${s.name} ${formatValue(format === 'percent' ? (s.points.at(-1)?.value ?? 0) : totals[i], format)}${format === 'percent' ? ' latest' : ' in total'}`).join(', ')}.`
  const labelEvery = Math.max(1, Math.ceil(n / 4))
  return (
    <figure className="card p-4" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
        {caption ? <span className="block text-sm font-normal text-neutral-600 dark:text-neutral-400">{caption}</span> : null}
      </figcaption>
      <div className="mt-3 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={summary}
          className="h-auto w-full overflow-visible text-neutral-400 dark:text-neutral-500"
          data-chart={kind}
        >
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(max * f)}
                y2={y(max * f)}
                stroke="currentColor"
                strokeOpacity={f === 0 ? 0.8 : 0.3}
                strokeDasharray={f === 0 ? undefined : '4 4'}
              />
              <text
                x={PAD.left - 6}
                y={y(max * f) + 4}
                textAnchor="end"
                fontSize="15"
                fill="currentColor"
                className={cx(AXIS_TEXT, 'fill-neutral-600 dark:fill-neutral-300')}
              >
                {formatValue(max * f, format)}
              </text>
            </g>
          ))}
          {points.map((p, i) =>
            // Every labelEvery-th point and the last, dropping a regular label that would crowd the last.
            (i % labelEvery === 0 && (i === 0 || n - 1 - i >= labelEvery / 2)) || i === n - 1 ? (
              <text
                key={p.key}
                x={x(i)}
                y={H - 8}
                textAnchor="middle"
                fontSize="14"
                className={cx(AXIS_TEXT, 'fill-neutral-600 dark:fill-neutral-300')}
              >
                {p.label.replace(/^Week of /, '')}
              </text>
            ) : null,
          )}
          {series.map((s, si) => {
            const tone = TONES[s.tone ?? (si === 0 ? 'brand' : 'accent')]
            if (kind === 'bar') {
              const bw = Math.max(1, (slot * 0.7) / series.length)
              return (
                <g key={s.name} className={tone}>
                  {s.points.map((p, i) => (
                    <rect
                      key={p.key}
                      x={x(i) - (slot * 0.7) / 2 + bw * si}
                      y={y(p.value)}
                      width={bw}
                      height={Math.max(0, PAD.top + innerH - y(p.value))}
                      fill="currentColor"
                      rx="2"
                    />
                  ))}
                </g>
              )
            }
            const path = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')
            return (
              <g key={s.name} className={tone}>
                <path d={path} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
                {n <= 31 ? s.points.map((p, i) => <circle key={p.key} cx={x(i)} cy={y(p.value)} r="3" fill="currentColor" />) : null}
              </g>
            )
          })}
        </svg>
        {/* It scrolls, so keyboard users must be able to reach it (axe: scrollable-region-focusable). */}
        <div
          tabIndex={0}
          role="region"
          aria-label={`${title}, data`}
          className="relative max-h-64 overflow-auto rounded-control border border-neutral-200 dark:border-line-dark"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{title}, data</caption>
            <thead className="sticky top-0 bg-neutral-50 dark:bg-card-dark">
              <tr>
                <th scope="col" className="px-3 py-1.5 text-left font-semibold">
                  {category}
                </th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="px-3 py-1.5 text-right font-semibold">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={p.key} className="border-t border-neutral-100 dark:border-line-dark">
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    {p.label}
                  </th>
                  {series.map((s) => (
                    <td key={s.name} className="px-3 py-1 text-right tabular-nums">
                      {formatValue(s.points[i]?.value ?? 0, format)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  )
}

/** A row of headline figures. */
export function Kpis({ items }: { items: Array<{ label: string; value: ReactNode; hint?: ReactNode }> }) {
  return (
    <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
      {items.map((item) => (
        <div key={item.label} className="card p-4">
          <dt className="text-sm text-neutral-600 dark:text-neutral-400">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-kpi={item.label}>
            {item.value}
          </dd>
          {item.hint ? <dd className="text-xs text-neutral-600 dark:text-neutral-400">{item.hint}</dd> : null}
        </div>
      ))}
    </dl>
  )
}

/**
 * A plain GET form with one select (a time range or period) and an Apply button: it works without
 * JavaScript. `keep` carries the page's other query parameters along.
 */
export function RangeForm({
  name,
  label,
  value,
  options,
  keep = {},
  action,
}: {
  name: string
  label: string
  value: string
  options: Record<string, string>
  keep?: Record<string, string | undefined>
  action?: string
}) {
  const id = useId()
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2" preventScrollReset>
      {Object.entries(keep).map(([key, v]) => (v ? <input key={key} type="hidden" name={key} value={v} /> : null))}
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <select
          id={id}
          name={name}
          defaultValue={value}
          key={value}
          className="h-10 rounded-control border border-neutral-300 bg-white px-3 dark:border-neutral-600 dark:bg-card-dark"
        >
          {Object.entries(options).map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Apply
      </Button>
    </Form>
  )
}

/** A small horizontal table of label/value pairs (e.g. by status, by venue type). */
export function BreakdownTable({
  caption,
  head,
  rows,
}: {
  caption: string
  head: [string, ...string[]]
  rows: Array<[string, ...ReactNode[]]>
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-neutral-200 dark:border-line-dark">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-1.5 font-semibold ${i === 0 ? 'text-left' : 'text-right'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="px-3 py-2 text-neutral-600 dark:text-neutral-400">
                Nothing in this range yet.
              </td>
            </tr>
          ) : (
            rows.map(([first, ...rest], i) => (
              <tr key={`${first}-${i}`} className="border-b border-neutral-100 dark:border-line-dark">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {first}
                </th>
                {rest.map((cell, j) => (
                  <td key={j} className="px-3 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
