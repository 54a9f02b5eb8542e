// A server whose event loop stops answers nothing, ever. A thread of its own watches a heartbeat
// of the main thread and, past the limit, kills the process with SIGKILL so a fresh worker takes
// the port (acknowledged writes survive it: scripts/crash-test.ts).
import { Worker } from 'node:worker_threads'

const WATCHER = `
const { workerData } = require('node:worker_threads')
const fs = require('node:fs')
const stamp = new BigInt64Array(workerData.heartbeat)
setInterval(() => {
  const stalled = Date.now() - Number(Atomics.load(stamp, 0))
  if (stalled < workerData.limitMs) return
  fs.writeSync(2, '[watchdog] the event loop has not turned for ' + Math.round(stalled / 1000) + ' s ' +
    '(limit ' + workerData.limitMs / 1000 + ' s): ending the process (SIGKILL) so a fresh one can start. ' +
    'See EVENT_LOOP_WATCHDOG_SECONDS in docs/configuration.md.\\n')
  process.kill(workerData.pid, 'SIGKILL')
}, workerData.checkEveryMs)
`

export type Watchdog = { stop(): Promise<void> }

/** Starts watching this process's event loop; `limitMs` without a turn ends it. */
export function startEventLoopWatchdog({ limitMs, beatEveryMs = 1000 }: { limitMs: number; beatEveryMs?: number }): Watchdog {
  const heartbeat = new SharedArrayBuffer(8)
  const stamp = new BigInt64Array(heartbeat)
  const beat = () => Atomics.store(stamp, 0, BigInt(Date.now()))
  beat()
  const timer = setInterval(beat, beatEveryMs)
  timer.unref()
  const worker = new Worker(WATCHER, {
    eval: true,
    // A plain CommonJS script: not the parent's flags (tsx's loader, --input-type=module).
    execArgv: [],
    workerData: { heartbeat, limitMs, pid: process.pid, checkEveryMs: Math.min(beatEveryMs, limitMs / 2) },
  })
  // A watchdog that fails is reported, never a reason for the server to stop.
  worker.on('error', (error) => console.warn('[watchdog] stopped watching:', error.message))
  // Neither the heartbeat nor the watcher keeps a process alive that is otherwise done.
  worker.unref()
  return {
    async stop() {
      clearInterval(timer)
      await worker.terminate()
    },
  }
}
