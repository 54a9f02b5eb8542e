/**
 * The Playwright projects and the tag rule that keeps a test out of the projects it does not apply
 * to (playwright.config.ts; docs/testing.md, "Where each Playwright test runs").
 */
export const E2E_PROJECTS = ['chromium', 'mobile', 'no-js'] as const
export type E2eProject = (typeof E2E_PROJECTS)[number]

/**
 * A project's grepInvert: a test tagged for another project and not for this one. Playwright
 * matches it against the titles followed by the tags; a tag ends at anything but a word character
 * or a hyphen, so '@no-js' is not '@no-jsx'.
 */
export function onlyElsewhere(project: E2eProject): RegExp {
  const others = E2E_PROJECTS.filter((p) => p !== project).join('|')
  return new RegExp(`^(?=.*@(?:${others})(?![\\w-]))(?!.*@${project}(?![\\w-]))`)
}
