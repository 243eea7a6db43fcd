// ESLint: a small rule set for real bugs (promises nobody awaits, unused code, `any` leaking through module
// boundaries, switches that miss a case), not style: formatting is Prettier's job (see .prettierrc.json).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'tmp/**', 'node_modules/**', 'test/e2e/**', 'test/fixtures/**', '**/*.js', '**/*.mjs'] },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
      'no-fallthrough': 'error',
      'no-self-compare': 'error',
      'no-unreachable': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // house rule: files under about 400 lines (a warning, so a long file is a prompt to split, not a broken build)
    files: ['server/src/**/*.ts', 'client/src/**/*.ts'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests may pass `any` and cast untyped JSON-RPC results to the shape they expect; the engine's boundaries may not.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
);
