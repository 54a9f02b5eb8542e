// The voice assistant widget (docs/product.md §2), a client-only island loaded after hydration, so
// it is in no first-load JavaScript. It docks in the header so it never covers the page
// (docs/decisions/031-voice-button-in-the-header.md); the panel and the Vapi SDK load on demand.
import { useMatches } from '@remix-run/react'
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { MicIcon } from './mic-icon'
import { useHydrated } from '~/hooks/use-hydrated'
import { endCallIfActive } from './voice-bus'
import { usePublicEnv } from '~/hooks/root-data'
import { hidesVoiceWidget } from '~/web/route-handle'
import { VOICE_DOCK_ID } from './dock'
import { PANEL_MARGIN, panelRight } from './panel-place'

const VoicePanel = lazy(() => import('./voice-panel'))
const PANEL_ID = 'voice-assistant'

/** The header's dock, once the page has it (the widget mounts after hydration, so it is there). */
function useDock() {
  const [dock, setDock] = useState<HTMLElement | null>(null)
  useEffect(() => setDock(document.getElementById(VOICE_DOCK_ID)), [])
  return dock
}

/**
 * The open panel's distance from the window's right edge, measured from the button and the
 * panel (./panel-place.ts); again when the window or the panel changes size (the loading line
 * gives way to the panel). Before the first measurement, the margin.
 */
function usePanelRight(open: boolean, button: RefObject<HTMLElement | null>, panel: RefObject<HTMLElement | null>) {
  const [right, setRight] = useState(PANEL_MARGIN)
  useLayoutEffect(() => {
    if (!open || !panel.current) return
    const place = () => {
      if (!button.current || !panel.current) return
      const viewport = document.documentElement.clientWidth
      const buttonRight = button.current.getBoundingClientRect().right
      setRight(panelRight({ buttonRight, viewport, panel: panel.current.getBoundingClientRect().width }))
    }
    place()
    const observer = new ResizeObserver(place)
    observer.observe(panel.current)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
    }
  }, [open, button, panel])
  return right
}

function useVoiceWidgetHidden() {
  return hidesVoiceWidget(useMatches())
}

export function VoiceWidget() {
  const hydrated = useHydrated()
  const hidden = useVoiceWidgetHidden()
  const config = usePublicEnv()?.vapi ?? null
  const [open, setOpen] = useState(false)
  const dock = useDock()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const right = usePanelRight(open, button, panel)
  useEffect(() => {
    if (hidden) endCallIfActive()
  }, [hidden])
  if (!hydrated || hidden || !dock) return null
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <>
      {createPortal(
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={open ? PANEL_ID : undefined}
          aria-label="Voice assistant"
          title="Voice assistant"
          onClick={() => (open ? close() : setOpen(true))}
          className="inline-flex size-10 items-center justify-center rounded-control text-white hover:bg-white/15 aria-expanded:bg-white/15 print:hidden"
        >
          <MicIcon className="size-5" />
        </button>,
        dock,
      )}
      {open ? (
        // Below the sticky header, under the button, never past the window's edges.
        <div ref={panel} className="fixed top-18 z-40 print:hidden" style={{ right }}>
          <Suspense fallback={<p className="card p-4 text-sm">Loading the voice assistant…</p>}>
            <VoicePanel id={PANEL_ID} config={config} onClose={close} />
          </Suspense>
        </div>
      ) : null}
    </>
  )
}
