// Lint: typescript-eslint's recommended rules, React hooks, and the house's import boundaries.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/dev-dist/**', '.data/**', 'apps/api/src/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Shared code flows one way: lib and components never reach into features or the app.
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/program/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'shared code must not import features or the app' }] }] },
  },
  ...['auth', 'password-recovery', 'signup'].map((feature) => ({
    // A feature never imports another feature.
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**', `!**/features/${feature}/**`, '**/app/**'], message: 'a feature must not import another feature or the app' }] },
      ],
    },
  })),
  {
    files: ['scripts/**', 'bench/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
