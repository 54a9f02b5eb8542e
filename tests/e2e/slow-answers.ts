import type { Page } from '@playwright/test'

/**
 * Holds back the body of every answer the page's scripts fetch by `ms` after its headers, as a
 * busy server or a slow network does: a second click then lands while the first answer is being
 * read. A cancelled request's body fails with the cancel's reason, as the browser's own does.
 */
export async function holdBackAnswerBodies(page: Page, ms = 400) {
  await page.addInitScript((delay) => {
    const original = window.fetch
    window.fetch = async (input, init) => {
      const response = await original(input, init)
      if (!response.body) return response
      const reader = response.body.getReader()
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
      const slow = new ReadableStream<Uint8Array>({
        async start(controller) {
          await new Promise((resolve) => setTimeout(resolve, delay))
          if (signal?.aborted) return controller.error(signal.reason)
          signal?.addEventListener('abort', () => controller.error(signal.reason))
          for (;;) {
            const { done, value } = await reader.read()
            if (done) return controller.close()
            controller.enqueue(value)
          }
        },
      })
      return new Response(slow, { status: response.status, statusText: response.statusText, headers: response.headers })
    }
  }, ms)
}
