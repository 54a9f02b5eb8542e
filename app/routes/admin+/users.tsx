import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Button, LinkButton } from '~/components/ui/button'
import { ActionToast } from '~/components/action-toast'
import { ADMIN_ROW_BUTTON, AdminPage, AdminPagination, AdminSearch } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { ErrorList } from '~/components/ui/field'
import { PRODUCT_ROLES, roleLabel } from '~/core/domain'
import { withArticle } from '~/core/words'
import { queryText } from '~/web/query.server'
import { seo } from '~/web/seo'
import { adminListUsers, setUserDisabled, setUserRole } from '~/features/admin/admin.server'
import { adminListPlanRequests, decidePlanRequest } from '~/features/plans/plan-requests.server'
import { UpgradeRequests } from '~/components/admin/upgrade-requests'
import { DomainError } from '~/core/errors'
import { refusalOr } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { formString } from '~/web/form-data'
import { adminAction, pageParam } from './admin-action.server'
import { usePendingCheck } from '~/hooks/pending'
import { formatDate } from '~/core/format'
import { failureMessage, formErrors } from '~/web/form-failure'

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  const url = new URL(request.url)
  const q = queryText(url.searchParams, 'q')
  const role = queryText(url.searchParams, 'role', 40)
  const [result, upgrades] = await Promise.all([adminListUsers(admin, { page: pageParam(url), q, role }), adminListPlanRequests(admin)])
  return {
    upgrades,
    q,
    role,
    selfId: admin!.id,
    ...result,
    users: result.users.map((user) => ({
      ...user,
      disabledAt: user.disabledAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const form = await request.formData()
  const userId = formString(form, 'userId') || formString(form, 'requestId')
  if (formString(form, 'intent') === 'role' && formString(form, 'role') === 'admin' && formString(form, 'confirm') !== 'yes') {
    // Making an admin asks first: the service refuses without the confirmation, and the page shows
    // the question (with or without JavaScript) instead of an error.
    const tried = await refusalOr(() => setUserRole(admin, userId, 'admin'))
    // The refusal’s code carries the question; any other refusal is answered below.
    if (!tried.ok && tried.refusal instanceof DomainError && tried.refusal.code === 'CONFIRM_ADMIN')
      return { confirmAdmin: { userId, question: tried.refusal.message } }
  }
  return adminAction(request, userId, async () => {
    switch (formString(form, 'intent')) {
      case 'grant-plan':
      case 'decline-plan': {
        const grant = formString(form, 'intent') === 'grant-plan'
        const done = await decidePlanRequest(admin, formString(form, 'requestId'), grant)
        return grant ? `${done.email} is on ${done.plan} now.` : `The request of ${done.email} was declined.`
      }
      case 'role': {
        const user = await setUserRole(admin, userId, formString(form, 'role'), { confirmed: formString(form, 'confirm') === 'yes' })
        return `${user.email} is now ${withArticle(roleLabel(user.role).toLowerCase())}.`
      }
      case 'disable': {
        const user = await setUserDisabled(admin, userId, true)
        return `${user.email} is disabled and signed out.`
      }
      case 'enable': {
        const user = await setUserDisabled(admin, userId, false)
        return `${user.email} may sign in again.`
      }
      default:
        throw new DomainError('Unknown action.')
    }
  })
}

const selectClass = 'h-10 rounded-control border border-neutral-500 bg-white px-2 text-sm dark:bg-neutral-900'

export default function AdminUsers() {
  const { users, q, role, page, pageCount, total, selfId, upgrades } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const busy = (id: string) => isPending({ fields: { userId: id }, state: 'non-idle' })
  return (
    <AdminPage
      title="Users"
      intro={<p>Grant upgrades, change roles and disable accounts. A disabled user is signed out everywhere and cannot sign in.</p>}
    >
      {actionData && 'confirmAdmin' in actionData ? (
        <ConfirmAdmin userId={actionData.confirmAdmin.userId} question={actionData.confirmAdmin.question} />
      ) : (
        <ActionToast toast={actionData?.toast} />
      )}
      <UpgradeRequests requests={upgrades} />
      <AdminSearch q={q} label="Search by email or name">
        <div>
          <label htmlFor="role-filter" className="block text-sm font-medium">
            Role
          </label>
          <select id="role-filter" name="role" defaultValue={role} className={`${selectClass} mt-1 h-11`}>
            <option value="">Any role</option>
            {PRODUCT_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
      </AdminSearch>
      {/* relative: the scroller is then the containing block of the table's sr-only labels, which
          otherwise sit outside it at their static position and widen the page on a phone. */}
      <div className="relative overflow-x-auto card">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="border-b border-neutral-200 dark:border-line-dark">
            <tr>
              <th scope="col" className="p-3">
                User
              </th>
              <th scope="col" className="p-3">
                Joined
              </th>
              <th scope="col" className="p-3">
                Role
              </th>
              <th scope="col" className="p-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const self = user.id === selfId
              const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
              return (
                <tr key={user.id} className="border-b border-neutral-100 align-top last:border-0 dark:border-line-dark">
                  <td className="p-3">
                    <p className="font-medium">{user.email}</p>
                    {name ? <p className="text-neutral-600 dark:text-neutral-400">{name}</p> : null}
                    {actionData && 'id' in actionData && actionData.id === user.id ? (
                      <ErrorList errors={formErrors(actionData) ?? [failureMessage(actionData)!]} />
                    ) : null}
                  </td>
                  <td className="p-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                  <td className="p-3">
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="userId" value={user.id} />
                      <label htmlFor={`role-${user.id}`} className="sr-only">
                        Role of {user.email}
                      </label>
                      <select id={`role-${user.id}`} name="role" defaultValue={user.role} className={selectClass} disabled={self}>
                        {/* An old account's role stays shown as it is until an admin picks one of the product's. */}
                        {(PRODUCT_ROLES as readonly string[]).includes(user.role) ? null : (
                          <option value={user.role}>{roleLabel(user.role)}</option>
                        )}
                        {PRODUCT_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roleLabel(r)}
                          </option>
                        ))}
                      </select>
                      <button type="submit" name="intent" value="role" className={ADMIN_ROW_BUTTON} disabled={self || busy(user.id)}>
                        Save role
                      </button>
                    </Form>
                    {self ? <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">This is you.</p> : null}
                  </td>
                  <td className="p-3">
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="userId" value={user.id} />
                      {user.disabledAt ? (
                        <>
                          <span className="rounded-control bg-red-100 px-2 py-0.5 font-medium text-red-900 dark:bg-red-900/40 dark:text-red-100">
                            Disabled
                          </span>
                          <button type="submit" name="intent" value="enable" className={ADMIN_ROW_BUTTON} disabled={busy(user.id)}>
                            Enable
                          </button>
                        </>
                      ) : (
                        <>
                          <span>Active</span>
                          {self ? null : (
                            <button type="submit" name="intent" value="disable" className={ADMIN_ROW_BUTTON} disabled={busy(user.id)}>
                              Disable
                            </button>
                          )}
                        </>
                      )}
                    </Form>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        {users.length === 0 ? <p className="p-6">No users match.</p> : null}
      </div>
      <AdminPagination path="/admin/users" params={{ q, role }} page={page} pageCount={pageCount} total={total} />
    </AdminPage>
  )
}

/** The question before an account becomes an admin; 'Cancel' is a link back to the list, so it works without JavaScript. */
function ConfirmAdmin({ userId, question }: { userId: string; question: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const location = useLocation()
  useEffect(() => heading.current?.focus(), [])
  return (
    <section aria-labelledby="confirm-admin-heading" className="card border-2 border-amber-500 p-6">
      <h2 id="confirm-admin-heading" ref={heading} tabIndex={-1} className="text-xl">
        {question}
      </h2>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        An admin can change anyone&apos;s role and plan, disable accounts, and review venues and claims.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="role" value="admin" />
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" name="intent" value="role">
          Make admin
        </Button>
        <LinkButton to={`${location.pathname}${location.search}`} variant="outline">
          Cancel
        </LinkButton>
      </Form>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Users · Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
