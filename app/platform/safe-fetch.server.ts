import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { env } from '~/env.server'

// The one way the server fetches an address a user gave (an external calendar feed). Whoever types
// the address chooses where our server connects, so the scheme, every resolved address, every
// redirect, the size and the time are checked as docs/calendars.md, 'Safe fetching' lists. Every
// refusal is a FetchRefused whose message is plain words for the page.

const FETCH_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3, maxUrlLength: 2000 } as const

export class FetchRefused extends Error {
  override name = 'FetchRefused'
}

// Two lists: Node's BlockList also matches an IPv4 address against IPv6 rules in their mapped and
// compatible forms, so one list with ::ffff:0:0/96 would refuse every IPv4 address.
const blockedV4 = new BlockList()
const blockedV6 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blockedV4.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64, which embeds an IPv4 address
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(network, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail and `::` expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const part = (side: string) => (side ? side.split(':').map((group) => parseInt(group, 16)) : [])
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

const dottedQuad = (high: number, low: number) => `${high >>> 8}.${high & 0xff}.${low >>> 8}.${low & 0xff}`

/**
 * Every IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4, Teredo,
 * ISATAP), since a packet to such an address may reach that IPv4 host.
 */
export function embeddedIPv4(address: string): string[] {
  const g = ipv6Groups(address)
  if (!g) return []
  const found: string[] = []
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0)
  if (zeros(0, 5) && g[5] === 0xffff) found.push(dottedQuad(g[6]!, g[7]!))
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) found.push(dottedQuad(g[6]!, g[7]!))
  if (zeros(0, 6)) found.push(dottedQuad(g[6]!, g[7]!))
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) found.push(dottedQuad(g[6]!, g[7]!))
  // RFC 6052 /48: the address takes bits 48-63 and 72-87 (the octet at 64-71 is reserved, zero).
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) found.push(dottedQuad(g[3]!, ((g[4]! & 0xff) << 8) | (g[5]! >>> 8)))
  if (g[0] === 0x2002) found.push(dottedQuad(g[1]!, g[2]!))
  if (g[0] === 0x2001 && g[1] === 0) found.push(dottedQuad(g[2]!, g[3]!), dottedQuad(g[6]! ^ 0xffff, g[7]! ^ 0xffff))
  if ((g[4] === 0 || g[4] === 0x200) && g[5] === 0x5efe) found.push(dottedQuad(g[6]!, g[7]!))
  return found
}

/**
 * Whether our server may connect to this IP address (v4 or v6, no brackets). An IPv6 address must
 * be outside the refused ranges, and every IPv4 address it embeds must be public too.
 */
export function isPublicAddress(address: string) {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 4) return !blockedV4.check(address, 'ipv4')
  return !blockedV6.check(address, 'ipv6') && embeddedIPv4(address).every((v4) => !blockedV4.check(v4, 'ipv4'))
}

function allowPrivate() {
  return env().CALENDAR_FETCH_ALLOW_PRIVATE === 'true'
}

/** The address a person typed, checked for its form: a URL, http(s), no credentials, not too long. */
export function checkFetchUrl(raw: string): URL {
  const text = raw.trim()
  if (text.length > FETCH_LIMITS.maxUrlLength) throw new FetchRefused('That address is too long')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new FetchRefused('That is not a web address: it should start with https://')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('Only http and https addresses can be used')
  if (url.username || url.password) throw new FetchRefused('Leave the user name and password out of the address')
  if (!url.hostname) throw new FetchRefused('That is not a web address: it should start with https://')
  return url
}

/**
 * The host's addresses, each checked: a host name is resolved once; an IP literal (the URL parser
 * has already turned 127.1, 0x7f.0.0.1 and 2130706433 into 127.0.0.1) is taken as it is.
 */
async function checkedAddress(url: URL, rules: Rules, deadline: Deadline) {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await deadline.race(rules.resolve(host))
    } catch (error) {
      if (error instanceof FetchRefused) throw error
      throw new FetchRefused(`The host name ${host} could not be found`)
    }
  }
  if (addresses.length === 0) throw new FetchRefused(`The host name ${host} could not be found`)
  // Every address must be public: a name resolving to one public and one private address could
  // otherwise be used to reach the private one.
  if (addresses.some((a) => !rules.allowed(a.address))) throw new FetchRefused('That address is on a private network')
  return addresses[0]!
}

