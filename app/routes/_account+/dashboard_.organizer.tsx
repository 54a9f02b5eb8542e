import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OrganizerDashboard } from '~/components/dashboard/organizer-dashboard'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { seo } from '~/lib/seo'
import { organizerDashboard } from '~/services/dashboard.server'
import { requireAccess } from '~/services/guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = (await requireAccess(request))!
  return organizerDashboard(user)
}

export default function OrganizerDashboardPage() {
  return <OrganizerDashboard data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Organizer dashboard', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
