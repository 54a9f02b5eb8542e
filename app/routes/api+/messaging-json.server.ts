import { z } from 'zod'
import { DomainError } from '~/core/errors'
import { apiError, handleApi } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'

/** Messaging's 401: the AUTH_ERROR text of docs/product.md §8. */
export async function requireMessagingUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw new DomainError('No authentication token available', { status: 401, code: 'AUTH_ERROR' })
  return user
}

/**
 * handleApi with messaging's codes (docs/product.md §8): 403s are ACCESS_DENIED (the service says
 * so, and a plan limit's PLAN_LIMIT is answered as ACCESS_DENIED here), and an unexpected failure is a 500 UNKNOWN_ERROR with the action's own text ('Failed to send message').
 */
export async function handleMessagingApi(failure: string, handler: () => Promise<Response>) {
  return handleApi(async () => {
    try {
      return await handler()
    } catch (error) {
      // The API names an over-the-plan refusal ACCESS_DENIED, and logs what is no refusal.
      if (error instanceof DomainError && error.code === 'PLAN_LIMIT')
        throw new DomainError(error.message, { status: error.status, code: 'ACCESS_DENIED' })
      if (error instanceof Response || error instanceof DomainError || error instanceof z.ZodError) throw error
      console.error('[messaging]', error)
      return apiError(500, failure, 'UNKNOWN_ERROR')
    }
  })
}
