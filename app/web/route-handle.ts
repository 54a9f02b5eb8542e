// Route `handle` flags the root layout reads. A route's handle is typed where it is written:
// `export const handle = { ... } satisfies RouteHandle` (or NO_SCRIPTS), so a misspelt flag fails
// the typecheck instead of being silently ignored.
//
// `scripts: false` — the page ships no JavaScript: the root leaves out <Scripts/> (the module
// preloads, the hydration data and the entry) and <ScrollRestoration/>. Only for pages whose every
// feature works as plain HTML (links and form posts): legal pages, landing pages, blog posts. A
// visitor who arrives from a hydrated page still navigates to them client-side; a first visit
// downloads no JavaScript at all. tests/e2e/page-weight.spec.ts checks the budget.
//
// `hideVoiceWidget: true` — the voice widget stays off this page (/globe-enhanced-search).
export type RouteHandle = { scripts?: boolean; hideVoiceWidget?: boolean }

/** No-JS pages: `export const handle = NO_SCRIPTS`. */
export const NO_SCRIPTS = { scripts: false } satisfies RouteHandle

type Matches = ReadonlyArray<{ handle?: unknown }>
const handleOf = (match: Matches[number]) => match.handle as RouteHandle | undefined

/** True unless a matched route opted out. */
export function wantsScripts(matches: Matches) {
  return !matches.some((match) => handleOf(match)?.scripts === false)
}

/** True when a matched route keeps the voice widget off its page. */
export function hidesVoiceWidget(matches: Matches) {
  return matches.some((match) => handleOf(match)?.hideVoiceWidget === true)
}
