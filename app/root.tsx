import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches } from '@remix-run/react'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { AuthenticationErrorScreen, ShellErrorBoundary } from '~/components/error-screens'
import { FocusFirstInvalid } from '~/components/focus-first-invalid'
import { ProgressBar } from '~/components/progress-bar'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { useOptimisticTheme } from '~/components/theme-toggle'
import { Toaster } from '~/components/toaster'
import { publicEnv, publicOrigin } from '~/env.server'
import { useNonce } from '~/web/nonce'
import { initAnalytics } from '~/features/analytics/track'
import { wantsScripts } from '~/web/route-handle'
import { useEarlyEventsReleased } from '~/hooks/early-events'
import { useHydrated } from '~/hooks/use-hydrated'
import { accessFor } from '~/features/accounts/route-access'
import { returnPath } from '~/core/safe-redirect'
import { dashboardPathFor } from '~/core/domain'
import { seo } from '~/web/seo'
import { openConversationId } from '~/features/messaging/unread-conversations'
import { unreadBadges } from '~/features/messaging/unread.server'
import type { ClientUser } from '~/features/accounts/user'
import { getSessionUser } from '~/features/accounts/session.server'
import { getTheme } from '~/platform/theme.server'
import { getToast } from '~/platform/toast.server'
import stylesheet from '~/styles/app.css?url'
import { useRootData } from '~/hooks/root-data'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const headers = new Headers()
  const [theme, { toast, setCookie: toastCookie }, auth] = await Promise.all([
    getTheme(request),
    getToast(request),
    // If the session store cannot answer, pages still render, showing the Authentication Error screen.
    getSessionUser(request).then(
      (result) => ({ ...result, failed: false }),
      (error: unknown) => {
        console.error('[auth] session lookup failed:', error)
        return { user: null, setCookie: null, failed: true }
      },
    ),
  ])
  // docs/product.md §2: a signed-out visitor on any non-public path (known or not) goes to /login,
  // remembering where they were. Pages check again in their own loaders.
  if (!auth.user && !auth.failed && accessFor(url.pathname) !== 'public') {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: returnPath(url) })}`)
  }
  if (toastCookie) headers.append('Set-Cookie', toastCookie)
  if (auth.setCookie) headers.append('Set-Cookie', auth.setCookie)
  const unread = auth.user ? await unreadBadges(auth.user, { opening: openConversationId(url.pathname) }) : null
  const user: ClientUser | null = auth.user && {
    id: auth.user.id,
    email: auth.user.email,
    role: auth.user.role,
    dashboardPath: dashboardPathFor(auth.user.role),
    firstName: auth.user.firstName,
    lastName: auth.user.lastName,
    profilePicture: auth.user.profilePicture,
    unreadNotifications: unread?.notifications ?? 0,
    unreadConversations: unread?.conversations ?? [],
  }
  return data(
    {
      user,
      authFailed: auth.failed,
      theme,
      toast,
      origin: publicOrigin(),
      year: new Date().getFullYear(),
      env: publicEnv(),
    },
    { headers },
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => seo({ matches })

export type RootData = Awaited<ReturnType<typeof loader>>['data']

// The websocket client: its own chunk, fetched only after hydration and only when signed in.
const RealtimeIsland = lazy(() => import('~/realtime/island'))
// The voice widget's button and the analytics helper are fetched after hydration too, so neither is
// in any page's first-load JavaScript (the 100 KB page budget; bench/page-weight.ts).
const VoiceWidget = lazy(() => import('~/components/voice/voice-widget').then((m) => ({ default: m.VoiceWidget })))

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData()
  const hydrated = useHydrated()
  const theme = useOptimisticTheme(root?.theme ?? 'light')
  const nonce = useNonce()
  useEarlyEventsReleased()
  const analytics = root?.env.analytics
  useEffect(() => {
    if (analytics) initAnalytics(analytics)
  }, [analytics])
  // Pages whose every feature works without JavaScript ship none (handle.scripts === false).
  const scripts = wantsScripts(useMatches())
  return (
    <html lang="en" className={theme === 'dark' ? 'dark' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2E7D32" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <ProgressBar />
        {root ? <SiteHeader user={root.user} theme={theme} /> : null}
        <Toaster flash={root?.toast ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        {root ? <SiteFooter year={root.year} /> : null}
        {/* It only acts in the browser, after a submit; it reads the data router, so not before hydration. */}
        {hydrated ? <FocusFirstInvalid /> : null}
        {hydrated && root ? (
          <Suspense fallback={null}>
            <VoiceWidget />
          </Suspense>
        ) : null}
        {hydrated && root?.user ? (
          <Suspense fallback={null}>
            <RealtimeIsland key={root.user.id} userId={root.user.id} />
          </Suspense>
        ) : null}
        {/* Client-side navigation into a page that ships no JavaScript still runs in the hydrated app:
            keep restoring (and resetting) the scroll position there, so every path change starts at the top. */}
        {scripts || hydrated ? <ScrollRestoration nonce={nonce} /> : null}
        {scripts ? (
          <>
            <Scripts nonce={nonce} />
            {analytics?.scriptUrl ? <script async src={analytics.scriptUrl} nonce={nonce} /> : null}
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  const { authFailed } = useLoaderData<typeof loader>()
  return authFailed ? <AuthenticationErrorScreen /> : <Outlet />
}

// Unmatched paths land here as 404s and get the 404 page inside the shell. Anything else that
// reaches the root is a failure of the shell itself: the global 'Something went wrong' line.
export { ShellErrorBoundary as ErrorBoundary }
