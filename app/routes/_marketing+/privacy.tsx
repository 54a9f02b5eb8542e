import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { LegalPage, type LegalSection } from '~/components/legal-page'
import { seo } from '~/web/seo'
import { NO_SCRIPTS } from '~/web/route-handle'

const COOKIES = [
  {
    name: 'sp_session',
    purpose: 'Keeps you signed in. Holds a random token, nothing else.',
    lifetime: '30 days, or until you log out',
  },
  { name: 'sp_theme', purpose: 'Remembers light or dark mode.', lifetime: '1 year' },
  {
    name: 'sp_toast',
    purpose: 'Carries a one-time message, such as “Message sent”, to the next page.',
    lifetime: '60 seconds',
  },
  {
    name: 'sp_recent',
    purpose: 'Lists the venues you viewed recently, for the Recently viewed page.',
    lifetime: '30 days',
  },
]

const SECTIONS: LegalSection[] = [
  { id: 'the-short-version', title: 'The short version' },
  { id: 'who-we-are', title: 'Who “we” are' },
  { id: 'what-we-store', title: 'What we store' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'third-parties', title: 'Third parties' },
  { id: 'where-your-data-lives-and-who-sees-it', title: 'Where your data lives and who sees it' },
  { id: 'keeping-and-deleting', title: 'Keeping and deleting' },
  { id: 'changes', title: 'Changes' },
]

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lede="What Stagepass stores about you, why, who can see it, and how to get it deleted. In plain words."
      sections={SECTIONS}
    >
      <h2 id="the-short-version">The short version</h2>
      <ul>
        <li>
          We keep what the marketplace needs to work: your account, venues, holds and bookings, messages, and a log of what you do on the
          site.
        </li>
        <li>There are no third-party trackers or advertising scripts by default. We do not sell your data.</li>
        <li>Everything is stored in one database run by the operator of this site.</li>
        <li>
          You can delete your account from your profile page, or ask us to through the <Link to="/contact">contact form</Link>.
        </li>
      </ul>

      <h2 id="who-we-are">Who “we” are</h2>
      <p>
        Stagepass is run by an operator: the company or person hosting this site. This policy describes this installation. Questions go to
        the operator through the <Link to="/contact">contact page</Link>.
      </p>

      <h2 id="what-we-store">What we store</h2>
      <h3>Account data</h3>
      <p>
        Your email address, first and last name, phone number, role (booker, venue owner or admin), profile picture, and whether you agreed
        to receive SMS and email. Your password is stored only as a salted hash we cannot reverse. If you sign in with Google we keep your
        Google account id and the name, email and picture Google shares with us.
      </p>
      <h3>Venue data</h3>
      <p>
        Listings: name, address, capacity, type, photos, amenities, day rates and the availability calendar. Venue listings are public. If
        you claim a venue, we keep the claim and what you sent to prove it.
      </p>
      <h3>Holds and bookings</h3>
      <p>
        Which venue, which dates, the hold&apos;s rank, its status, and the details you enter with it. The venue&apos;s owner sees them;
        other organizers only see that a date is taken.
      </p>
      <h3>Messages</h3>
      <p>
        One-to-one messages between users, the notifications we send you, and messages you send through the contact form. The people in a
        conversation can read it; admins can read it when investigating a report of abuse.
      </p>
      <h3>First-party analytics events</h3>
      <p>
        When you view a venue, search, add a venue to your wishlist, send an inquiry, book or sign up, we record the event, the time, and
        your account if you are signed in. The events stay in our own database. Venue owners see them only as totals (for example, views of
        their venue this month), never as a list of who looked.
      </p>

      <h2 id="cookies">Cookies</h2>
      <p>We set only these cookies, all first-party. None is used for advertising.</p>
      <div className="overflow-x-auto" role="region" aria-label="Cookies we set" tabIndex={0}>
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-neutral-300 text-neutral-900 dark:border-line-dark dark:text-white">
              <th scope="col" className="py-2 pr-4">
                Name
              </th>
              <th scope="col" className="py-2 pr-4">
                What it is for
              </th>
              <th scope="col" className="py-2">
                Lasts
              </th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((cookie) => (
              <tr key={cookie.name} className="border-b border-neutral-200 align-top dark:border-line-dark">
                <th scope="row" className="py-2 pr-4 font-mono font-normal text-neutral-900 dark:text-white">
                  {cookie.name}
                </th>
                <td className="py-2 pr-4">{cookie.purpose}</td>
                <td className="py-2">{cookie.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="third-parties">Third parties</h2>
      <p>None by default. The operator can switch on three optional services; each is used only when you use the feature:</p>
      <ul>
        <li>Google sign-in: Google learns that you signed in to this site.</li>
        <li>The voice tour planner: your voice and the conversation go to the voice service that runs the assistant.</li>
        <li>Email: messages to you pass through the operator&apos;s email provider.</li>
      </ul>

      <h2 id="where-your-data-lives-and-who-sees-it">Where your data lives and who sees it</h2>
      <p>
        In the operator&apos;s database, on servers the operator chooses. It is not copied to other services. Venue owners see what you send
        them (your name, your holds, bookings and messages); admins can see account data to run the marketplace, approve claims and handle
        abuse reports. We share data with authorities only when the law requires it.
      </p>

      <h2 id="keeping-and-deleting">Keeping and deleting</h2>
      <p>
        We keep your data while your account exists. Delete your account from your <Link to="/profile">profile page</Link>, or ask through
        the <Link to="/contact">contact form</Link> and we will do it within 30 days. Deleting removes your profile, sessions, wishlist,
        saved tour plans and analytics events tied to you. Bookings and messages you exchanged with a venue are part of the venue&apos;s
        records too: we remove your name and contact details from them and keep the dates.
      </p>
      <p>You can also ask for a copy of your data, or correct it: most of it you can edit on your profile page yourself.</p>

      <h2 id="changes">Changes</h2>
      <p>
        If this policy changes we update the date at the top. If a change affects what we store or who sees it, we tell signed-in users in
        the app before it takes effect.
      </p>
    </LegalPage>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Privacy Policy',
    description: 'What Stagepass stores, the cookies it sets, who can see your data and how to delete it.',
    path: '/privacy',
  })

/** Links and nothing else: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
