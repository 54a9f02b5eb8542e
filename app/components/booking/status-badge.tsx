import { STATUS_LABELS, ordinal } from '~/features/bookings/booking-format'
import { cx } from '~/core/cx'

const TONES = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  accepted: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
  declined: 'bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100',
  expired: 'bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  completed: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
} as const

/** The status in words (never colour alone), with the hold rank of a pending request. */
export function StatusBadge({ status, holdRank }: { status: keyof typeof TONES; holdRank?: number | null }) {
  return (
    <span className={cx('inline-block rounded-control px-2 py-0.5 text-sm font-medium', TONES[status])} data-status={status}>
      {STATUS_LABELS[status]}
      {status === 'pending' && holdRank ? ` · ${ordinal(holdRank)} hold` : ''}
    </span>
  )
}
