import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button } from '~/components/ui/button'
import { NOTIFICATION_KIND_LABELS } from '~/core/notification-kinds'
import { seo } from '~/web/seo'
import { INVALID_UNSUBSCRIBE_LINK, unsubscribe, verifyUnsubscribe } from '~/features/notifications/notification-settings.server'
import { useIsPending } from '~/hooks/pending'
import { actionAttempt } from '~/web/form-errors.server'
import { failureMessage } from '~/web/form-failure'

// The one-click unsubscribe of every notification mail (RFC 8058). Mail programs POST to the link
// itself with the body List-Unsubscribe=One-Click; a person opening the link gets a page with one
// button, because link scanners fetch links (GET) and must not unsubscribe anyone. No sign-in:
// the link is signed for one user and one kind, and turns off only that kind's email.

const linkParams = (url: URL, form?: FormData) => {
  const pick = (name: string) => {
    const value = url.searchParams.get(name) ?? form?.get(name)
    return typeof value === 'string' ? value : undefined
  }
  return { u: pick('u'), k: pick('k'), t: pick('t') }
}

const NO_LINK = 'Unsubscribe with the link at the bottom of any Stagepass email, or choose what reaches you by email on your profile.'

export async function loader({ request }: LoaderFunctionArgs) {
  const params = linkParams(new URL(request.url))
  // A bare visit is not a broken link: it says where the links are.
  if (!params.u && !params.k && !params.t) return data({ params, label: null, notice: NO_LINK })
  return actionAttempt(
    async () => {
      const { kind } = await verifyUnsubscribe(params)
      return data({ params, label: NOTIFICATION_KIND_LABELS[kind], notice: null })
    },
    { fallback: INVALID_UNSUBSCRIBE_LINK, extra: { params, label: null, notice: null } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  return actionAttempt(
    async () => {
      const kind = await unsubscribe(linkParams(new URL(request.url), form))
      return data({ done: NOTIFICATION_KIND_LABELS[kind] })
    },
    { fallback: INVALID_UNSUBSCRIBE_LINK, extra: { done: null } },
  )
}

export default function Unsubscribe() {
  const page = useLoaderData<typeof loader>()
  const { params, label } = page
  const result = useActionData<typeof action>()
  const error = failureMessage(result) ?? failureMessage(page) ?? page.notice
  const pending = useIsPending()
  const settings = (
    <p className="mt-6 text-center text-sm">
      <Link to="/profile#email" className="link">
        All email settings on your profile
      </Link>
    </p>
  )
  if (result?.done) {
    return (
      <AuthCard title="Unsubscribed">
        <p role="status">You will no longer get emails about: {result.done}. You still see them in the app, and nothing else changed.</p>
        {settings}
      </AuthCard>
    )
  }
  if (error || !label) {
    return (
      <AuthCard title="Unsubscribe">
        <p role="alert">{error}</p>
        {settings}
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Stop these emails?">
      <p>
        Stop emails about: <strong>{label}</strong>. You keep seeing them in the app.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="u" value={params.u ?? ''} />
        <input type="hidden" name="k" value={params.k ?? ''} />
        <input type="hidden" name="t" value={params.t ?? ''} />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Unsubscribe
        </Button>
      </Form>
      {settings}
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Unsubscribe', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
