import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

// Blog markdown → HTML, sanitised on every render: whatever an editor (or a compromised admin
// account) writes, the page gets no scripts, no event handlers, no javascript: links and no
// embedded frames. Raw HTML in the markdown passes through marked and is then filtered here.

const marked = new Marked({ gfm: true, breaks: false, async: false })

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'sup',
    'sub',
  ],
  // `rel`, `loading` and `decoding` are set by the transforms below.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  // Relative links are allowed (sanitize-html keeps scheme-less URLs); javascript:, data: and
  // vbscript: are dropped.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // A post's title is its only h1; headings in the body start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '')
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
}

/** Markdown to safe HTML. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string
  return sanitizeHtml(html, SANITIZE)
}

/** Whole minutes at 225 words a minute, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`[\]()!-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length
  return Math.max(1, Math.ceil(words / 225))
}
