import { sql, type SQL } from 'drizzle-orm'
import {
  customReportSchema,
  REPORT_DIMENSION_LABELS,
  REPORT_METRIC_LABELS,
  type CustomReportParams,
  type ReportDimension,
  type ReportMetric,
} from '~/features/analytics/analytics'
import { requireAdmin, type Actor } from '../accounts/policy.server'
import { ACCEPTED, type Window, bucket, fill, rangeWindow, rows, windowInfo, within, BOOKED } from './figures.server'

// The custom report (GET /advanced-analytics/custom-report, the /admin/insights builder, the CSV
// export): one metric by one dimension over a window, admins only.

// ---------------------------------------------------------------------------------------------
// The custom report (GET /advanced-analytics/custom-report, /admin/insights builder, CSV export)

type MetricSource = { from: SQL; where: SQL; time: SQL; value: SQL; status?: SQL; role?: SQL; eventName?: SQL }

function metricSource(metric: ReportMetric): MetricSource {
  const events = (extra: SQL) => ({
    from: sql`analytics_events e left join venues v on v.id = e.venue_id`,
    where: sql`e.source = 'server' ${extra}`,
    time: sql`e.created_at`,
    value: sql`count(*)::float8`,
    eventName: sql`e.name`,
  })
  switch (metric) {
    case 'events':
      return events(sql``)
    case 'views':
      return events(sql`and e.name = 'venue_view'`)
    case 'searches':
      return events(sql`and e.name = 'search'`)
    case 'bookings':
      return {
        from: sql`bookings b join venues v on v.id = b.venue_id`,
        where: sql`true`,
        time: sql`b.created_at`,
        value: sql`count(*)::float8`,
        status: sql`b.status`,
      }
    case 'revenue':
      return {
        from: sql`bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id`,
        where: sql`b.status in (${BOOKED})`,
        time: sql`a.accepted_at`,
        value: sql`coalesce(sum(b.offer_amount), 0)::float8`,
      }
    case 'inquiries':
      return {
        from: sql`inquiries i join venues v on v.id = i.venue_id`,
        where: sql`true`,
        time: sql`i.created_at`,
        value: sql`count(*)::float8`,
        status: sql`i.status`,
      }
    case 'signups':
      return { from: sql`users u`, where: sql`true`, time: sql`u.created_at`, value: sql`count(*)::float8`, role: sql`u.role` }
  }
}

function dimensionSql(dimension: ReportDimension, source: MetricSource): { key: SQL; label: SQL } {
  switch (dimension) {
    case 'venue':
      return { key: sql`v.id`, label: sql`coalesce(v.name, '(no venue)')` }
    case 'city':
      return { key: sql`v.city || ', ' || v.state_code`, label: sql`coalesce(v.city || ', ' || v.state_code, '(no venue)')` }
    case 'state':
      return { key: sql`v.state_code`, label: sql`coalesce(v.state_code, '(no venue)')` }
    case 'venueType':
      return { key: sql`v.venue_type`, label: sql`coalesce(v.venue_type, '(no venue)')` }
    case 'eventName':
      return { key: source.eventName!, label: source.eventName! }
    case 'status':
      return { key: source.status!, label: source.status! }
    case 'role':
      return { key: source.role!, label: source.role! }
    default:
      throw new Error(`not a category dimension: ${dimension}`)
  }
}

type ReportRow = { key: string; label: string; value: number }

/** Validates raw query parameters (400 on anything unknown) and runs the report. */
export async function customReport(actor: Actor, input: unknown, now = new Date()) {
  requireAdmin(actor)
  const params: CustomReportParams = customReportSchema.parse(input)
  const source = metricSource(params.metric)
  const w = rangeWindow(params.range, now)
  const conditions: SQL[] = [source.where, within(source.time, w)]
  if (params.status) conditions.push(sql`${source.status!} = ${params.status}`)
  if (params.state) conditions.push(sql`v.state_code = ${params.state}`)
  if (params.venueType) conditions.push(sql`v.venue_type = ${params.venueType}`)
  if (params.eventName) conditions.push(sql`${source.eventName!} = ${params.eventName}`)
  if (params.role) conditions.push(sql`${source.role!} = ${params.role}`)
  const where = sql.join(conditions, sql` and `)
  let reportRows: ReportRow[]
  if (params.dimension === 'day' || params.dimension === 'week' || params.dimension === 'month') {
    const tw: Window = { ...w, unit: params.dimension }
    const found = await rows<{ bucket: string; value: number }>(
      sql`select ${bucket(source.time, tw.unit)} as bucket, ${source.value} as value from ${source.from} where ${where} group by 1`,
    )
    reportRows = fill(tw, found)
  } else {
    const dim = dimensionSql(params.dimension, source)
    const found = await rows<{
      key: string | null
      label: string
      value: number
    }>(sql`select ${dim.key} as key, ${dim.label} as label, ${source.value} as value
      from ${source.from} where ${where} group by 1, 2 order by 3 desc, 2 limit 50`)
    reportRows = found.map((row) => ({ key: row.key ?? '', label: row.label, value: Number(row.value) }))
  }
  return {
    params,
    title: `${REPORT_METRIC_LABELS[params.metric]} by ${REPORT_DIMENSION_LABELS[params.dimension].toLowerCase()}`,
    window: windowInfo(w, params.range),
    rows: reportRows,
    total: reportRows.reduce((sum, row) => sum + row.value, 0),
  }
}
