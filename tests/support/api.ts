// Calling a route module's loader or action directly, as the JSON API's tests do: the answer's
// status and parsed envelope, an Authorization header for a token, and a fresh client address per
// call so the per-address throttles of one test do not reach the next.

export type ApiAnswer = {
  status: number
  body: { data?: unknown; error?: { message: string; code: string; fields?: Record<string, string[]> } }
}
type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown

export async function callApi(
  handler: Handler,
  request: Request,
  { params = {}, ip }: { params?: Record<string, string>; ip?: string } = {},
): Promise<ApiAnswer> {
  const response = (await handler({ request, params, context: { ip } })) as Response
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] }
}

/** A loader's or action's arguments for `request`, as Remix passes them (no load context). */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** A new address in `prefix` (e.g. '198.18.9') on every call; each file takes its own prefix. */
export function addressCounter(prefix: string) {
  let n = 0
  return () => `${prefix}.${++n}`
}
