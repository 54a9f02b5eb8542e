// The voice assistant widget (docs/product.md §2: on every page except /globe-enhanced-search, whose
// route sets `handle.hideVoiceWidget`). A client-only island: nothing is server-rendered; root.tsx
// loads this module with `import()` after hydration (it is in no first-load JavaScript); after
// hydration it is a single button, docked in the header (./dock.ts) so it never covers the page's
// content: no table cell, field or footer link lies under it at any width or scroll position
// (docs/decisions/031-voice-button-in-the-header.md). The panel is a lazy chunk loaded on first open, and the Vapi
// SDK a further chunk loaded only when a call starts (app/lib/voice/client.ts).
import { useMatches } from '@remix-run/react'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { MicIcon } from '~/components/ui/icons'
import { useHydrated } from '~/lib/use-hydrated'
import { endCallIfActive } from './voice-bus'
import { usePublicEnv } from '~/lib/root-data'
import { hidesVoiceWidget } from '~/lib/route-handle'
import { VOICE_DOCK_ID } from './dock'

const VoicePanel = lazy(() => import('./voice-panel'))
const PANEL_ID = 'voice-assistant'

/** The header's dock, once the page has it (the widget mounts after hydration, so it is there). */
function useDock() {
  const [dock, setDock] = useState<HTMLElement | null>(null)
  useEffect(() => setDock(document.getElementById(VOICE_DOCK_ID)), [])
  return dock
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
        // Below the sticky header, under the button: the header's own width, so on wide windows the
        // panel opens beneath the button and not at the window's far edge.
        <div className="pointer-events-none fixed inset-x-0 top-18 z-40 print:hidden">
          <div className="mx-auto flex max-w-7xl justify-end px-4">
            <div className="pointer-events-auto">
              <Suspense fallback={<p className="card p-4 text-sm">Loading the voice assistant…</p>}>
                <VoicePanel id={PANEL_ID} config={config} onClose={close} />
              </Suspense>
            </div>
          </div>
        </div>
      ) : null}
    </>
  )
}
