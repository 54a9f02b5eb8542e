// React 18 hydrates the whole document at once on a key, click or input during hydration; while
// RemixBrowser still decodes the page's data it suspends above every boundary, so that throws React
// error #345 and leaves the page unhydrated. Those events stop at the window until the root first
// renders; the browser handles them as without JavaScript (docs/architecture.md, 'Hydration').

/** The events that make React 18 hydrate synchronously (its list of discrete, replayable events). */
const HYDRATING_EVENTS = (
  'mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel ' +
  'pointerdown pointerup dragend dragstart drop compositionend compositionstart keydown ' +
  'keypress keyup input textInput copy cut paste click change contextmenu reset submit'
).split(' ')

let release: (() => void) | null = null

/** Called by entry.client before hydrating. */
export function holdEarlyEvents() {
  const stop = (event: Event) => event.stopPropagation()
  for (const type of HYDRATING_EVENTS) window.addEventListener(type, stop, true)
  release = () => {
    for (const type of HYDRATING_EVENTS) window.removeEventListener(type, stop, true)
    release = null
  }
}

/**
 * Called in the root's render: rendering at all means the data is decoded, so hydration can no
 * longer suspend at the top and the events may reach React. Releasing twice is a no-op.
 */
export function useEarlyEventsReleased() {
  if (typeof window !== 'undefined') release?.()
}
