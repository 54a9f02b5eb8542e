import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { HoneypotField } from '~/components/honeypot'
import { PageHeader } from '~/components/page-header'
import { Button, LinkButton } from '~/components/ui/button'
import { ErrorList, Field, SelectField, TextareaField } from '~/components/ui/field'
import { CheckIcon } from '~/components/ui/icons'
import { ContactSchema } from '~/features/contact/contact'
import { CONTACT_TOPICS, CONTACT_TOPIC_LABELS, MESSAGE_MAX, isContactTopic } from '~/features/contact/contact-topics'
import { formAttempt, formFailure } from '~/web/form-errors.server'
import { isHoneypotFilled } from '~/web/honeypot'
import { seo } from '~/web/seo'
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm } from '~/web/server-form'
import { createContactMessage } from '~/features/contact/contact.server'
import { getSessionUser } from '~/features/accounts/session.server'
import { redirectWithToast } from '~/platform/toast.server'
import type { z } from 'zod'
import { useIsPending } from '~/hooks/pending'
import { useOptionalUser } from '~/hooks/root-data'

const SENT_URL = '/contact?sent=1'
const SENT_TOAST = { type: 'success', description: "Thanks! We'll reply within one business day." } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const topic = params.get('topic')
  return { sent: params.get('sent') === '1', topic: isContactTopic(topic) ? topic : null, constraint: getZodConstraint(ContactSchema) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  // A filled honeypot gets the same answer as a person, so the bot learns nothing; nothing is stored.
  if (isHoneypotFilled(formData)) return redirectWithToast(SENT_URL, SENT_TOAST)

  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return formFailure(submission)

  const { user } = await getSessionUser(request)
  // Over the throttle: the message above the form, the text kept in the fields.
  return formAttempt(submission, async () => {
    await createContactMessage(submission.value, user ? { id: user.id } : null, { ip: context.ip })
    return redirectWithToast(SENT_URL, SENT_TOAST)
  })
}

export default function ContactPage() {
  const { sent } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Contact" title="Talk to a person">
        <p>
          Questions about a booking, a venue listing or a paid plan reach the people who run Stagepass, not a bot. We answer every message
          within one business day.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        {sent ? <SentPanel /> : <ContactForm />}
        <aside aria-labelledby="before-heading" className="space-y-4 text-neutral-700 dark:text-neutral-300">
          <h2 id="before-heading" className="text-xl text-neutral-900 dark:text-white">
            Before you write
          </h2>
          <ul className="space-y-3">
            <li>
              <span className="font-medium text-neutral-900 dark:text-white">About a specific show?</span> Message the venue from its page:
              the owner sees it straight away, we do not.
            </li>
            <li>
              <span className="font-medium text-neutral-900 dark:text-white">Holds and fees?</span> The{' '}
              <Link to="/pricing#faq" className="link">
                pricing FAQ
              </Link>{' '}
              explains how holds work. There is no booking fee.
            </li>
            <li>
              <span className="font-medium text-neutral-900 dark:text-white">Your data?</span> Our{' '}
              <Link to="/privacy" className="link">
                privacy policy
              </Link>{' '}
              says what we keep and how to delete it.
            </li>
          </ul>
        </aside>
      </div>
    </>
  )
}

function ContactForm() {
  const { topic, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const user = useOptionalUser()
  const pending = useIsPending({ action: '/contact' })
  // Validated on the server only (app/web/server-form.ts): no zod in this page's JavaScript.
  const [form, fields] = useServerForm<z.input<typeof ContactSchema>>({
    id: 'contact',
    defaultNoValidate: true,
    lastResult: actionData?.result,
    constraint,
    defaultValue: {
      topic: topic ?? undefined,
      name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : undefined,
      email: user?.email,
    },
  })

  return (
    <section aria-labelledby="form-heading" className="card p-6 hover:shadow-sm sm:p-8">
      <h2 id="form-heading" className="text-2xl">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">All fields are required.</p>
      <Form method="post" action="/contact" className="mt-6" {...getFormProps(form)}>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'Name' }}
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
            errors={fields.name.errors}
          />
          <Field
            labelProps={{ children: 'Email' }}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            errors={fields.email.errors}
          />
        </div>
        <SelectField
          labelProps={{ children: 'Topic' }}
          selectProps={getSelectProps(fields.topic)}
          placeholder="Choose a topic"
          options={CONTACT_TOPICS.map((value) => ({ value, label: CONTACT_TOPIC_LABELS[value] }))}
          errors={fields.topic.errors}
        />
        <TextareaField
          labelProps={{ children: 'Message' }}
          hint={`Between 10 and ${MESSAGE_MAX.toLocaleString('en-US')} characters. Dates, cities and venue names help.`}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 7 }}
          errors={fields.message.errors}
        />
        <HoneypotField />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" size="lg" pending={pending} className="mt-2 w-full sm:w-auto">
          {pending ? 'Sending…' : 'Send message'}
        </Button>
      </Form>
    </section>
  )
}

function SentPanel() {
  return (
    <section
      aria-labelledby="sent-heading"
      className="rounded-card border border-green-700/30 bg-green-50 p-6 sm:p-8 dark:border-brand/40 dark:bg-brand/10"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-header text-white">
          <CheckIcon className="size-6" />
        </span>
        <div>
          <h2 id="sent-heading" className="text-2xl">
            Message sent
          </h2>
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">
            Thanks! We&apos;ll reply within one business day, to the email address you gave us.
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <LinkButton to="/globe-enhanced-search">Search venues</LinkButton>
        <LinkButton to="/contact" variant="outline">
          Send another message
        </LinkButton>
      </div>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Contact',
    description: 'Ask the Stagepass team about bookings, venue listings, paid plans or press. We reply within one business day.',
    path: '/contact',
  })

export { GeneralErrorBoundary as ErrorBoundary }
