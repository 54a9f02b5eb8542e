import { z } from 'zod'
import { apiData, handleApi } from '~/web/api.server'
import { periodSchema, queryObject, timeRangeSchema, type Period, type TimeRange } from '~/features/analytics/analytics'
import { requireApiUser } from '~/features/accounts/guards.server'
import type { SessionUser } from '~/features/accounts/session.server'

/** Query parameters of the analytics endpoints: the one each takes, nothing else (else 400). */
export function analyticsQuery<K extends 'timeRange' | 'period' | null>(
  request: Request,
  key: K,
  fallback?: K extends 'timeRange' ? TimeRange : Period,
) {
  const shape =
    key === 'timeRange'
      ? { timeRange: timeRangeSchema.default(fallback as TimeRange) }
      : key === 'period'
        ? { period: periodSchema.default(fallback as Period) }
        : {}
  return z
    .object(shape)
    .strict()
    .parse(queryObject(new URL(request.url).searchParams)) as { timeRange: TimeRange; period: Period }
}

/** A GET analytics endpoint: the caller (or null) to a `{data}` answer; the service checks roles. */
export function analyticsEndpoint(request: Request, run: (user: SessionUser) => Promise<unknown>) {
  return handleApi(async () => {
    // Every analytics endpoint is for signed-in users: a 401 before any parameter is read.
    const user = await requireApiUser(request)
    return apiData(await run(user))
  })
}
