import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/** A thin bar under the header while a navigation or form submission is under way. */
export function ProgressBar() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  // Quick navigations should not flash the bar.
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!busy) return setVisible(false)
    const timer = setTimeout(() => setVisible(true), 150)
    return () => clearTimeout(timer)
  }, [busy])
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!visible}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity ${visible ? 'opacity-100' : 'opacity-0'}`}
    >
      {visible ? <div className="progress-bar h-full w-full origin-left bg-brand" /> : null}
    </div>
  )
}
