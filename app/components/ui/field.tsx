import {
  useId,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { cx } from '~/core/cx'
import { UpgradeText } from '~/components/upgrade-text'

// Form fields that own their accessibility: a real <label>, aria-invalid, aria-describedby to the
// hint and the errors, and an error area of fixed height so the form does not jump as errors come
// and go. Pass conform's getInputProps/getTextareaProps/getSelectProps output as the control props:
// the ids and aria attributes are set here, from `errors`, whatever those props say.

export type ListOfErrors = Array<string | null | undefined> | null | undefined

// Styled in app.css (.control, .control-invalid), as every form repeats it.
const controlClass = 'control'

function borderClass(invalid: boolean) {
  return invalid ? 'control-invalid' : ''
}

/** Conform's props type a `key`; React must not receive one through a spread. */
type WithKey<T> = T & { key?: string | undefined }
function withoutKey<T extends object>(props: WithKey<T>): T {
  const { key: _key, ...rest } = props
  return rest as T
}

/** Ids and aria attributes for one control. */
function useFieldIds(id: string | undefined, errors: ListOfErrors, hint: ReactNode) {
  const fallbackId = useId()
  const controlId = id ?? fallbackId
  const errorId = `${controlId}-error`
  const hintId = hint ? `${controlId}-hint` : undefined
  const invalid = Boolean(errors?.some(Boolean))
  return {
    controlId,
    errorId,
    hintId,
    invalid,
    aria: {
      'aria-invalid': invalid || undefined,
      'aria-describedby': [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined,
    },
  }
}

type FieldShellProps = {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode }
  hint?: ReactNode
  errors?: ListOfErrors
  className?: string
}

function FieldShell({
  labelProps,
  hint,
  hintId,
  controlId,
  errorId,
  errors,
  className,
  children,
}: FieldShellProps & { hintId?: string; controlId: string; errorId: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label {...labelProps} htmlFor={controlId} className={cx('block text-sm font-medium', labelProps.className)} />
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
      <div className="mt-1">{children}</div>
      <div className="min-h-8 pt-1">
        <ErrorList id={errorId} errors={errors} />
      </div>
    </div>
  )
}

export function Field({
  labelProps,
  inputProps: rawInputProps,
  hint,
  errors,
  className,
}: FieldShellProps & { inputProps: WithKey<InputHTMLAttributes<HTMLInputElement>> }) {
  const inputProps = withoutKey(rawInputProps)
  const ids = useFieldIds(inputProps.id, errors, hint)
  return (
    <FieldShell {...{ labelProps, hint, errors, className }} {...ids}>
      <input
        {...inputProps}
        id={ids.controlId}
        {...ids.aria}
        className={cx(controlClass, 'h-11', borderClass(ids.invalid), inputProps.className)}
      />
    </FieldShell>
  )
}

export function TextareaField({
  labelProps,
  textareaProps: rawTextareaProps,
  hint,
  errors,
  className,
}: FieldShellProps & { textareaProps: WithKey<TextareaHTMLAttributes<HTMLTextAreaElement>> }) {
  const textareaProps = withoutKey(rawTextareaProps)
  const ids = useFieldIds(textareaProps.id, errors, hint)
  return (
    <FieldShell {...{ labelProps, hint, errors, className }} {...ids}>
      <textarea
        rows={6}
        {...textareaProps}
        id={ids.controlId}
        {...ids.aria}
        className={cx(controlClass, 'min-h-32 py-2', borderClass(ids.invalid), textareaProps.className)}
      />
    </FieldShell>
  )
}

export function SelectField({
  labelProps,
  selectProps: rawSelectProps,
  options,
  placeholder,
  hint,
  errors,
  className,
}: FieldShellProps & {
  selectProps: WithKey<SelectHTMLAttributes<HTMLSelectElement>>
  options: ReadonlyArray<{ value: string; label: string }>
  /** A first, empty option, e.g. 'Choose a topic'. */
  placeholder?: string
}) {
  const selectProps = withoutKey(rawSelectProps)
  const ids = useFieldIds(selectProps.id, errors, hint)
  return (
    <FieldShell {...{ labelProps, hint, errors, className }} {...ids}>
      <select
        {...selectProps}
        id={ids.controlId}
        {...ids.aria}
        className={cx(controlClass, 'h-11', borderClass(ids.invalid), selectProps.className)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** Field or form errors. Renders nothing (but keeps its id free) when there are none. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter((e): e is string => Boolean(e))
  if (!list?.length) return null
  return (
    <ul id={id} className="space-y-1 text-sm text-red-700 dark:text-red-400">
      {list.map((error) => (
        <li key={error}>
          <UpgradeText text={error} />
        </li>
      ))}
    </ul>
  )
}

export function CheckboxField({
  labelProps,
  inputProps: rawInputProps,
  errors,
  className,
}: {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode }
  inputProps: WithKey<InputHTMLAttributes<HTMLInputElement>>
  errors?: ListOfErrors
  className?: string
}) {
  const inputProps = withoutKey(rawInputProps)
  const ids = useFieldIds(inputProps.id, errors, undefined)
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          type="checkbox"
          id={ids.controlId}
          {...ids.aria}
          className="mt-0.5 size-5 shrink-0 rounded border-neutral-500 accent-header"
        />
        <label {...labelProps} htmlFor={ids.controlId} className={cx('text-sm', labelProps.className)} />
      </div>
      <div className="min-h-6 pt-1">
        <ErrorList id={ids.errorId} errors={errors} />
      </div>
    </div>
  )
}
