import { DomainError } from '~/core/errors'
import { handleApi } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'

/** Messaging's 401: the AUTH_ERROR text of docs/product.md §8. */
export async function requireMessagingUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw new DomainError('No authentication token available', { status: 401, code: 'AUTH_ERROR' })
  return user
}

/**
 * handleApi with messaging's codes (docs/product.md §8): 403s are ACCESS_DENIED (a plan limit's
 * PLAN_LIMIT too), and an unexpected failure is a 500 UNKNOWN_ERROR with the action's own text.
 */
export async function handleMessagingApi(failure: string, handler: () => Promise<Response>) {
  return handleApi(handler, {
    codes: { PLAN_LIMIT: 'ACCESS_DENIED' },
    unexpected: { message: failure, code: 'UNKNOWN_ERROR', label: 'messaging' },
  })
}
