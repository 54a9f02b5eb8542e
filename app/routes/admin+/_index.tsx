import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { count, eq } from 'drizzle-orm'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { db } from '~/db/client.server'
import { users, venueClaims, venues } from '~/db/schema'
import { seo } from '~/lib/seo'
import { requireAccess } from '~/services/guards.server'

// A minimal admin home: real counts and the queues there are. The admin dashboards come later.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request)
  const [[u], [v], [c]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(venues),
    db.select({ n: count() }).from(venueClaims).where(eq(venueClaims.status, 'open')),
  ])
  return { users: u?.n ?? 0, venues: v?.n ?? 0, openClaims: c?.n ?? 0 }
}

export default function AdminIndex() {
  const stats = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Admin" title="Admin" />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
        <dl className="grid gap-4 sm:grid-cols-3">
          {[
            ['Users', stats.users],
            ['Venues', stats.venues],
            ['Open claims', stats.openClaims],
          ].map(([label, value]) => (
            <div key={label} className="card p-5">
              <dt className="text-sm text-neutral-600 dark:text-neutral-400">{label}</dt>
              <dd className="mt-1 text-3xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <nav aria-label="Admin tools">
          <ul className="list-disc pl-6">
            <li>
              <Link to="/admin/claims" className="link">
                Venue claims ({stats.openClaims} open)
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Admin', noIndex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
