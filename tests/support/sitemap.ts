/** The addresses a sitemap (or a sitemap index) lists, in its order. */
export const sitemapLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
