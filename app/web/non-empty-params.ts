// GET forms send only the fields that carry a value: an empty filter is no filter, and a URL full
// of `q=&city=&venueType=` is noise in history, in shared links and in the response cache's keys.
// With JavaScript, GetForm (app/components/ui/get-form.tsx) drops them before navigating; without
// it, the page's loader answers a URL with empty fields by a redirect to the same URL without them.

/** The entries of a form or query whose value is not blank, in order. Files are never GET values. */
export function nonEmptyParams(entries: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of entries) if (typeof value === 'string' && value.trim() !== '') params.append(name, value)
  return params
}

/** The same URL without blank query parameters, or null when it has none. */
export function withoutEmptyParams(url: URL): string | null {
  const kept = nonEmptyParams(url.searchParams)
  if ([...url.searchParams].length === [...kept].length) return null
  const search = kept.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}
