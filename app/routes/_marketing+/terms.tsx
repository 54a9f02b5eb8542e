import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { LegalPage, type LegalSection } from '~/components/legal-page'
import { seo } from '~/web/seo'
import { NO_SCRIPTS } from '~/web/route-handle'

const SECTIONS: LegalSection[] = [
  { id: 'what-stagepass-is', title: '1. What Stagepass is' },
  { id: 'your-account', title: '2. Your account' },
  { id: 'holds-are-not-contracts', title: '3. Holds are not contracts' },
  { id: 'venue-owners', title: '4. Venue owners' },
  { id: 'paid-plans', title: '5. Paid plans' },
  { id: 'acceptable-use', title: '6. Acceptable use' },
  { id: 'your-content', title: '7. Your content' },
  { id: 'planner-results-are-estimates', title: '8. Planner results are estimates' },
  { id: 'limits-of-our-liability', title: '9. Limits of our liability' },
  { id: 'leaving', title: '10. Leaving' },
  { id: 'changes-to-these-terms', title: '11. Changes to these terms' },
  { id: 'questions', title: '12. Questions' },
]

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      lede="The rules for using Stagepass, written to be read. By creating an account or using the site you agree to them."
      sections={SECTIONS}
    >
      <h2 id="what-stagepass-is">1. What Stagepass is</h2>
      <p>
        Stagepass is a marketplace. We connect organizers and artists with venues and give both sides tools: search, calendars, holds,
        messages and a tour planner. We are not a party to any booking. The agreement for a show (fee, deposit, door split, production,
        cancellation) is between the organizer and the venue. We are not an agent, promoter or ticket seller, and we do not handle money for
        shows.
      </p>

      <h2 id="your-account">2. Your account</h2>
      <ul>
        <li>Give accurate details. An account is for one person; agencies add team seats instead of sharing a login.</li>
        <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
        <li>You must be old enough to enter contracts where you live.</li>
      </ul>

      <h2 id="holds-are-not-contracts">3. Holds are not contracts</h2>
      <p>
        A hold reserves a place in line for a date. Holds on the same night rank in the order they were placed. A venue may confirm, release
        or decline a hold, and an organizer may drop one, at any time and without owing anything through Stagepass. A booking confirmed here
        records that both sides agreed on the date; it does not replace your own contract. There is no booking fee.
      </p>

      <h2 id="venue-owners">4. Venue owners</h2>
      <ul>
        <li>Claim only venues you are authorised to represent. We may ask for proof and may remove a claim we cannot verify.</li>
        <li>Keep the calendar honest: open dates should be open, and confirmed dates confirmed.</li>
        <li>Handle holds in their rank order, or tell the people ahead in line why you did not.</li>
      </ul>

      <h2 id="paid-plans">5. Paid plans</h2>
      <p>
        Plans and prices are on the <Link to="/pricing">pricing page</Link>. Paid plans are billed monthly and can be cancelled any time;
        you keep the paid features until the end of the month you paid for. We announce price changes at least 30 days before they apply to
        you.
      </p>

      <h2 id="acceptable-use">6. Acceptable use</h2>
      <p>Do not:</p>
      <ul>
        <li>place holds you do not intend to use, to block dates from others;</li>
        <li>send spam or bulk messages, or harvest owners&apos; or artists&apos; contact details;</li>
        <li>pretend to be someone else, or list a venue you do not represent;</li>
        <li>post anything unlawful, hateful or that you have no right to post (including photos);</li>
        <li>use several accounts to get around plan limits;</li>
        <li>probe, overload or break the service, or scrape it faster than a person would browse.</li>
      </ul>
      <p>
        We may remove content or suspend an account that breaks these rules. We tell you why, and you can answer through the contact page.
      </p>

      <h2 id="your-content">7. Your content</h2>
      <p>
        What you post (venue photos, descriptions, artist profiles, messages) stays yours. You let us store and show it to run the
        marketplace, for as long as it is on Stagepass.
      </p>

      <h2 id="planner-results-are-estimates">8. Planner results are estimates</h2>
      <p>
        Routes, drive times, lodging and costs from the tour planner are estimates from the data we have. Check them before you commit
        money.
      </p>

      <h2 id="limits-of-our-liability">9. Limits of our liability</h2>
      <p>
        We work hard to keep Stagepass accurate and running, but we provide it as it is. We are not responsible for what organizers and
        venues do or fail to do: a cancelled show, an unpaid fee, a double-booked room outside Stagepass, or a listing that is wrong. We are
        not liable for lost profits or other indirect losses. If we are liable to you for anything else, the most we pay is what you paid us
        in the 12 months before the problem. None of this limits rights the law in your country does not allow us to limit.
      </p>

      <h2 id="leaving">10. Leaving</h2>
      <p>
        You can stop using Stagepass and delete your account at any time; the <Link to="/privacy">privacy policy</Link> says what happens to
        your data.
      </p>

      <h2 id="changes-to-these-terms">11. Changes to these terms</h2>
      <p>
        We may change these terms. The date at the top always shows the latest version. For changes that affect your rights we tell
        signed-in users in the app at least 30 days ahead; if you keep using Stagepass after that, the new terms apply.
      </p>

      <h2 id="questions">12. Questions</h2>
      <p>
        Ask us through the <Link to="/contact">contact page</Link>.
      </p>
    </LegalPage>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Terms of Service',
    description: 'Plain-language terms for Stagepass: a marketplace, holds are not contracts, acceptable use and limits of liability.',
    path: '/terms',
  })

/** Links and nothing else: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
