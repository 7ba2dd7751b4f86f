// Lint: typescript-eslint's recommended rules on the TypeScript sources.
// Formatting is Prettier's (npm run format); lint rules that only concern
// style are left to it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'var/**', 'dist/**', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Registries and adapters hold games of different state types side by side (GameModule<any, any>).
      '@typescript-eslint/no-explicit-any': 'off',
      // `_name` marks a parameter kept for a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Long-lived loops read `while ((m = re.exec(s)))` on purpose.
      'no-cond-assign': ['error', 'except-parens'],
    },
  },
  {
    // Product code stays readable: Prettier wraps code at 140 columns but never
    // breaks a string, so long messages are written as concatenations.
    files: ['src/**/*.ts', 'commands/**/*.ts', 'render/**/*.ts'],
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: true }] },
  },
  {
    // The loader that registers tsx inside render worker threads is plain Node.
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
