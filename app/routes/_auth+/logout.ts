import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { deleteSession, readSessionToken, sessionCookie } from '~/features/accounts/session.server'

export async function action({ request }: ActionFunctionArgs) {
  const token = await readSessionToken(request)
  if (token) await deleteSession(token)
  return redirect('/login', { headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } })
}

// Signing out changes state, so it is POST only; a GET just goes home.
export function loader() {
  return redirect('/')
}
