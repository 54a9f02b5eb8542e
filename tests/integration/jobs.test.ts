// Periodic jobs with several workers (app/lib/jobs.server.ts): on PostgreSQL a job runs in one
// process at a time (an advisory lock per job name); on PGlite it simply runs. A tick that comes
// while the previous run is still going is skipped.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { jobLockKey, runExclusive, startJob, stopJobs } from '~/lib/jobs.server'
import { postgresServerUrl, useTestDatabase } from '../support/db'

useTestDatabase()

afterEach(() => {
  stopJobs()
  vi.useRealTimers()
})

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('runExclusive', () => {
  test('distinct names get distinct lock keys', () => {
    const names = ['bookings: settle holds and past shows', 'inquiries: expiry and reminders', 'mail: digest', 'a', 'b']
    expect(new Set(names.map(jobLockKey)).size).toBe(names.length)
    expect(jobLockKey('a')).toBe(jobLockKey('a'))
  })

  test.skipIf(!postgresServerUrl())('on PostgreSQL, a second run of the same job is skipped while the first holds the lock', async () => {
    const first = gate()
    const running = runExclusive('test job', async () => {
      await first.opened
      return 'first'
    })
    // Wait until the first has taken the lock (its run has started).
    await new Promise((resolve) => setTimeout(resolve, 200))
    const second = await runExclusive('test job', async () => 'second')
    expect(second).toEqual({ ran: false })
    // Another job's name is not blocked.
    expect(await runExclusive('another job', async () => 'other')).toEqual({ ran: true, result: 'other' })
    first.open()
    expect(await running).toEqual({ ran: true, result: 'first' })
    // Released: the next run goes ahead.
    expect(await runExclusive('test job', async () => 'third')).toEqual({ ran: true, result: 'third' })
  })

  test('a job that throws releases its lock', async () => {
    await expect(
      runExclusive('failing job', async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await runExclusive('failing job', async () => 'again')).toEqual({ ran: true, result: 'again' })
  })
})

describe('startJob', () => {
  test('runs at start when asked, skips ticks while a run is going, and stops', async () => {
    const release = gate()
    let runs = 0
    startJob(
      'slow job',
      20,
      async () => {
        runs++
        await release.opened
      },
      { runAtStart: true },
    )
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(runs).toBe(1)
    release.open()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(runs).toBeGreaterThan(1)
    stopJobs()
    const stoppedAt = runs
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(runs).toBe(stoppedAt)
  })
})
