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

/** Text with consumed spans blanked out, so '$15,000' is never read again as 15,000 guests. */
export class Masked {
  /** The text as written, for context checks that must see what was already consumed. */
  readonly original: string
  constructor(public text: string) {
    this.original = text
  }
  take(re: RegExp): RegExpExecArray | null {
    const m = re.exec(this.text)
    if (m) this.blank(m.index, m[0].length)
    return m
  }
  blank(index: number, length: number) {
    this.text = this.text.slice(0, index) + ' '.repeat(length) + this.text.slice(index + length)
  }
}
