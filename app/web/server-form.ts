import type { SubmissionResult } from '@conform-to/react'
import { useHydrated } from '~/hooks/use-hydrated'

// Forms validated on the server only, for public pages whose JavaScript budget cannot pay for conform
// and zod (docs/benchmarks.md, "Figures behind the code"). Same shape as conform's helpers, reading
// only the action's `submission.reply()`; the HTML constraints come from the loader's
// `getZodConstraint`, so they never drift from the schema.

export type Constraint = {
  required?: boolean
  minLength?: number
  maxLength?: number
  min?: string | number
  max?: string | number
  step?: string | number
  multiple?: boolean
  pattern?: string
}

export type FieldMeta = {
  id: string
  name: string
  formId: string
  errorId: string
  descriptionId: string
  errors: string[] | undefined
  initialValue: unknown
} & Constraint

export type FormMeta = {
  id: string
  errorId: string
  errors: string[] | undefined
  noValidate: boolean
}

type Options<Name extends string> = {
  id: string
  lastResult?: SubmissionResult<string[]> | null
  /** From the loader: `getZodConstraint(schema)`. */
  constraint?: Partial<Record<Name, Constraint>> | Record<string, Constraint>
  defaultValue?: Partial<Record<Name, unknown>>
  /**
   * conform's option of the same name: `true` turns the browser's own validation off before
   * hydration (and without JavaScript) too, so an empty or bad submission reaches the server and
   * shows its messages next to the fields, as the conform forms did. Default `false`: the browser
   * checks the HTML constraints until the page is hydrated.
   */
  defaultNoValidate?: boolean
}

function valueAt(values: unknown, name: string): unknown {
  if (!values || typeof values !== 'object') return undefined
  return (values as Record<string, unknown>)[name]
}

/**
 * `const [form, fields] = useServerForm<z.input<typeof schema>>({ id, lastResult, constraint })`.
 * `fields.x` always exists, so the type parameter only serves autocompletion.
 */
export function useServerForm<Shape = Record<string, unknown>>(options: Options<keyof Shape & string>) {
  const { id, lastResult, constraint, defaultValue, defaultNoValidate = false } = options
  const hydrated = useHydrated()
  // The controls are uncontrolled: a reply's values are their defaults (what a no-JS post shows
  // again); with JavaScript the typed text is simply still there. There is no `resetForm` support:
  // the forms using this redirect after success.
  const initial = lastResult?.initialValue ?? defaultValue
  const errorsOf = (name: string) => {
    const errors = lastResult?.error?.[name]
    return errors && errors.length ? errors : undefined
  }
  const form: FormMeta = { id, errorId: `${id}-error`, errors: errorsOf(''), noValidate: defaultNoValidate || hydrated }
  const field = (name: string): FieldMeta => {
    const fieldId = `${id}-${name}`
    return {
      ...(constraint as Record<string, Constraint> | undefined)?.[name],
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors: errorsOf(name),
      initialValue: valueAt(initial, name),
    }
  }
  const fields = new Proxy({} as Record<keyof Shape & string, FieldMeta>, {
    get: (_target, name) => (typeof name === 'string' ? field(name) : undefined),
  })
  return [form, fields] as const
}

function aria(meta: { errors: string[] | undefined; errorId: string }) {
  return meta.errors ? { 'aria-invalid': true as const, 'aria-describedby': meta.errorId } : {}
}

function control(meta: FieldMeta) {
  return { id: meta.id, name: meta.name, form: meta.formId, required: meta.required || undefined, ...aria(meta) }
}

function drop<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key]
  return props
}

export function getFormProps(form: FormMeta) {
  return drop({ id: form.id, noValidate: form.noValidate, ...(form.errors ? { 'aria-describedby': form.errorId } : {}) })
}

// HTML allows length and pattern constraints only on inputs people type text into; a date field's
// schema has a maximum length too, but `maxlength` on `type="date"` is invalid markup.
const TEXT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password'])

export function getInputProps(meta: FieldMeta, options: { type: string; value?: string | boolean }) {
  const typed = TEXT_TYPES.has(options.type)
  const props: Record<string, unknown> = {
    ...control(meta),
    type: options.type,
    minLength: typed ? meta.minLength : undefined,
    maxLength: typed ? meta.maxLength : undefined,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: typed ? meta.pattern : undefined,
    multiple: meta.multiple,
  }
  // A boolean field is 'required' to the schema (it is always read, as false when unticked), but
  // `required` on one checkbox means it must be ticked: the server says so when a box must be.
  if (options.type === 'checkbox' && typeof options.value !== 'string') props.required = undefined
  if (options.type === 'checkbox' || options.type === 'radio') {
    props.value = typeof options.value === 'string' ? options.value : 'on'
    props.defaultChecked = Array.isArray(meta.initialValue) ? meta.initialValue.includes(props.value) : meta.initialValue === props.value
  } else if (typeof meta.initialValue === 'string') props.defaultValue = meta.initialValue
  return drop(props) as ReturnType<typeof control> & { type: string; defaultValue?: string; defaultChecked?: boolean; value?: string }
}

export function getTextareaProps(meta: FieldMeta) {
  return drop({
    ...control(meta),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    defaultValue: typeof meta.initialValue === 'string' ? meta.initialValue : undefined,
  })
}

export function getSelectProps(meta: FieldMeta) {
  return drop({
    ...control(meta),
    multiple: meta.multiple,
    defaultValue:
      typeof meta.initialValue === 'string' || Array.isArray(meta.initialValue) ? (meta.initialValue as string | string[]) : undefined,
  })
}
