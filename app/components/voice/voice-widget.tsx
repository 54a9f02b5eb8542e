// The voice assistant widget (docs/product.md §2: on every page except /globe-enhanced-search, whose
// route sets `handle.hideVoiceWidget`). A client-only island: nothing is server-rendered; root.tsx
// loads this module with `import()` after hydration (it is in no first-load JavaScript); after
// hydration it is a single button. The panel is a lazy chunk loaded on first open, and the Vapi
// SDK a further chunk loaded only when a call starts (app/lib/voice/client.ts).
import { useMatches } from '@remix-run/react'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { MicIcon } from '~/components/ui/icons'
import { useHydrated } from '~/lib/use-hydrated'
import { endCallIfActive } from './voice-bus'
import { usePublicEnv } from '~/lib/root-data'
import { hidesVoiceWidget } from '~/lib/route-handle'

const VoicePanel = lazy(() => import('./voice-panel'))
const PANEL_ID = 'voice-assistant'

/**
 * Whether the person is typing in a field outside the voice panel: the button steps aside then,
 * so it never sits on the field (on a phone the keyboard pushes the focused field to the corner
 * where the button floats). The footer keeps the page's last lines clear of it otherwise.
 */
function useTypingElsewhere() {
  const [typing, setTyping] = useState(false)
  useEffect(() => {
    const update = () => {
      const active = document.activeElement
      const field =
        active instanceof HTMLElement &&
        active.matches('input:not([type=checkbox],[type=radio],[type=submit],[type=button]), select, textarea')
      setTyping(Boolean(field && !active.closest(`#${PANEL_ID}`)))
    }
    document.addEventListener('focusin', update)
    document.addEventListener('focusout', update)
    return () => {
      document.removeEventListener('focusin', update)
      document.removeEventListener('focusout', update)
    }
  }, [])
  return typing
}

function useVoiceWidgetHidden() {
  return hidesVoiceWidget(useMatches())
}

export function VoiceWidget() {
  const hydrated = useHydrated()
  const hidden = useVoiceWidgetHidden()
  const config = usePublicEnv()?.vapi ?? null
  const [open, setOpen] = useState(false)
  const typing = useTypingElsewhere()
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (hidden) endCallIfActive()
  }, [hidden])
  if (!hydrated || hidden || (typing && !open)) return null
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 print:hidden">
      {open ? (
        <Suspense fallback={<p className="card p-4 text-sm">Loading the voice assistant…</p>}>
          <VoicePanel id={PANEL_ID} config={config} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        aria-label="Voice assistant"
        title="Voice assistant"
        onClick={() => (open ? close() : setOpen(true))}
        className="flex size-14 items-center justify-center rounded-full bg-header text-white shadow-lg transition-colors hover:bg-header-dark dark:bg-brand dark:text-brand-ink dark:hover:bg-brand-hover"
      >
        <MicIcon className="size-6" />
      </button>
    </div>
  )
}
