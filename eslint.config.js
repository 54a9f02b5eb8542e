// ESLint 9 flat config: typescript-eslint's recommended rules and the rules of hooks, for the app,
// the server, scripts and tests alike.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['build/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'blob-report/', '.cache/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Only React code: test helpers such as useTestDatabase() are `use…` without being hooks.
  { ...reactHooks.configs['recommended-latest'], files: ['app/**/*.{ts,tsx}'] },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Leading underscore marks a parameter a signature needs but the body does not (`_req`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Type-only imports vanish from the bundle; `typeof import('x')` stays allowed for lazily loaded modules.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
)
