import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { dataDir, env } from '~/env.server'

export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }

declare global {
  var __stagepassMailer: Transporter | undefined
}

function transporter() {
  const { SMTP_URL } = env()
  // Without SMTP the message is rendered to a buffer and written to DATA_DIR/outbox as .eml.
  return (globalThis.__stagepassMailer ??= SMTP_URL
    ? nodemailer.createTransport(SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
}

/** Sends a mail through SMTP_URL, or writes it to the outbox folder; returns where it went. */
export async function sendMail(mail: Mail): Promise<{ via: 'smtp' | 'outbox'; file?: string }> {
  const info = await transporter().sendMail({ from: env().MAIL_FROM, ...mail })
  if (env().SMTP_URL) return { via: 'smtp' }
  const outbox = dataDir('outbox')
  await fs.mkdir(outbox, { recursive: true })
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`)
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message)
  return { via: 'outbox', file }
}

/** Tests swap transports (for example to a local SMTP server) between cases. */
export function resetMailer() {
  globalThis.__stagepassMailer = undefined
}
