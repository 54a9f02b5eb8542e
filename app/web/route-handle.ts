// Route `handle` flags the root layout reads, typed where written (`satisfies RouteHandle`) so a
// misspelt flag fails the typecheck. `scripts: false`: the page ships no JavaScript, only for
// pages that work as plain HTML. `hideVoiceWidget: true`: no voice widget on the page.
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
