// Shared pieces of the text parsers: the masked text every extractor reads and consumes, and the
// number patterns they share.
import { SMALL_NUMBERS } from './values'

/** '15,000', '300', '1.5'. */
export const NUM = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`
/** Numbers people spell out, longest first so 'fourteen' is not read as 'four'. */
const WORD_NUM = Object.keys(SMALL_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|')
/** A count written either way. */
export const COUNT = String.raw`(?:\d+|${WORD_NUM})`

/** Miles in a km-based engine. */
export const KM_PER_MILE = 1.609344

/** A stretch of the request that a reader consumed, under the label of the reader (see constraints.ts). */
export interface Span {
  label: string
  start: number
  end: number
}

/**
 * Text with consumed spans blanked out, so '$15,000' is never read again as 15,000 guests. Every
 * blanked stretch is recorded under the current `label`, so each constraint can show the words it
 * came from and the words nobody read can be reported as not understood.
 */
export class Masked {
  /** The text as written, for context checks that must see what was already consumed. */
  readonly original: string
  label = 'other'
  readonly spans: Span[] = []
  constructor(public text: string) {
    this.original = text
  }
  /** Runs `read` with its consumed spans recorded under `label`. */
  as<T>(label: string, read: () => T): T {
    const before = this.label
    this.label = label
    try {
      return read()
    } finally {
      this.label = before
    }
  }
  take(re: RegExp): RegExpExecArray | null {
    const m = re.exec(this.text)
    if (m) this.blank(m.index, m[0].length)
    return m
  }
  blank(index: number, length: number) {
    // Only the words this reader consumes are its own: a match that runs across words another reader
    // already took ('March, ____ ____') records the fresh stretches alone.
    let from = -1
    let to = -1
    for (let k = index; k <= index + length; k++) {
      const fresh = k < index + length && this.text[k] !== ' '
      const gap = k < index + length && this.text[k] === ' ' && /\s/.test(this.original[k] ?? '')
      if (fresh) {
        if (from < 0) from = k
        to = k + 1
      } else if (!gap && from >= 0) {
        this.spans.push({ label: this.label, start: from, end: to })
        from = -1
      }
    }
    this.text = this.text.slice(0, index) + ' '.repeat(length) + this.text.slice(index + length)
  }
}
