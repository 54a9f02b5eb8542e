import { createCookie } from '@remix-run/node'
import { isTheme, THEME_COOKIE, THEME_COOKIE_MAX_AGE_S, type Theme } from '~/core/theme'

// Not httpOnly: the toggle writes it in the browser too (writeThemeCookie), and a theme is no secret.
const themeCookie = createCookie(THEME_COOKIE, { path: '/', sameSite: 'lax', maxAge: THEME_COOKIE_MAX_AGE_S })

/** docs/product.md §4: light until the visitor chooses otherwise. */
export async function getTheme(request: Request): Promise<Theme> {
  return themeFromCookieHeader(request.headers.get('Cookie'))
}

/** The theme a Cookie header chooses (the response cache keys stored pages by it, as the root renders it). */
export async function themeFromCookieHeader(header: string | null): Promise<Theme> {
  const value: unknown = await themeCookie.parse(header)
  return isTheme(value) ? value : 'light'
}

export function setThemeCookie(theme: Theme) {
  return themeCookie.serialize(theme)
}