type Deadline = { signal: AbortSignal; race: <T>(promise: Promise<T>) => Promise<T> }

function deadlineOf(timeoutMs: number): Deadline {
  const signal = AbortSignal.timeout(timeoutMs)
  const seconds = Math.max(1, Math.round(timeoutMs / 1000))
  const timedOut = () => new FetchRefused(`The calendar address did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`)
  return {
    signal,
    race: (promise) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) return reject(timedOut())
        const onAbort = () => reject(timedOut())
        signal.addEventListener('abort', onAbort, { once: true })
        promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
      }),
  }
}

/** One request to the checked address; the socket never looks the host up again. */
function requestOnce(url: URL, address: Address, deadline: Deadline) {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [address])
    else callback(null, address.address, address.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return deadline.race(
    new Promise<IncomingMessage>((resolve, reject) => {
      const request = client.request(url, {
        method: 'GET',
        lookup: pinned,
        agent: false,
        signal: deadline.signal,
        headers: {
          Accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
          'Accept-Encoding': 'identity',
          'User-Agent': 'Stagepass calendar sync',
        },
      })
      request.on('response', resolve)
      request.on('error', (error: NodeJS.ErrnoException) => reject(connectionProblem(error)))
      request.end()
    }),
  )
}

function connectionProblem(error: NodeJS.ErrnoException) {
  if (error instanceof FetchRefused) return error
  if (/CERT|SSL|TLS/i.test(error.code ?? '')) return new FetchRefused('The calendar address’s certificate could not be verified')
  return new FetchRefused('The calendar address could not be reached')
}

async function readBody(response: IncomingMessage, maxBytes: number, deadline: Deadline) {
  const tooLarge = () => new FetchRefused(`The calendar is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`)
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw tooLarge()
  }
  return deadline.race(
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBytes) {
          // Rejected before the socket is destroyed, whose 'aborted' would otherwise speak first.
          reject(tooLarge())
          response.destroy()
          return
        }
        chunks.push(chunk)
      })
      response.on('end', () => resolve(Buffer.concat(chunks)))
      response.on('error', (error: NodeJS.ErrnoException) => reject(connectionProblem(error)))
      response.on('aborted', () => reject(new FetchRefused('The calendar address stopped answering')))
    }),
  )
}

type Address = { address: string; family: number }
type Rules = { allowed: (address: string) => boolean; resolve: (host: string) => Promise<Address[]> }

export type SafeFetchOptions = Partial<Record<keyof typeof FETCH_LIMITS, number>> & {
  /** Which resolved addresses may be connected to; default: public ones, or any with CALENDAR_FETCH_ALLOW_PRIVATE. */
  allowed?: (address: string) => boolean
  /** The host name's addresses; default: the system resolver. Tests give their own names. */
  resolve?: (host: string) => Promise<Address[]>
}

/** GETs a user-given address by the rules above; the body as text, or a FetchRefused in plain words. */
export async function safeFetchText(raw: string, options: SafeFetchOptions = {}): Promise<{ text: string; url: string }> {
  const limits = { ...FETCH_LIMITS, ...options }
  const rules: Rules = {
    allowed: options.allowed ?? (allowPrivate() ? () => true : isPublicAddress),
    resolve: options.resolve ?? ((host) => dnsLookup(host, { all: true, verbatim: true })),
  }
  const deadline = deadlineOf(limits.timeoutMs)
  let url = checkFetchUrl(raw)
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const address = await checkedAddress(url, rules, deadline)
    const response = await requestOnce(url, address, deadline)
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      let next: URL
      try {
        next = checkFetchUrl(new URL(response.headers.location, url).href)
      } catch (error) {
        throw error instanceof FetchRefused ? error : new FetchRefused('The calendar address redirected somewhere unusable')
      }
      url = next
      continue
    }
    if (status !== 200) {
      response.resume()
      throw new FetchRefused(`The calendar address answered ${status}`)
    }
    const body = await readBody(response, limits.maxBytes, deadline)
    return { text: body.toString('utf8'), url: url.href }
  }
  throw new FetchRefused(`The calendar address redirected more than ${limits.maxRedirects} times`)
}

/** An address fit for a log line: the host only, since feed paths (Google's among them) carry secrets. */
export function loggableUrl(raw: string) {
  try {
    return new URL(raw).host || 'an address'
  } catch {
    return 'an unreadable address'
  }
}
