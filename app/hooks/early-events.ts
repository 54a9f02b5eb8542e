// React 18 hydrates the whole document at once on a key, click or input during hydration; while
// RemixBrowser still decodes the page's data it suspends above every boundary, so that throws React
// error #345 and leaves the page unhydrated. Those events stop at the window until the root first
// renders; the browser handles them as without JavaScript (docs/architecture.md, 'Hydration').

let held = false

/** Called by entry.client before hydrating: the events that make React 18 hydrate at once. */
export function holdEarlyEvents() {
  held = true
  const stop = (event: Event) => void (held && event.stopPropagation())
  for (const type of (
    'mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel ' +
    'pointerdown pointerup dragend dragstart drop compositionend compositionstart keydown ' +
    'keypress keyup input textInput copy cut paste click change contextmenu reset submit'
  ).split(' '))
    window.addEventListener(type, stop, true)
}

/** Called in the root's render: rendering at all means the data is decoded and hydration may run. */
export function useEarlyEventsReleased() {
  held = false
}
