import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FetchRefused, embeddedIPv4, isPublicAddress, safeFetchText } from '~/platform/safe-fetch.server'

// Safe fetching of user-given addresses (docs/calendars.md, 'Safe fetching'), against a real HTTP
// server on a local socket. The server is on 127.0.0.1, so most tests allow exactly that address
// and show that anything else private is still refused.

let origin = ''
let port = 0
let server: http.Server
const onlyOurServer = (address: string) => address === '127.0.0.1'

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const to = url.searchParams.get('to')
    switch (url.pathname) {
      case '/feed.ics':
        return void res
          .writeHead(200, { 'Content-Type': 'text/calendar' })
          .end(`BEGIN:VCALENDAR\r\nX-HOST:${req.headers.host}\r\nEND:VCALENDAR\r\n`)
      case '/redirect':
        return void res.writeHead(302, { Location: to ?? '/feed.ics' }).end()
      case '/loop':
        return void res.writeHead(301, { Location: '/loop' }).end()
      case '/big': {
        // 3 MB without a Content-Length: cut off while it streams.
        res.writeHead(200, { 'Content-Type': 'text/calendar' })
        const chunk = Buffer.alloc(64 * 1024, 'x')
        let sent = 0
        const more = () => {
          while (sent < 48) {
            sent += 1
            if (!res.write(chunk)) return void res.once('drain', more)
          }
          res.end()
        }
        return more()
      }
      case '/big-declared':
        return void res.writeHead(200, { 'Content-Length': String(3 * 1024 * 1024) }).end()
      case '/slow':
        return // never answers
      default:
        return void res.writeHead(404).end('no')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function refusal(url: string, options: Parameters<typeof safeFetchText>[1] = {}) {
  const error = await safeFetchText(url, options).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FetchRefused)
  return (error as FetchRefused).message
}

