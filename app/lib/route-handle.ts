// Route `handle` flags the document shell reads.

export type RouteHandle = {
  /**
   * false: the page ships no JavaScript at all (no <Scripts/>, no modulepreloads, no scroll
   * restoration script). For pages whose every feature is a link or a plain form: the blog, say.
   */
  scripts?: boolean
}

/** No-JS pages: a route opts out with `export const handle: RouteHandle = { scripts: false }`. */
export const NO_SCRIPTS: RouteHandle = { scripts: false }

/** True unless a matched route opted out. */
export function wantsScripts(matches: ReadonlyArray<{ handle?: unknown }>) {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.scripts === false)
}
