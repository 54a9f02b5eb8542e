/** A blog post as written; ids and timestamps are added when the seed rows are built. */
export type PostSource = {
  slug: string
  title: string
  excerpt: string
  authorName: string
  tags: string[]
  /** ISO date of publication. */
  publishedAt: string
  /** Markdown. */
  body: string
}
