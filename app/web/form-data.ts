/** A form field's text: '' when it is missing or a file (a hostile post may send either). */
export const formString = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
