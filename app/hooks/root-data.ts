import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/root'
import type { ClientUser } from '~/features/accounts/user'

// What the root loader hands every page, read one way. The root's data is missing only while the
// root's own ErrorBoundary renders (the shell failed), so every reader tolerates its absence.

/** The root loader's data, or undefined when the shell itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root')
}

/** The signed-in user, or null for a visitor. */
export function useOptionalUser(): ClientUser | null {
  return useRootData()?.user ?? null
}

/**
 * The signed-in user, for pages only a signed-in user reaches (their loaders require one, and the
 * root redirects a visitor on any non-public path to /login first). Throws if there is none: that is
 * a page wired to the wrong access rule, not a visitor to handle.
 */
export function useUser(): ClientUser {
  const user = useOptionalUser()
  if (!user) throw new Error('useUser on a page a visitor can reach: use useOptionalUser there.')
  return user
}

/** The public origin (scheme, host, port) for absolute links: canonical URLs, share links, JSON-LD. */
export function useOrigin(): string {
  return useRootData()?.origin ?? ''
}

/** The browser-safe configuration the root loader hands over (voice, analytics, Google sign-in). */
export function usePublicEnv() {
  return useRootData()?.env
}
