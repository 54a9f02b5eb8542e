import { describeResponse, type ResponseFigures } from '~/core/response-figures'

/** /dashboard/venue: the owner's reply figures, what cards show, and what would improve them. */
export function ReplyFigures({ stats, badge, tips }: { stats: ResponseFigures; badge: string | null; tips: string[] }) {
  return (
    <section id="replies" aria-labelledby="replies-heading" className="card p-6">
      <h2 id="replies-heading" className="text-2xl">
        Your replies
      </h2>
      <p className="mt-2">
        {describeResponse(stats)} (booking requests and questions of the last 90 days
        {stats.considered ? `, ${stats.considered} counted` : ''}).
      </p>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        Venue cards and pages show: <strong>{badge ?? 'no reply time (most went unanswered)'}</strong>
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  )
}
