import path from 'node:path'
import { z } from 'zod'
import { issuesByField } from './core/fields'

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Set when a reverse proxy or load balancer sets X-Forwarded-For/-Proto. */
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    /**
     * The public origin (scheme, host, port; no path): every link the server writes (mails, canonical
     * and Open Graph links, sitemaps, feeds, API `url` fields, OAuth callbacks) starts with it, never
     * with a request header. Unset: http://localhost:$PORT. See publicOrigin() and docs/security-http.md.
     */
    APP_URL: z
      .url({ protocol: /^https?$/ })
      .refine((value) => /^[a-z]+:\/\/[^/?#]+\/?$/i.test(value), 'must be an origin (scheme, host and port), without a path')
      .optional(),
    /**
     * Further host names the server answers for besides APP_URL's host and loopback (comma-separated;
     * `name`, `name:port`, or `.example.com` for every subdomain). Any other Host is a 400.
     */
    ALLOWED_HOSTS: z.string().default(''),
    /** Concurrent requests before the server answers 503 with Retry-After (static files and /healthz are not counted). */
    MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(64),
    /** Largest request body (bytes) outside the image upload routes; a bigger one is a 413 before any route runs. */
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /** A request body must have arrived whole within this time (upload routes: UPLOAD_BODY_TIMEOUT_MS), else 408. */
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** Request bodies being received at once (their own budget, apart from MAX_IN_FLIGHT); past it, 503. */
    MAX_BODIES_IN_FLIGHT: z.coerce.number().int().min(1).default(128),
    /** Of those, how many one address may hold (429 past it), so one client cannot take them all. */
    MAX_BODIES_PER_ADDRESS: z.coerce.number().int().min(1).default(16),
    /** A body slower than this on average, once BODY_RATE_GRACE_MS have passed, is cut off with 408. */
    BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
    BODY_RATE_GRACE_MS: z.coerce.number().int().min(100).default(5000),
    /** Node's server timeouts: all request headers, the whole request, and an idle keep-alive connection. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(75_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    /** Open websockets per user; a further one closes that user's oldest (code 4429). */
    MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
    /**
     * Worker processes (app/server/cluster.server.ts); 0 means one per core.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
    /**
     * With one worker per CPU this process may use, each worker is kept on its own CPU (Linux,
     * with `taskset`); 'off' lets the kernel move them (app/server/cluster.server.ts).
     */
    WORKER_CPU_PINNING: z.enum(['auto', 'off']).default('auto'),
    /** Memory for whole pages kept for anonymous visitors (app/server/response-cache.server.ts), in MiB; 0 turns the cache off. */
    RESPONSE_CACHE_MB: z.coerce.number().min(0).default(64),
    /** Seconds a shed request is told to wait. */
    RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(2),
    /** How long SIGTERM waits for in-flight requests before cutting them off. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** A production server whose event loop stops turning this long ends itself (app/server/event-loop-watchdog.server.ts); 0 turns it off. */
    EVENT_LOOP_WATCHDOG_SECONDS: z.coerce.number().int().min(0).default(60),
    /** Unset: `npm start` runs the embedded PostgreSQL under DATA_DIR/postgres (app/db/embedded-postgres.server.ts). */
    DATABASE_URL: optional,
    DATA_DIR: z.string().default('./data'),
    /**
     * The web server's longest wait for a database query or connection; past it the request fails
     * (503 with Retry-After) instead of waiting for a database that stopped answering. 0: no limit.
     */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
    /** Seed the demo data on the first start of an empty embedded database. */
    SEED_ON_START: z.enum(['true', 'false']).default('true'),
    /** Signs the short-lived OAuth state cookie. Unset: a random secret is generated once and kept in the database. */
    SESSION_SECRET: optional,
    INSECURE_COOKIES: z.enum(['true', 'false']).default('false'),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    /** Google's endpoints; overridable so tests can run against a local OpenID Connect server. */
    GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
    VAPI_PUBLIC_KEY: optional,
    VAPI_ASSISTANT_ID: optional,
    /**
     * Optional third-party analytics script (none by default): loaded with the page's CSP nonce, its
     * origin allowed in script-src and connect-src. ANALYTICS_GLOBAL names the function it defines
     * on window; the event helper waits for it and hands it each event as well.
     */
    ANALYTICS_SCRIPT_URL: z.url({ protocol: /^https$/ }).optional(),
    /**
     * A MapLibre style (https, or http for a tile server on the same machine) for the search and
     * venue maps: a street map. Unset, the maps draw the bundled states with no tile server at all
     * (docs/search.md, 'Maps'). Its origin is added to the CSP's connect-src and img-src.
     */
    MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
    ANALYTICS_GLOBAL: z
      .string()
      .regex(/^[A-Za-z_$][\w$]*$/)
      .optional(),
    /**
     * Lets the calendar sync fetch feeds on private, loopback and link-local addresses
     * (app/platform/safe-fetch.server.ts). Off by default: a user-given address must not reach the
     * server's own network. The tests turn it on to serve feeds from 127.0.0.1.
     */
    CALENDAR_FETCH_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
    SMTP_URL: optional,
    MAIL_FROM: z.string().default('Stagepass <no-reply@stagepass.local>'),
    /**
     * Test-only. When set, /resources/test-fixtures lets Playwright create users and sessions (see
     * that route). playwright.config.ts sets a random value for the server it starts; never set it
     * on a deployed instance.
     */
    E2E_FIXTURES_SECRET: z.string().min(32).optional(),
  })
  // Node refuses a headers timeout longer than the request timeout, and an upload must be able to
  // arrive within the request timeout.
  .refine((e) => e.REQUEST_TIMEOUT_MS >= e.HEADERS_TIMEOUT_MS + e.UPLOAD_BODY_TIMEOUT_MS, {
    path: ['REQUEST_TIMEOUT_MS'],
    message: 'must be at least HEADERS_TIMEOUT_MS + UPLOAD_BODY_TIMEOUT_MS',
  })

