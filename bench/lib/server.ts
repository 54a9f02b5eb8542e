// Starts the BUILT app (`npm run build` first) for a benchmark: production mode, a fresh embedded
// database seeded with the demo data under the system temp dir, on BENCH_PORT (default 3461).
// `--url http://host:port` on the command line uses a server that is already running instead.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type BenchServer = { origin: string; pid?: number; close: () => Promise<void> }

export function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}

async function waitFor(url: string, deadlineMs: number, child?: ChildProcess) {
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within ${deadlineMs} ms`)
}

/**
 * A script that dies without calling close() (its output piped to `head`, an exception) takes its
 * child with it: the server's SIGTERM stops its workers and its database. Returns the undo.
 */
function stopOnExit(child: ChildProcess) {
  const stop = () => void (child.exitCode === null && child.kill('SIGTERM'))
  process.once('exit', stop)
  return () => void process.off('exit', stop)
}

/**
 * @param cpu when set, the server runs under `taskset -c cpu` so the load generator can have the
 * other core.
 */
export async function startServer(options: { port?: number; cpu?: string; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const url = arg('url')
  if (url) return { origin: url.replace(/\/$/, ''), close: async () => {} }
  if (!fs.existsSync('build/server/index.js')) throw new Error('No build: run `npm run build` first.')
  const port = options.port ?? Number(process.env.BENCH_PORT ?? 3461)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-'))
  // Searchable by others: run as root, the embedded PostgreSQL runs as postgres and must reach DATA_DIR/postgres.
  fs.chmodSync(dataDir, 0o711)
  const command = ['node', '--import', 'tsx', 'server.ts']
  const [file, ...args] = options.cpu ? ['taskset', '-c', options.cpu, ...command] : command
  const child = spawn(file!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_ON_START: 'true',
      INSECURE_COOKIES: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${origin}/healthz`, 120_000, child)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${stderr}`)
  }
  const forget = stopOnExit(child)
  return {
    origin,
    pid: child.pid,
    close: async () => {
      forget()
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * nginx in front of `appOrigin` (`--proxy`): deploy/nginx/stagepass.conf with its site values set
 * for a temporary directory (as tests/integration/nginx-proxy.test.ts runs it), on `port`.
 */
export async function startProxy(appOrigin: string, port: number, cpu?: string): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-nginx-'))
  const site = fs
    .readFileSync('deploy/nginx/stagepass.conf', 'utf8')
    .replace('/var/cache/nginx/stagepass', path.join(dir, 'cache'))
    .replace('server 127.0.0.1:3000;', `server ${new URL(appOrigin).host};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
  fs.writeFileSync(path.join(dir, 'stagepass.conf'), site)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${dir}/${name};`).join('\n')
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\n${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${dir}/nginx.pid;\n` +
      `error_log ${dir}/error.log warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n${temp}\n  include ${dir}/stagepass.conf;\n}\n`,
  )
  const command = ['/usr/sbin/nginx', '-p', dir, '-c', path.join(dir, 'nginx.conf')]
  const [file, ...args] = cpu ? ['taskset', '-c', cpu, ...command] : command
  const child = spawn(file!, args, { stdio: ['ignore', 'ignore', 'inherit'] })
  const origin = `http://127.0.0.1:${port}`
  await waitFor(`${origin}/healthz`, 20_000, child)
  const forget = stopOnExit(child)
  return {
    origin,
    pid: child.pid,
    close: async () => {
      forget()
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
