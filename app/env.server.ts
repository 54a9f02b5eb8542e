import path from 'node:path'
import { z } from 'zod'

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in canonical links, mails and OAuth callbacks. Defaults to the request's. */
  APP_URL: z.url().optional(),
  DATABASE_URL: optional,
  DATA_DIR: z.string().default('./data'),
  /** Seed the demo data on the first start of an empty embedded database. */
  SEED_ON_START: z.enum(['true', 'false']).default('true'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  VAPI_PUBLIC_KEY: optional,
  VAPI_ASSISTANT_ID: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Stagepass <no-reply@stagepass.local>'),
  /**
   * Test-only. When set, /resources/test-fixtures lets Playwright create users and sessions (see
   * that route). playwright.config.ts sets a random value for the server it starts; never set it
   * on a deployed instance.
   */
  E2E_FIXTURES_SECRET: z.string().min(32).optional(),
})

export type Env = z.infer<typeof schema>

function load(): Env {
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment, see .env.example:\n${lines.join('\n')}`)
  }
  return parsed.data
}

declare global {
  var __stagepassEnv: Env | undefined
}

/** Parsed once per process; fails fast with a readable message. */
export function env(): Env {
  return (globalThis.__stagepassEnv ??= load())
}

export function dataDir(...segments: string[]) {
  return path.resolve(env().DATA_DIR, ...segments)
}

/** The subset the browser may see. Handed over explicitly by the root loader. */
export function publicEnv() {
  const { VAPI_PUBLIC_KEY, VAPI_ASSISTANT_ID } = env()
  return {
    voiceConfigured: Boolean(VAPI_PUBLIC_KEY && VAPI_ASSISTANT_ID),
  }
}
