import { afterEach, beforeEach, vi } from 'vitest'

// A test that logs console.error fails: errors must be asserted, not ignored.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error')
})
afterEach(() => {
  const calls = errorSpy?.mock.calls ?? []
  errorSpy?.mockRestore()
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`)
})
