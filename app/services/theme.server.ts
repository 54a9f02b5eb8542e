import { createCookie } from '@remix-run/node'
import { isTheme, type Theme } from '~/lib/theme'

const themeCookie = createCookie('sp_theme', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 365 })

/** Spec section 4: light until the visitor chooses otherwise. */
export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get('Cookie'))
  return isTheme(value) ? value : 'light'
}

export function setThemeCookie(theme: Theme) {
  return themeCookie.serialize(theme)
}
