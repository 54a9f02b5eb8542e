const DEFAULT_REDIRECT = '/'

/**
 * Only same-site paths: a user-supplied redirect never leaves the site (no `//host`, no
 * backslash tricks, no scheme).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT) {
  if (!to || typeof to !== 'string') return fallback
  const target = to.trim()
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /[\r\n\t]/.test(target)) return fallback
  return target
}
