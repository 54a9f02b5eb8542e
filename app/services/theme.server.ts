import { createCookie } from '@remix-run/node'
import { isTheme, type Theme } from '~/lib/theme'

const themeCookie = createCookie('sp_theme', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 365 })

/** Spec section 4: light until the visitor chooses otherwise. */
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
