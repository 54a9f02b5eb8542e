// Which Host a request may name, and which Origin counts as ours (docs/security-http.md): only the
// public origin, ALLOWED_HOSTS and loopback, else a 400 before any route. Links never come from
// the Host, so this is a second wall.
import { env, publicOrigin } from '~/env.server'

/** localhost (and *.localhost), 127.0.0.0/8 and ::1: always this machine, on any port. */
export function isLoopbackHostname(hostname: string) {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (name === '[::1]' || name === '::1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
}

type HostRule = { name: string; port: string | null; subdomains: boolean }

/** `name`, `name:port` or `.name` (the name and every subdomain); case-insensitive. */
function parseHostRules(list: string): HostRule[] {
  return list
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const subdomains = entry.startsWith('.')
      const { hostname, port } = splitHost(subdomains ? entry.slice(1) : entry)
      return { name: hostname, port, subdomains }
    })
}

/** Splits `host[:port]`, IPv6 literals in brackets included; the name is lower case. */
function splitHost(host: string): { hostname: string; port: string | null } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host.trim())
  if (!match) return { hostname: '', port: null }
  return { hostname: match[1]!.toLowerCase(), port: match[2] || null }
}

let cached: { key: string; rules: HostRule[] } | null = null

/** APP_URL's host (with its port) and ALLOWED_HOSTS, parsed once per configuration. */
function configuredRules() {
  const key = `${publicOrigin()} ${env().ALLOWED_HOSTS}`
  if (cached?.key !== key) {
    const origin = new URL(publicOrigin())
    const port = origin.port || (origin.protocol === 'https:' ? '443' : '80')
    cached = { key, rules: [{ name: origin.hostname.toLowerCase(), port, subdomains: false }, ...parseHostRules(env().ALLOWED_HOSTS)] }
  }
  return cached.rules
}

/** A name of letters, digits, dots, hyphens and underscores, or a bracketed IPv6 literal; then an optional port. */
const HOST_SYNTAX = /^(?:[\w.-]+|\[[\da-f:.]+\])(?::(\d{1,5}))?$/i

/**
 * Whether a Host (or X-Forwarded-Host) value is a well-formed host[:port], its port 1 to 65535.
 * Anything else (a port of 99999 or `abc`, spaces, user info) is a 400 before the app, which
 * builds its URL from this value (docs/security-http.md).
 */
export function isValidHost(host: string) {
  const match = HOST_SYNTAX.exec(host)
  if (!match) return false
  const port = match[1]
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535)
}

/**
 * Whether the server answers for this Host header value. A missing or malformed one is refused.
 * A port in the header must be the rule's (APP_URL's always names one); a header without a port
 * passes, as a TLS proxy in front of the app forwards `Host: name` for https on 443.
 */
export function isAllowedHost(host: string | null | undefined) {
  if (!host || !isValidHost(host)) return false
  const { hostname, port } = splitHost(host)
  if (!hostname) return false
  if (isLoopbackHostname(hostname)) return true
  return configuredRules().some(
    (rule) =>
      (rule.name === hostname || (rule.subdomains && hostname.endsWith(`.${rule.name}`))) &&
      (rule.port === null || port === null || rule.port === port),
  )
}

/**
 * CSRF defence beside SameSite=Lax cookies: a browser sends Origin on every cross-site POST and
 * websocket handshake, so one naming another site is refused. A missing Origin (curl) is allowed,
 * since Lax keeps the session cookie off cross-site POSTs.
 */
export function isForeignOrigin(origin: string | null | undefined, requestOrigin: string) {
  if (!origin) return false
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return true
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return true
  if (isLoopbackHostname(url.hostname)) return origin !== requestOrigin
  return !isAllowedHost(url.host)
}
