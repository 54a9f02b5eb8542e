import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, withApiErrors } from '~/lib/api.server'
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE } from '~/lib/search-params'
import { allVenuesRaw } from '~/services/search.server'

const whole = (message: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback
      const n = /^\d+$/.test(v) ? Number(v) : NaN
      if (n >= min && n <= max) return n
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })

const AllRawSchema = z.object({
  page: whole(`page must be between 1 and ${MAX_PAGE}`, 1, MAX_PAGE, 1),
  limit: whole(`limit must be between 1 and ${MAX_LIMIT}`, 1, MAX_LIMIT, DEFAULT_LIMIT),
})

/** GET /api/v1/venues/all-raw: every venue with all its public fields, newest first, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  return withApiErrors(async () => {
    const params = new URL(request.url).searchParams
    const { page, limit } = AllRawSchema.parse({
      page: params.get('page') ?? undefined,
      limit: params.get('limit') ?? undefined,
    })
    return apiData(await allVenuesRaw({ page, limit }))
  })
}
