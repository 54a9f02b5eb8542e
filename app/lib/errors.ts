/**
 * A domain failure the caller can show: `field` ties it to a form field, `status` to an HTTP
 * answer, `code` to the API's error code.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly options: { status?: number; code?: string; field?: string } = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }
  get status() {
    return this.options.status ?? 400
  }
  get code() {
    return this.options.code ?? 'BAD_REQUEST'
  }
  get field() {
    return this.options.field
  }
}
