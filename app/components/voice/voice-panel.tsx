// The widget's panel, a lazy chunk: loaded when the visitor first opens the widget.
import { useEffect, useRef } from 'react'
import { CloseIcon } from '~/components/ui/icons'
import { VoiceConsole } from './voice-console'
import type { VoiceConfig } from './voice-store'

export default function VoicePanel({ id, config, onClose }: { id: string; config: VoiceConfig; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
      className="max-h-[min(36rem,calc(100vh-7rem))] w-[min(24rem,calc(100vw-2rem))] overflow-y-auto card p-4 shadow-lg hover:shadow-lg"
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          Voice tour assistant
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the voice assistant"
          className="rounded-control p-1 text-neutral-700 hover:bg-black/5 dark:text-neutral-200 dark:hover:bg-white/10"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <VoiceConsole config={config} />
    </section>
  )
}
