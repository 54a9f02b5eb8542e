import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns'
import { userRef } from './users'

// Site content and contact: blog posts and messages sent through the contact form.

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown; rendered and sanitised on the server. */
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blog_posts_slug_key').on(t.slug), index('blog_posts_published_idx').on(t.publishedAt)],
)

export type BlogPost = typeof blogPosts.$inferSelect

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    userId: userRef.orNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)