describe('safe fetching', () => {
  test('fetches an allowed address and connects to the address it checked, resolving the name once', async () => {
    const asked: string[] = []
    const resolve = async (host: string) => {
      asked.push(host)
      // A name the system resolver does not know: any second lookup would fail the fetch.
      return [{ address: '127.0.0.1', family: 4 }]
    }
    const { text } = await safeFetchText(`http://calendar.feed.invalid:${port}/feed.ics`, { allowed: onlyOurServer, resolve })
    expect(text).toContain(`X-HOST:calendar.feed.invalid:${port}`)
    expect(asked).toEqual(['calendar.feed.invalid'])
  })

  test('loopback and private addresses are refused without the setting', async () => {
    expect(await refusal(`${origin}/feed.ics`)).toBe('That address is on a private network')
    expect(await refusal(`http://localhost:${port}/feed.ics`)).toBe('That address is on a private network')
    // A name that resolves to one public and one private address is refused too.
    const both = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]
    expect(await refusal('http://mixed.invalid/feed.ics', { resolve: both })).toBe('That address is on a private network')
  })

  test('every spelling of a private, loopback, link-local, CGNAT, multicast or mapped address is refused (property)', async () => {
    const octet = fc.integer({ min: 0, max: 255 })
    const hex = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16))
    const v4 = fc.oneof(
      fc.tuple(octet, octet, octet).map(([b, c, d]) => `10.${b}.${c}.${d}`),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => `172.${b}.${c}.${d}`),
      fc.tuple(octet, octet).map(([c, d]) => `192.168.${c}.${d}`),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => `127.${b}.${c}.${d}`),
      fc.tuple(octet, octet).map(([c, d]) => `169.254.${c}.${d}`),
      fc.tuple(fc.integer({ min: 64, max: 127 }), octet, octet).map(([b, c, d]) => `100.${b}.${c}.${d}`),
      fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet).map((p) => p.join('.')),
    )
    const spellings = fc.oneof(
      v4,
      // The same IPv4 address in the forms URL parsers accept: hexadecimal, octal, one number, mapped into IPv6.
      v4.map((a) =>
        a
          .split('.')
          .map((p) => `0x${Number(p).toString(16)}`)
          .join('.'),
      ),
      v4.map((a) =>
        a
          .split('.')
          .map((p) => `0${Number(p).toString(8)}`)
          .join('.'),
      ),
      v4.map((a) => String(a.split('.').reduce((n, p) => n * 256 + Number(p), 0))),
      fc.tuple(octet, octet, octet, octet).map((p) => `[::ffff:${p.join('.')}]`),
      fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), hex, hex).map(([a, b, c]) => `[${a.toString(16)}:${b}::${c}]`),
      fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), hex).map(([a, b]) => `[${a.toString(16)}::${b}]`),
      fc.constantFrom(
        '127.1',
        '0x7f.0.0.1',
        '0177.0.0.1',
        '2130706433',
        '[::ffff:127.0.0.1]',
        '[0:0:0:0:0:ffff:7f00:1]',
        '[::1]',
        '[::]',
        '0.0.0.0',
        '0',
        '169.254.169.254',
        '[::ffff:169.254.169.254]',
        '[fc00::1]',
        '[fe80::1]',
        '[ff02::1]',
      ),
    )
    await fc.assert(
      fc.asyncProperty(spellings, fc.constantFrom('http', 'https'), async (host, scheme) => {
        expect(await refusal(`${scheme}://${host}/basic.ics`)).toBe('That address is on a private network')
      }),
      { numRuns: 300 },
    )
    for (const address of ['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true)
  })

  test('a redirect is checked like the first address: to a private network, to another scheme, or more than 3 times', async () => {
    expect((await safeFetchText(`${origin}/redirect`, { allowed: onlyOurServer })).text).toContain('BEGIN:VCALENDAR')
    for (const to of [
      'http://10.0.0.1/feed.ics',
      `http://[::1]:${port}/feed.ics`,
      `http://127.0.0.2:${port}/feed.ics`,
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect(await refusal(`${origin}/redirect?to=${encodeURIComponent(to)}`, { allowed: onlyOurServer })).toBe(
        'That address is on a private network',
      )
    expect(await refusal(`${origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, { allowed: onlyOurServer })).toBe(
      'Only http and https addresses can be used',
    )
    expect(await refusal(`${origin}/loop`, { allowed: onlyOurServer })).toBe('The calendar address redirected more than 3 times')
  })

  test('a body over the size limit is cut off, whether or not it says its length', async () => {
    expect(await refusal(`${origin}/big`, { allowed: onlyOurServer })).toBe('The calendar is larger than 2 MB')
    expect(await refusal(`${origin}/big-declared`, { allowed: onlyOurServer })).toBe('The calendar is larger than 2 MB')
  })

  test('a server that does not answer in time is given up on', async () => {
    const started = Date.now()
    expect(await refusal(`${origin}/slow`, { allowed: onlyOurServer, timeoutMs: 800 })).toBe(
      'The calendar address did not answer within 1 second',
    )
    expect(Date.now() - started).toBeLessThan(3000)
  })

  test('other schemes, credentials, non-addresses and error statuses are refused in plain words', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.ics',
      'gopher://127.0.0.1:70/',
      'javascript:alert(1)',
      'data:text/calendar,BEGIN',
      'webcal://example.com/a.ics',
    ])
      expect(await refusal(url)).toBe('Only http and https addresses can be used')
    expect(await refusal('https://me:secret@example.com/a.ics')).toBe('Leave the user name and password out of the address')
    expect(await refusal('calendar.google.com/x')).toBe('That is not a web address: it should start with https://')
    expect(await refusal(`https://example.com/${'a'.repeat(2100)}`)).toBe('That address is too long')
    expect(await refusal(`${origin}/missing.ics`, { allowed: onlyOurServer })).toBe('The calendar address answered 404')
  })

  test('every IPv6 form that embeds a private IPv4 address is refused, by address and by URL (property)', async () => {
    const octet = fc.integer({ min: 0, max: 255 })
    const privateV4 = fc.oneof(
      fc.tuple(octet, octet, octet).map(([b, c, d]) => [10, b, c, d]),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => [172, b, c, d]),
      fc.tuple(octet, octet).map(([c, d]) => [192, 168, c, d]),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => [127, b, c, d]),
      fc.tuple(octet, octet).map(([c, d]) => [169, 254, c, d]),
      fc.tuple(fc.integer({ min: 64, max: 127 }), octet, octet).map(([b, c, d]) => [100, b, c, d]),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => [0, b, c, d]),
      fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet),
    )
    const hex = (n: number) => n.toString(16)
    const word = fc.integer({ min: 0, max: 0xffff })
    /** Each embedding form of [a, b, c, d]: `high` and `low` are its two 16-bit halves. */
    const forms = (v4: number[], [x, y, z]: number[]) => {
      const [a, b, c, d] = v4 as [number, number, number, number]
      const high = hex((a << 8) | b)
      const low = hex((c << 8) | d)
      const dotted = v4.join('.')
      return {
        mapped: `::ffff:${dotted}`,
        mappedHex: `::ffff:${high}:${low}`,
        translated: `::ffff:0:${dotted}`,
        compatible: `::${high}:${low}`,
        nat64: `64:ff9b::${dotted}`,
        // RFC 6052 /48: a.b in the fourth group, c.d straddling the reserved octet.
        nat64Local: `64:ff9b:1:${high}:${hex(c)}:${hex(d << 8)}::${hex(x!)}`,
        sixToFour: `2002:${high}:${low}:${hex(x!)}::${hex(y!)}`,
        teredoServer: `2001:0:${high}:${low}:${hex(x!)}:${hex(y!)}:${hex(z!)}:1`,
        teredoClient: `2001:0:4136:e378:8000:${hex(x!)}:${hex(((a << 8) | b) ^ 0xffff)}:${hex(((c << 8) | d) ^ 0xffff)}`,
        isatap: `2606:4700:${hex(x!)}:${hex(y!)}:0:5efe:${dotted}`,
      }
    }
    await fc.assert(
      fc.asyncProperty(privateV4, fc.tuple(word, word, word), async (v4, noise) => {
        for (const [form, address] of Object.entries(forms(v4, noise))) {
          expect(embeddedIPv4(address), `${form} ${address}`).toContain(v4.join('.'))
          expect(isPublicAddress(address), `${form} ${address}`).toBe(false)
        }
        const { nat64Local, translated, teredoClient } = forms(v4, noise)
        for (const address of [nat64Local, translated, teredoClient])
          expect(await refusal(`http://[${address}]/feed.ics`)).toBe('That address is on a private network')
      }),
      { numRuns: 200 },
    )
    // Teredo's client address, decoded: 157.60.0.1 inverted in the last 32 bits (RFC 4380's example).
    expect(embeddedIPv4('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45'])
    expect(embeddedIPv4('2606:4700:4700::1111')).toEqual([])
  })
})
