import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/lib/api.server'
import { DomainError } from '~/lib/errors'
import { requireApiUser } from '~/services/guards.server'
import { getUserById, toPublicUser } from '~/services/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const sessionUser = await requireApiUser(request)
    const user = await getUserById(sessionUser.id)
    if (!user) throw new DomainError('Session expired or invalid. Please log in again.', { status: 401, code: 'AUTH_ERROR' })
    return apiData({ user: toPublicUser(user) })
  })
}
