import { createId } from '../db/ids'
import type { BlogPost } from '../db/schema'
import { POSTS } from './blog'
import type { Rng } from '../core/random'

/** Rows for the hand-written posts; each post is created at its publication time. */
export function generateBlogPosts(rng: Rng): BlogPost[] {
  return POSTS.map((post) => {
    const publishedAt = new Date(post.publishedAt)
    return {
      id: createId(publishedAt.getTime(), rng.hex8),
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      authorName: post.authorName,
      tags: post.tags,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    }
  })
}