export type Env = z.infer<typeof schema>

function load(): Env {
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const { formErrors, fieldErrors } = issuesByField(parsed.error)
    const lines = [...formErrors, ...Object.entries(fieldErrors).map(([name, messages]) => `  ${name}: ${messages.join('; ')}`)]
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

/**
 * The one public origin of this deployment: APP_URL, or http://localhost:$PORT when unset (a fresh
 * `npm start`). Links the server writes use it and nothing else: a request's Host or
 * X-Forwarded-Host is the client's to choose, so a link built from it could point anywhere
 * (a password-reset mail that sends its token to another site).
 */
export function publicOrigin() {
  const { APP_URL, PORT } = env()
  return APP_URL ? new URL(APP_URL).origin : `http://localhost:${PORT}`
}

export function dataDir(...segments: string[]) {
  return path.resolve(env().DATA_DIR, ...segments)
}

/** The subset the browser may see. Handed over explicitly by the root loader. */
export function publicEnv() {
  const {
    VAPI_PUBLIC_KEY,
    VAPI_ASSISTANT_ID,
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET,
    ANALYTICS_SCRIPT_URL,
    ANALYTICS_GLOBAL,
    MAP_STYLE_URL,
  } = env()
  return {
    mapStyleUrl: MAP_STYLE_URL ?? null,
    analytics: { scriptUrl: ANALYTICS_SCRIPT_URL ?? null, globalName: ANALYTICS_GLOBAL ?? null },
    voiceConfigured: Boolean(VAPI_PUBLIC_KEY && VAPI_ASSISTANT_ID),
    // Vapi's public key is meant for browsers (the private key never leaves the server, and this app
    // has none); the assistant id is what the browser starts a call with. Both or neither.
    vapi: VAPI_PUBLIC_KEY && VAPI_ASSISTANT_ID ? { publicKey: VAPI_PUBLIC_KEY, assistantId: VAPI_ASSISTANT_ID } : null,
    googleConfigured: Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET),
  }
}

/** Cookies are Secure in production unless explicitly relaxed for plain-http testing. */
export function secureCookies() {
  const { NODE_ENV, INSECURE_COOKIES } = env()
  return NODE_ENV === 'production' && INSECURE_COOKIES !== 'true'
}
