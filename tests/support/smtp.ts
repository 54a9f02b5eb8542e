import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { resetMailer } from '~/platform/mail.server'

export type ReceivedMail = { from: string | undefined; to: string[]; raw: string }

/** Quoted-printable soft breaks and escapes, as nodemailer writes long lines. */
export function decodeQuotedPrintable(text: string) {
  return Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
}

/** One header's value, unfolded. */
export function header(raw: string, name: string) {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return head.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]
}

/** The decoded body of the part with this content type. */
export function part(raw: string, type: 'text/plain' | 'text/html') {
  const match = raw.match(new RegExp(`Content-Type: ${type}[^]*?\\r?\\n\\r?\\n([^]*?)(?:\\r?\\n--|$)`, 'i'))
  return match ? decodeQuotedPrintable(match[1]!) : undefined
}

/**
 * A real SMTP server on a free local port for the file's tests, with SMTP_URL pointing at it: mail
 * goes through nodemailer's SMTP transport exactly as in production. Returns the inbox, with the
 * server's URL (`inbox.url()`) for tests that point SMTP_URL elsewhere and back.
 */
export function useSmtpServer() {
  const inbox: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    // A plain local server: nodemailer would otherwise try STARTTLS with smtp-server's self-signed cert.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  const saved = process.env.SMTP_URL
  const setSmtpUrl = (value: string | undefined) => {
    if (value === undefined) delete process.env.SMTP_URL
    else process.env.SMTP_URL = value
    globalThis.__stagepassEnv = undefined
    resetMailer()
  }
  let url = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  })
  beforeEach(() => {
    inbox.length = 0
    setSmtpUrl(url)
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    setSmtpUrl(saved)
  })
  return Object.assign(inbox, { url: () => url })
}
