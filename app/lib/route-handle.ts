// Route `handle` flags the root layout reads.
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

/** True unless a matched route opted out. */
export function wantsScripts(matches: ReadonlyArray<{ handle?: unknown }>) {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.scripts === false)
}
