// Remix's single fetch writes its data scripts after </body></html>, which is invalid HTML. This
// moves the first </body></html> to the very end so they land inside the body, reading no private
// name of Remix (docs/decisions/037-public-mechanisms-only.md).
import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'

const DOCUMENT_END = '</body></html>'

/** Holds back the first </body></html> and writes it at the end. Streaming is unchanged. */
export class DocumentEndLast extends Transform {
  private held = false
  private decoder = new StringDecoder('utf8')
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: string) => void) {
    let text = this.decoder.write(chunk)
    const at = this.held ? -1 : text.indexOf(DOCUMENT_END)
    if (at !== -1) {
      text = text.slice(0, at) + text.slice(at + DOCUMENT_END.length)
      this.held = true
    }
    callback(null, text)
  }
  override _flush(callback: (error?: Error | null, data?: string) => void) {
    callback(null, this.decoder.end() + (this.held ? DOCUMENT_END : ''))
  }
}
