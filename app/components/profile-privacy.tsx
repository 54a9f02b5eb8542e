import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { CheckboxField } from '~/components/ui/field'

/**
 * /profile's privacy setting: whether venue owners may see your name when you have looked at,
 * saved or asked about venues near theirs ('Fill your empty dates'). Off by default; without it
 * owners see only how many organizers are interested, never who.
 */
export function PrivacySection({ visible, pending }: { visible: boolean; pending: boolean }) {
  return (
    <section id="privacy" className="scroll-mt-20 card p-6" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading" className="text-xl">
        Privacy
      </h2>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        Venue owners see how many organizers look at, save or ask about venues near theirs. Your name is shown to them, with a way to offer
        you an open date, only if you say so here.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="privacy" />
        <CheckboxField
          labelProps={{ children: 'Let venue owners see my name when I show interest near their venues' }}
          inputProps={{ name: 'visibleToVenues', value: 'on', defaultChecked: visible }}
        />
        <Button type="submit" variant="outline" pending={pending}>
          Save privacy setting
        </Button>
      </Form>
    </section>
  )
}
