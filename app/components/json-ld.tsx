import { serializeJsonLd } from '~/web/structured-data'

/** schema.org data for crawlers; the text is escaped so nothing in it can end the script. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
