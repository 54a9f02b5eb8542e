import { Form } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { Button } from '~/components/ui/button'
import { Field, TextareaField } from '~/components/ui/field'
import { usePendingCheck } from '~/hooks/pending'
import { errorsByField, failureOf } from '~/web/form-failure'

export type PostValues = { title: string; slug: string; excerpt: string; authorName: string; tags: string; body: string }
/** A preview's answer: the draft as posted and its rendered HTML. */
export type EditorPreview = { values: PostValues; html: string }

/**
 * The admin blog editor: a plain POST form. "Preview" posts the draft and the server answers with
 * the rendered, sanitised HTML under the form (no JavaScript needed); the save buttons store it.
 */
export function PostEditor({
  initial,
  result,
  published,
}: {
  initial: PostValues
  /** The action's answer: a preview, or a refusal with the values as typed. */
  result: unknown
  published: boolean
}) {
  const preview = result && typeof result === 'object' && 'preview' in result ? (result.preview as EditorPreview) : null
  const values = preview?.values ?? { ...initial, ...(failureOf(result)?.initialValue as Partial<PostValues> | undefined) }
  const errors = errorsByField(result) ?? {}
  const isPending = usePendingCheck()
  const pending = (intent: string) => isPending({ fields: { intent }, state: 'non-idle' })
  const err = (name: keyof PostValues) => errors[name]
  return (
    <>
      <Form method="post" className="space-y-1 card p-6">
        <FormBanner id="post-form-errors" errors={errors['']} />
        <Field
          labelProps={{ children: 'Title' }}
          inputProps={{ name: 'title', defaultValue: values.title, required: true, maxLength: 160 }}
          errors={err('title')}
        />
        <Field
          labelProps={{ children: 'Slug' }}
          hint="The address: /blog/your-slug. Lowercase letters, digits and hyphens; empty makes one from the title."
          inputProps={{ name: 'slug', defaultValue: values.slug, maxLength: 80, pattern: '[a-z0-9]+(-[a-z0-9]+)*' }}
          errors={err('slug')}
        />
        <TextareaField
          labelProps={{ children: 'Excerpt' }}
          hint="One or two sentences for lists, search results and the feed."
          textareaProps={{ name: 'excerpt', defaultValue: values.excerpt, rows: 2, required: true, maxLength: 400 }}
          errors={err('excerpt')}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'Author' }}
            inputProps={{ name: 'authorName', defaultValue: values.authorName, required: true, maxLength: 120 }}
            errors={err('authorName')}
          />
          <Field
            labelProps={{ children: 'Tags' }}
            hint="Comma-separated, e.g. touring, budgets."
            inputProps={{ name: 'tags', defaultValue: values.tags }}
            errors={err('tags')}
          />
        </div>
        <TextareaField
          labelProps={{ children: 'Body (markdown)' }}
          hint="Headings start at ##. HTML is filtered when the post is shown: scripts, event handlers and javascript: links are removed."
          textareaProps={{ name: 'body', defaultValue: values.body, rows: 18, required: true, className: 'font-mono text-sm' }}
          errors={err('body')}
        />
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" name="intent" value="preview" variant="outline" pending={pending('preview')} formNoValidate>
            Preview
          </Button>
          <Button type="submit" name="intent" value="save" pending={pending('save')}>
            {published ? 'Save' : 'Save draft'}
          </Button>
          {published ? null : (
            <Button type="submit" name="intent" value="save-publish" variant="outline" pending={pending('save-publish')}>
              Save and publish
            </Button>
          )}
        </div>
      </Form>
      {preview ? (
        <section aria-labelledby="preview-heading" className="card p-6">
          <h2 id="preview-heading" className="text-sm font-semibold tracking-widest text-neutral-600 uppercase dark:text-neutral-400">
            Preview
          </h2>
          <h3 className="mt-3 text-3xl font-bold">{values.title}</h3>
          <div className="prose-body mt-6" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      ) : null}
    </>
  )
}
