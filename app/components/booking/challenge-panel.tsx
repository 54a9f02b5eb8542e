import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'

type Challenge = { answer: { answerBy: string } | null; canChallenge: boolean; firm: boolean }

/**
 * Hold challenges on /bookings/{id}, for the organizer: answer one on your hold (confirm with a
 * firm offer, or release the date), or challenge the first hold ahead of yours.
 */
export function ChallengePanel({ challenge, pending }: { challenge: Challenge; pending: (intent: string) => boolean }) {
  if (challenge.answer) {
    return (
      <section aria-labelledby="challenge-heading" className="space-y-4 card p-6">
        <h2 id="challenge-heading" className="text-xl">
          Your hold was challenged
        </h2>
        <p>
          Another organizer wants these dates. Confirm with a firm offer to keep your hold, or release the date, by{' '}
          <strong>{challenge.answer.answerBy}</strong>. Without an answer, your hold is released then.
        </p>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="confirm-hold" />
            <Button pending={pending('confirm-hold')}>Confirm with a firm offer</Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="release-hold" />
            <Button variant="outline" pending={pending('release-hold')}>
              Release the date
            </Button>
          </Form>
        </div>
      </section>
    )
  }
  if (challenge.canChallenge) {
    return (
      <section aria-labelledby="challenge-heading" className="space-y-4 card p-6">
        <h2 id="challenge-heading" className="text-xl">
          Challenge the first hold
        </h2>
        <p>
          Someone holds these dates ahead of you. Ask them to commit: they confirm with a firm offer or release the date, and if they do not
          answer in time their hold is released.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="challenge-hold" />
          <Button variant="outline" pending={pending('challenge-hold')}>
            Challenge the first hold
          </Button>
        </Form>
      </section>
    )
  }
  if (challenge.firm) {
    return (
      <p className="card p-4 text-sm" role="status">
        You confirmed this hold with a firm offer: it stands until the venue answers.
      </p>
    )
  }
  return null
}
