import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { toCsv } from '~/web/csv.server'
import { refusalOr } from '~/web/form-errors.server'
import { queryObject, REPORT_DIMENSION_LABELS, REPORT_METRIC_LABELS } from '~/features/analytics/analytics'
import { customReport } from '~/features/analytics/custom-report.server'
import { requirePageUser } from '~/features/accounts/guards.server'

/** GET /admin/insights/report.csv?metric&dimension&range[&filters]: the custom report as CSV (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const tried = await refusalOr(() => customReport(user, queryObject(new URL(request.url).searchParams)))
  if (!tried.ok) {
    // Bad report parameters are a plain-text 400, as the file download expects.
    if (!(tried.refusal instanceof z.ZodError)) throw tried.refusal
    return new Response(`Bad report parameters: ${tried.refusal.issues.map((i) => i.message).join('; ')}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const report = tried.value
  const { metric, dimension, range } = report.params
  const csv = toCsv(
    report.rows.map((row) => [row.key, row.label, row.value]),
    { header: true, columns: [`${dimension} key`, REPORT_DIMENSION_LABELS[dimension], REPORT_METRIC_LABELS[metric]] },
  )
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="stagepass-${metric}-by-${dimension}-${range}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
