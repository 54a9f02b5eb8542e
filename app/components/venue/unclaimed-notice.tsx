/**
 * Said before anything is sent to an unclaimed listing: nobody from the venue is on Stagepass
 * yet. The request is kept (it waits, without running out, until the venue is claimed) and the
 * venue sees it when it joins; until then nobody may answer.
 */
export function UnclaimedNotice({ name, className = 'mt-4' }: { name: string; className?: string }) {
  return (
    <p
      role="note"
      className={`${className} rounded-control border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-950/40 dark:text-amber-100`}
      data-testid="unclaimed-notice"
    >
      <strong>Unclaimed listing.</strong> Nobody from {name} answers on Stagepass yet, so a request or question may get no answer for now.
      We keep it, and {name} sees it when it joins.
    </p>
  )
}
