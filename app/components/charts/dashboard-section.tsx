import type { ReactNode } from 'react'
import { BreakdownTable, RangeForm } from '~/components/charts/chart'

/** What the dashboards say when the address names a time range they do not offer. */
export const UNKNOWN_RANGE_MESSAGE = 'That time range is not one we know; showing the last 30 days.'

export type RangeChoice = {
  /** The query parameter the form sets (timeRange, rt, period, ...). */
  name?: string
  label?: string
  value: string
  options: Record<string, string>
  /** The page's other query parameters, carried along. */
  keep?: Record<string, string | undefined>
  /** The address asked for a range not in `options`: say so (role="alert") above the figures. */
  invalid?: boolean
}

/**
 * A dashboard section's heading with its time-range form (a GET form: works without JavaScript)
 * and, when the address named an unknown range, the alert saying the default is shown instead.
 */
export function RangeHeader({ id, title, range }: { id: string; title: ReactNode; range?: RangeChoice }) {
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-2xl">
          {title}
        </h2>
        {range ? (
          <RangeForm
            name={range.name ?? 'timeRange'}
            label={range.label ?? 'Time range'}
            value={range.value}
            options={range.options}
            keep={range.keep}
          />
        ) : null}
      </div>
      {range?.invalid ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {UNKNOWN_RANGE_MESSAGE}
        </p>
      ) : null}
    </>
  )
}

/** A dashboard section: RangeHeader, then its figures (KPIs, charts, tables) stacked. */
export function DashboardSection({
  id,
  title,
  range,
  sectionId,
  children,
}: {
  id: string
  title: ReactNode
  range?: RangeChoice
  sectionId?: string
  children: ReactNode
}) {
  return (
    <section id={sectionId} aria-labelledby={id} className="space-y-4">
      <RangeHeader id={id} title={title} range={range} />
      {children}
    </section>
  )
}

/** A BreakdownTable on a card, the way dashboards set tables beside their charts. */
export function TableCard(props: Parameters<typeof BreakdownTable>[0]) {
  return (
    <div className="card p-4">
      <BreakdownTable {...props} />
    </div>
  )
}
