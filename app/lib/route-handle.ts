// Route `handle` flags the root layout reads.
//
// `scripts: false` — the page ships no JavaScript: the root leaves out <Scripts/> (the module
// preloads, the hydration data and the entry) and <ScrollRestoration/>. Only for pages whose every
// feature works as plain HTML (links and form posts): legal pages, landing pages, blog posts. A
// visitor who arrives from a hydrated page still navigates to them client-side; a first visit
// downloads no JavaScript at all. tests/e2e/page-weight.spec.ts checks the budget.
export type RouteHandle = { scripts?: boolean; hideVoiceWidget?: boolean }

export const NO_SCRIPTS = { scripts: false } satisfies RouteHandle

export function pageWantsScripts(matches: ReadonlyArray<{ handle?: unknown }>) {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.scripts === false)
}
