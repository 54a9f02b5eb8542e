/** Loader data that breaks off part way: the start of a turbo-stream's text, then `failure`. */
export function brokenHandoff(failure: unknown) {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode('[{"_1":'))
      controller.error(failure)
    },
  })
}
