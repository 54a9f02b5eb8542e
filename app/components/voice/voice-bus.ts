// A few bytes the always-loaded widget button can use without pulling in the voice session code.
let endActiveCall: (() => void) | null = null

/** The shared session registers how to end its call while one is running. */
export function setActiveCallEnder(end: (() => void) | null) {
  endActiveCall = end
}

/** Pages that hide the widget (/globe-enhanced-search) end a running call: no open microphone without a control. */
export function endCallIfActive() {
  endActiveCall?.()
}
