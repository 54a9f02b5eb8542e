import { useEffect, useRef } from 'react'
import type { Frame } from '../core/realtime-frames'

// The socket island hands frames to the page through one window event, so components that care
// (the bell, an open thread, the conversation list) listen without knowing about the socket.
export const FRAME_EVENT = 'stagepass:frame'

export function dispatchFrame(frame: Frame) {
  window.dispatchEvent(new CustomEvent<Frame>(FRAME_EVENT, { detail: frame }))
}

/** Calls `handler` for every frame the socket receives while the component is mounted. */
export function useRealtimeFrames(handler: (frame: Frame) => void) {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<Frame>).detail)
    window.addEventListener(FRAME_EVENT, listener)
    return () => window.removeEventListener(FRAME_EVENT, listener)
  }, [])
}
