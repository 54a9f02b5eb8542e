// Websocket benchmark (docs/benchmarks.md, 'Websockets'): server memory per authenticated socket,
// and the delay from a message POST to its delivery, on the same instance and (with --database-url)
// on a second one through LISTEN/NOTIFY. Instances are child processes (bench/socket-instance.ts).
//   npx tsx bench/sockets.ts [--sockets 1000] [--runs 200] [--database-url URL]
import { fork, type ChildProcess } from 'node:child_process'
import { WebSocket } from 'ws'

function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}
const SOCKETS = Number(arg('sockets') ?? 1000)
const RUNS = Number(arg('runs') ?? 200)
const DATABASE_URL = arg('database-url')
const BASE_PORT = Number(arg('port') ?? 3411)

type Instance = { port: number; child: ChildProcess; url: string }

async function startInstance(port: number, databaseUrl?: string): Promise<Instance> {
  const child = fork(new URL('./socket-instance.ts', import.meta.url).pathname, [String(port), databaseUrl ?? ''], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance on ${port} did not start in 60 s`)), 60_000)
    child.once('message', () => (clearTimeout(timer), resolve()))
    child.once('exit', (code) => reject(new Error(`instance on ${port} exited with ${code}`)))
  })
  return { port, child, url: `http://127.0.0.1:${port}` }
}

async function stop(instance: Instance) {
  instance.child.kill('SIGTERM')
  await new Promise((resolve) => {
    const timer = setTimeout(() => (instance.child.kill('SIGKILL'), resolve(null)), 5000)
    instance.child.once('exit', () => (clearTimeout(timer), resolve(null)))
  })
}

async function post<T>(instance: Instance, path: string, body: unknown): Promise<T> {
  const res = await fetch(instance.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}
const stats = async (instance: Instance) =>
  (await (await fetch(instance.url + '/stats')).json()) as { sockets: number; memory: { rss: number; heapUsed: number; external: number } }

/** Opens a socket and resolves when the hub has accepted it (the ready frame). */
function connectSocket(instance: Instance, token: string, onFrame?: (frame: { type: string; message?: { content?: string } }) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${instance.port}/ws?token=${encodeURIComponent(token)}`)
    const timer = setTimeout(() => reject(new Error('socket did not open in 30 s')), 30_000)
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string }
      if (frame.type === 'ready') {
        clearTimeout(timer)
        resolve(ws)
      }
      onFrame?.(frame)
    })
    ws.on('error', reject)
    ws.on('close', (code) => code === 4401 && reject(new Error('unauthorized')))
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

async function deliveryDelays(sender: Instance, receiver: Instance, setup: { sender: string; recipient: string; conversationId: string }) {
  const waiting = new Map<string, () => void>()
  const ws = await connectSocket(receiver, setup.recipient, (frame) => {
    if (frame.type === 'message' && frame.message?.content) waiting.get(frame.message.content)?.()
  })
  const delays: number[] = []
  for (let i = 0; i < RUNS + 10; i++) {
    const content = `bench ${i} ${Math.random()}`
    const delivered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no delivery in 5 s')), 5000)
      waiting.set(content, () => (clearTimeout(timer), resolve()))
    })
    const started = performance.now()
    await post(sender, '/send', { token: setup.sender, conversationId: setup.conversationId, content })
    await delivered
    waiting.delete(content)
    // The first few warm up connections and JIT.
    if (i >= 10) delays.push(performance.now() - started)
  }
  ws.close()
  delays.sort((a, b) => a - b)
  return { p50: percentile(delays, 50), p95: percentile(delays, 95) }
}

const label = DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'
const a = await startInstance(BASE_PORT, DATABASE_URL)
const instances = [a]
try {
  const setup = await post<{ tokens: string[]; sender: string; recipient: string; conversationId: string }>(a, '/setup', { n: SOCKETS })
  const before = await stats(a)
  const opened: WebSocket[] = []
  const started = performance.now()
  // Open in batches of 100, as a crowd of browsers would arrive.
  for (let i = 0; i < setup.tokens.length; i += 100)
    opened.push(...(await Promise.all(setup.tokens.slice(i, i + 100).map((token) => connectSocket(a, token)))))
  const openMs = performance.now() - started
  const after = await stats(a)
  const perSocket = (key: 'rss' | 'heapUsed') => ((after.memory[key] - before.memory[key]) / opened.length / 1024).toFixed(1)
  console.log(`| measure (${label}) | value |`)
  console.log('|---|---|')
  console.log(`| authenticated sockets held by one instance | ${after.sockets} |`)
  console.log(`| time to open and authenticate them (batches of 100) | ${Math.round(openMs)} ms |`)
  console.log(`| instance RSS before → after | ${mb(before.memory.rss)} → ${mb(after.memory.rss)} MB |`)
  console.log(`| memory per socket (RSS / JS heap, after GC) | ${perSocket('rss')} KB / ${perSocket('heapUsed')} KB |`)

  const same = await deliveryDelays(a, a, setup)
  console.log(
    `| POST → delivery, same instance, ${SOCKETS} sockets open (p50 / p95, ${RUNS} runs) | ${same.p50.toFixed(1)} / ${same.p95.toFixed(1)} ms |`,
  )
  if (DATABASE_URL) {
    const b = await startInstance(BASE_PORT + 1, DATABASE_URL)
    instances.push(b)
    const cross = await deliveryDelays(a, b, setup)
    console.log(
      `| POST on A → delivery on B, two instances (p50 / p95, ${RUNS} runs) | ${cross.p50.toFixed(1)} / ${cross.p95.toFixed(1)} ms |`,
    )
  } else {
    console.log('| POST on A → delivery on B, two instances | needs PostgreSQL (--database-url) |')
  }
  for (const ws of opened) ws.terminate()
} finally {
  await Promise.all(instances.map(stop))
}
