import { useLocation } from '@remix-run/react'
import { useSyncExternalStore, type FormEvent } from 'react'
import { MoonIcon, SunIcon } from '~/components/ui/icons'
import { otherTheme, writeThemeCookie, type Theme } from '~/core/theme'
import { useHydrated } from '~/hooks/use-hydrated'

const THEME_ACTION = '/resources/theme'

// The choice made in this page, shown at once and kept across client-side navigations. Not a Remix
// fetcher: the choice needs nothing back, and a fetcher's double click aborts the first submission
// (logged as an AbortError) and reloads every loader of the page.
let chosen: Theme | null = null
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The theme to render now: the one chosen in this page, if any, else the cookie's. */
export function useOptimisticTheme(cookieTheme: Theme): Theme {
  return (
    useSyncExternalStore(
      subscribe,
      () => chosen,
      () => null,
    ) ?? cookieTheme
  )
}

function choose(theme: Theme) {
  chosen = theme
  // The cookie written at the click is the whole save: no request, so no answer of an older click
  // can arrive last and set the older choice (docs/accounts.md, 'The light/dark choice').
  writeThemeCookie(theme)
  for (const listener of listeners) listener()
}

/** A plain form: without JavaScript it posts and comes back to this page. */
export function ThemeToggle({ theme, className }: { theme: Theme; className?: string }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const next = otherTheme(theme)
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode'
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    choose(next)
  }
  return (
    <form method="post" action={THEME_ACTION} className={className} onSubmit={onSubmit}>
      <input type="hidden" name="theme" value={next} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button
        type="submit"
        className="inline-flex size-10 items-center justify-center rounded-control text-white hover:bg-white/15"
        aria-label={label}
        title={label}
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
    </form>
  )
}
