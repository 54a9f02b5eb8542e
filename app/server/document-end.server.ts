// Remix 2's single fetch writes its loader data in <script> tags that <RemixServer> renders after
// the router's tree, i.e. after the document's </body></html> (React 18 writes the closing tags
// where the <html> element ends), which is invalid HTML ("stray start tag script"; browsers move
// them into the body anyway). The one change made to the HTML React writes for a page: the first
// </body></html> goes to the very end, so those scripts land inside the body. It reads no private
// name of Remix; a document without scripts after its end passes through unchanged
// (docs/decisions/037-public-mechanisms-only.md).
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
