const DEFAULT_REDIRECT = '/'
/** Longer targets are not followed (and not written into a sign-in link). */
const MAX_REDIRECT_LENGTH = 2000

/** Printable ASCII only: a path the app links to is always percent-encoded, so anything else is forged. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/

/**
 * Only same-site paths: a user-supplied redirect never leaves the site (no `//host`, no
 * backslash tricks, no scheme) and never carries a control or unusual whitespace character
 * (NUL, vertical tab, U+2028, U+3000, …), which a Location header refuses (a 500) or a browser
 * may strip into another URL. Anything else falls back to the default page.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT) {
  if (!to || typeof to !== 'string') return fallback
  const target = to.replace(/^ +| +$/g, '')
  if (target.length > MAX_REDIRECT_LENGTH || !PRINTABLE_ASCII.test(target)) return fallback
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  return target
}

/**
 * Where to come back to after signing in, for a `redirectTo` parameter: the path and query of the
 * request, or only its path when that is too long to follow (a megabyte query would otherwise be
 * percent-encoded into the Location header, seconds of work for one request).
 */
export function returnPath(url: URL) {
  const full = url.pathname + url.search
  if (full.length <= MAX_REDIRECT_LENGTH) return full
  return url.pathname.length <= MAX_REDIRECT_LENGTH ? url.pathname : DEFAULT_REDIRECT
}
