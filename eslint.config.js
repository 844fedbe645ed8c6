// Lint for the whole workspace. Import boundaries between packages are checked by
// dependency-cruiser (.dependency-cruiser.cjs); formatting is Prettier's (.prettierrc.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/e2e/screenshots/**', 'data/**', 'deploy/local/kafka/libs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore names a value kept for its position (destructuring, callbacks).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // What ships to the browser; tests and their helpers may validate against the schemas.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/testing/**'],
    rules: {
      // A value from the schemas' index bundles typebox and every schema (about 30 KB gzipped)
      // into whichever chunk imports it; the app's run-time values live in @ust/schemas/constants.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ust/schemas',
              allowTypeImports: true,
              message: 'Import types only from @ust/schemas; run-time values come from @ust/schemas/constants (no typebox in the bundle).',
            },
          ],
        },
      ],
    },
  },
);
