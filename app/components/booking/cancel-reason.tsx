import { ErrorList } from '~/components/ui/field'

/** The reason field, the same on this page and in the booking page's dialog. */
export function CancelReason({ errors }: { errors?: string[] }) {
  return (
    <>
      <label htmlFor="cancel-reason" className="block text-sm font-medium">
        Reason for cancelling
      </label>
      <input
        id="cancel-reason"
        name="reason"
        required
        maxLength={500}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? 'cancel-reason-error' : undefined}
        className="control mt-1 h-11"
      />
      <div className="min-h-8 pt-1">
        <ErrorList id="cancel-reason-error" errors={errors} />
      </div>
    </>
  )
}
