import { getInputProps, type FieldMeta } from '~/web/server-form'
import { CheckboxField, Field } from '~/components/ui/field'
import { PHONE_HINT } from '~/features/accounts/auth-constants'

type ProfileFieldset = Record<'firstName' | 'lastName' | 'phone' | 'consentToCommunications', FieldMeta>

/** First and last name side by side: on sign-up, /profile and /complete-profile. */
export function NameFields({ fields }: { fields: Record<'firstName' | 'lastName', FieldMeta> }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Field
        labelProps={{ children: 'First name' }}
        inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
        errors={fields.firstName.errors}
      />
      <Field
        labelProps={{ children: 'Last name' }}
        inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
        errors={fields.lastName.errors}
      />
    </div>
  )
}

/** Name, phone and the SMS opt-in: the same fields on /profile and /complete-profile. */
export function ProfileFields({ fields }: { fields: ProfileFieldset }) {
  return (
    <>
      <NameFields fields={fields} />
      <Field
        labelProps={{ children: 'Phone' }}
        hint={PHONE_HINT}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
        errors={fields.phone.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Opt-in to receive SMS communications (recommended)' }}
        inputProps={getInputProps(fields.consentToCommunications, { type: 'checkbox' })}
        errors={fields.consentToCommunications.errors}
      />
    </>
  )
}
