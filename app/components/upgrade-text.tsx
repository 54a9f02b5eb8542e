import { Link } from '@remix-run/react'
import { UPGRADE_PATH, UPGRADE_PHRASE } from '~/features/plans/upgrade'

/**
 * A message that may end with the plan-limit phrase ('… See plans and upgrade.'): the phrase
 * becomes the link to the pricing page's upgrade form. Form banners and error lists render every
 * message through this, so each refusal over a plan limit shows the way out wherever it appears.
 */
export function UpgradeText({ text }: { text: string }) {
  const at = text.lastIndexOf(UPGRADE_PHRASE)
  if (at < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, at)}
      <Link to={UPGRADE_PATH} className="link font-semibold">
        {UPGRADE_PHRASE}
      </Link>
      {text.slice(at + UPGRADE_PHRASE.length)}
    </>
  )
}
