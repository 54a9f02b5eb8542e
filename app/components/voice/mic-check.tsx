// /vapi-test's microphone check: asks for permission with getUserMedia and shows the input level.
import { useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'

type MicState =
  { status: 'idle' } | { status: 'asking' } | { status: 'live'; label: string; level: number } | { status: 'failed'; message: string }

export function micErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Microphone permission was denied. Allow it in the browser’s site settings and try again.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found.'
  if (name === 'NotReadableError') return 'The microphone is in use by another application or could not be opened.'
  return `The microphone could not be opened: ${(error as Error | null)?.message ?? String(error)}`
}

export function MicCheck() {
  const [state, setState] = useState<MicState>({ status: 'idle' })
  const cleanup = useRef<(() => void) | null>(null)

  useEffect(() => () => cleanup.current?.(), [])

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'failed', message: 'This browser cannot use a microphone here (it needs HTTPS or localhost).' })
      return
    }
    setState({ status: 'asking' })
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const label = stream.getAudioTracks()[0]?.label || 'Microphone'
      const audio = new AudioContext()
      const analyser = audio.createAnalyser()
      analyser.fftSize = 512
      audio.createMediaStreamSource(stream).connect(analyser)
      const samples = new Float32Array(analyser.fftSize)
      let frame = 0
      const tick = () => {
        analyser.getFloatTimeDomainData(samples)
        let sum = 0
        for (const s of samples) sum += s * s
        // RMS of speech sits around 0.02-0.2; scale so normal speech fills most of the meter.
        const level = Math.min(1, Math.sqrt(sum / samples.length) * 5)
        setState({ status: 'live', label, level })
        frame = requestAnimationFrame(tick)
      }
      tick()
      cleanup.current = () => {
        cancelAnimationFrame(frame)
        for (const track of stream.getTracks()) track.stop()
        void audio.close()
      }
    } catch (error) {
      setState({ status: 'failed', message: micErrorMessage(error) })
    }
  }

  function stop() {
    cleanup.current?.()
    cleanup.current = null
    setState({ status: 'idle' })
  }

  return (
    <div className="space-y-3">
      {state.status === 'live' ? (
        <>
          <p role="status" className="text-sm">
            Microphone allowed: <span className="font-medium">{state.label}</span>. Speak and watch the level.
          </p>
          <div className="flex items-center gap-3">
            <span id="mic-level-label" className="text-sm">
              Level
            </span>
            <meter
              aria-labelledby="mic-level-label"
              min={0}
              max={1}
              low={0.1}
              high={0.85}
              optimum={0.5}
              value={state.level}
              className="h-4 w-full max-w-xs"
            />
          </div>
          <Button type="button" variant="outline" onClick={stop}>
            Stop microphone
          </Button>
        </>
      ) : (
        <>
          {state.status === 'failed' ? (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              {state.message}
            </p>
          ) : null}
          <Button type="button" variant="outline" pending={state.status === 'asking'} onClick={() => void start()}>
            Check microphone
          </Button>
        </>
      )}
    </div>
  )
}
