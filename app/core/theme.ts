export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark'
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'light' ? 'dark' : 'light'
}

export const THEME_COOKIE = 'sp_theme'
export const THEME_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365

/**
 * The browser writes the choice itself at the click, as the server's cookie encodes it (Remix's
 * cookie value: base64 of the JSON, URI-encoded). The toggle's POST also sets it, but a link
 * followed at once (a page without JavaScript is a full page load) cancels that request before
 * its answer, and with it the Set-Cookie: the choice was lost about one toggle in six.
 */
export function writeThemeCookie(theme: Theme) {
  document.cookie = `${THEME_COOKIE}=${encodeURIComponent(btoa(JSON.stringify(theme)))}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=Lax`
}
