import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { ADMIN_ROW_BUTTON, AdminPage, AdminPagination } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { ErrorList } from '~/components/ui/field'
import { cx } from '~/core/cx'
import { seo } from '~/web/seo'
import { adminListMessages, setMessageHandled, type MessageFilter } from '~/features/admin/admin.server'
import { DomainError } from '~/core/errors'
import { requirePageUser } from '~/features/accounts/guards.server'
import { formString } from '~/web/form-data'
import { adminAction, pageParam } from './admin-action.server'
import { usePendingCheck } from '~/hooks/pending'
import { failureMessage, formErrors } from '~/web/form-failure'

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  const url = new URL(request.url)
  const filter = FILTERS.find((f) => f.value === url.searchParams.get('filter'))?.value ?? 'open'
  const result = await adminListMessages(admin, { page: pageParam(url), filter })
  return {
    filter,
    ...result,
    messages: result.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), handledAt: m.handledAt?.toISOString() ?? null })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const form = await request.formData()
  const messageId = formString(form, 'messageId')
  return adminAction(request, messageId, async () => {
    switch (formString(form, 'intent')) {
      case 'handled':
        await setMessageHandled(admin, messageId, true)
        return 'Marked as handled.'
      case 'reopen':
        await setMessageHandled(admin, messageId, false)
        return 'Message reopened.'
      default:
        throw new DomainError('Unknown action.')
    }
  })
}

export default function AdminMessages() {
  const { messages, filter, open, page, pageCount, total } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const busy = (id: string) => isPending({ fields: { messageId: id }, state: 'non-idle' })
  return (
    <AdminPage title="Contact messages" intro={<p>Messages from the contact form, newest first. {open} open.</p>}>
      <ActionToast toast={actionData?.toast} />
      <nav aria-label="Filter messages" className="flex gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.value === 'open' ? '/admin/messages' : `/admin/messages?filter=${f.value}`}
            aria-current={f.value === filter ? 'page' : undefined}
            className={cx(
              'inline-flex min-h-10 items-center rounded-control border px-3 text-sm font-medium',
              f.value === filter
                ? 'border-header bg-header text-white dark:border-brand dark:bg-brand dark:text-black'
                : 'border-neutral-300 dark:border-line-dark',
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <ul className="space-y-4">
        {messages.map((m) => (
          <li key={m.id} className="card p-5">
            <article aria-labelledby={`message-${m.id}`}>
              <header className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`message-${m.id}`} className="text-lg font-semibold">
                  {m.topic}: {m.name}
                </h2>
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  <a href={`mailto:${m.email}`} className="link">
                    {m.email}
                  </a>{' '}
                  · <time dateTime={m.createdAt}>{new Date(m.createdAt).toUTCString()}</time>
                </p>
              </header>
              <p className="mt-3 whitespace-pre-line">{m.message}</p>
              {actionData?.id === m.id ? <ErrorList errors={formErrors(actionData) ?? [failureMessage(actionData)!]} /> : null}
              <Form method="post" className="mt-4 flex items-center gap-3">
                <input type="hidden" name="messageId" value={m.id} />
                {m.handledAt ? (
                  <span className="text-sm text-neutral-600 dark:text-neutral-400">Handled {m.handledAt.slice(0, 10)}</span>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value={m.handledAt ? 'reopen' : 'handled'}
                  disabled={busy(m.id)}
                  className={ADMIN_ROW_BUTTON}
                >
                  {m.handledAt ? 'Reopen' : 'Mark handled'}
                </button>
              </Form>
            </article>
          </li>
        ))}
      </ul>
      {messages.length === 0 ? <p className="card p-6">No messages here.</p> : null}
      <AdminPagination
        path="/admin/messages"
        params={{ filter: filter === 'open' ? '' : filter }}
        page={page}
        pageCount={pageCount}
        total={total}
      />
    </AdminPage>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Messages · Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
