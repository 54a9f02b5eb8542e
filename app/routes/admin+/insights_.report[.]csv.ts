import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { toCsv } from '~/web/csv.server'
import { queryObject, REPORT_DIMENSION_LABELS, REPORT_METRIC_LABELS } from '~/features/analytics/analytics'
import { customReport } from '~/features/analytics/custom-report.server'
import { requirePageUser } from '~/features/accounts/guards.server'

/** GET /admin/insights/report.csv?metric&dimension&range[&filters]: the custom report as CSV (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  try {
    const report = await customReport(user, queryObject(new URL(request.url).searchParams))
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
  } catch (error) {
    // Bad report parameters are a plain-text 400, as the file download expects.
    if (error instanceof z.ZodError)
      return new Response(`Bad report parameters: ${error.issues.map((i) => i.message).join('; ')}\n`, {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    throw error
  }
}
