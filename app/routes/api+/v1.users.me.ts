import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { profilePatchSchema } from '~/features/accounts/profile-schemas'
import { requireApiUser } from '~/features/accounts/guards.server'
import { getUserById, toPublicUser, updateProfile } from '~/features/accounts/users.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const actor = await requireApiUser(request)
    const user = await getUserById(actor.id)
    return apiData({ user: user && toPublicUser(user) })
  })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed(['GET', 'PUT'])
  return handleApi(async () => {
    const actor = await requireApiUser(request)
    const input = await parseJsonBody(request, profilePatchSchema)
    return apiData({ user: toPublicUser(await updateProfile(actor, input)) })
  })
}
