import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { DomainError } from '~/core/errors'
import { requireApiUser } from '~/features/accounts/guards.server'
import { getUserById, toPublicUser } from '~/features/accounts/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const sessionUser = await requireApiUser(request)
    const user = await getUserById(sessionUser.id)
    if (!user) throw new DomainError('Session expired or invalid. Please log in again.', { status: 401, code: 'AUTH_ERROR' })
    return apiData({ user: toPublicUser(user) })
  })
}
