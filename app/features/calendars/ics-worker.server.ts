// Reading a feed a user gave (busyDates, ics-busy.server.ts) off the event loop: in a worker
// thread with a hard deadline and a memory cap, terminated past either. ical.js can look for the
// next occurrence of a rule without end, and a parse of a 2 MB file is work no page should wait
// behind (docs/calendars.md, 'Reading a feed').
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { UnreadableCalendar } from './ics-busy.server'

/** The whole read, worker start included; ical.js's own limits (ICS_LIMITS) end a fair file well within it. */
const ICS_DEADLINE_MS = 8000
const WORKER_HEAP_MB = 256

// The worker loads the TypeScript module through tsx (which runs server.ts), from the source tree:
// the server build bundles this file, so the module's own URL does not name it.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads')
import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(workerData.module, workerData.parent))
  .then((mod) => {
    try {
      const { dates, events, skipped } = mod.busyDates(workerData.text, workerData.from, workerData.to)
      parentPort.postMessage({ dates: [...dates], events, skipped })
    } catch (error) {
      parentPort.postMessage({ refused: error && error.name === 'UnreadableCalendar' ? error.message : null, error: String(error) })
    }
  }, (error) => parentPort.postMessage({ refused: null, error: String(error) }))
`

type Answer = { dates: string[]; events: number; skipped: number } | { refused: string | null; error: string }

const deadlineMessage = (ms: number) =>
  `The calendar took more than ${Math.floor(ms / 1000)} seconds to read, so it was not used: a repeating event in it may never occur. Check its repeating events, then sync again.`

/** busyDates in a worker: the same answer, or an UnreadableCalendar (a refusal, the deadline, the memory cap). */
export function busyDatesOffThread(text: string, from: string, to: string, { deadlineMs = ICS_DEADLINE_MS, heapMb = WORKER_HEAP_MB } = {}) {
  return new Promise<{ dates: Set<string>; events: number; skipped: number }>((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { module: path.resolve('app/features/calendars/ics-busy.server.ts'), parent: `file://${process.cwd()}/`, text, from, to },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      stdout: false,
      stderr: false,
    })
    let done = false
    const finish = (settle: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      settle()
      void worker.terminate()
    }
    const timer = setTimeout(() => finish(() => reject(new UnreadableCalendar(deadlineMessage(deadlineMs)))), deadlineMs)
    worker.once('message', (answer: Answer) =>
      finish(() => {
        if ('dates' in answer) return resolve({ dates: new Set(answer.dates), events: answer.events, skipped: answer.skipped })
        if (answer.refused) return reject(new UnreadableCalendar(answer.refused))
        console.warn(`[calendar-sync] the feed reader failed: ${answer.error}`)
        reject(new UnreadableCalendar('The calendar could not be read. Check that the address gives an .ics file, then sync again.'))
      }),
    )
    worker.once('error', (error) =>
      finish(() => {
        // ERR_WORKER_OUT_OF_MEMORY: the file needed more than the worker's heap.
        console.warn(`[calendar-sync] the feed reader stopped: ${error.message}`)
        reject(new UnreadableCalendar('The calendar is too large or too complex to read. Make it smaller, then sync again.'))
      }),
    )
    worker.once('exit', () => finish(() => reject(new UnreadableCalendar('The calendar could not be read. Sync again in a moment.'))))
  })
}
