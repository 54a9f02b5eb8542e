import { useFetcher, useFetchers, useLocation } from '@remix-run/react'
import { MoonIcon, SunIcon } from '~/components/ui/icons'
import { isTheme, otherTheme, writeThemeCookie, type Theme } from '~/lib/theme'
import { useHydrated } from '~/lib/use-hydrated'

const THEME_ACTION = '/resources/theme'

/** The theme to render now: the one being submitted, if any, else the cookie's. */
export function useOptimisticTheme(cookieTheme: Theme): Theme {
  const fetchers = useFetchers()
  const pending = fetchers.find((f) => f.formAction === THEME_ACTION)?.formData?.get('theme')
  return isTheme(pending) ? pending : cookieTheme
}

/** A plain form: without JavaScript it posts and comes back to this page. */
export function ThemeToggle({ theme, className }: { theme: Theme; className?: string }) {
  const fetcher = useFetcher({ key: 'theme' })
  const location = useLocation()
  const hydrated = useHydrated()
  const next = otherTheme(theme)
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode'
  return (
    <fetcher.Form method="post" action={THEME_ACTION} className={className} onSubmit={() => writeThemeCookie(next)}>
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
    </fetcher.Form>
  )
}
