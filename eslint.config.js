// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

const MODULES_DIR = path.join(import.meta.dirname, 'apps/server/src/modules') + path.sep;
/** The server module a file belongs to (modules/<module>/…), or null outside modules. */
const moduleOf = (file) => (file.startsWith(MODULES_DIR) ? file.slice(MODULES_DIR.length).split(path.sep)[0] : null);

/**
 * DESIGN §6: a module uses another module through its use cases or events, never its repository.
 * Type imports are allowed (a row's shape); value imports of another module's *.repository.js are not.
 */
const moduleBoundaries = {
  rules: {
    'no-foreign-repository': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          foreign: "'{{source}}' is the {{owner}} module's repository: use its use cases (modules/{{owner}}/use-cases) or its events.",
        },
      },
      create(context) {
        const own = moduleOf(context.filename);
        if (!own) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.') || !source.endsWith('.repository.js')) return;
          const owner = moduleOf(path.resolve(path.dirname(context.filename), source));
          if (owner && owner !== own) context.report({ node, messageId: 'foreign', data: { source, owner } });
        };
        // Only types (`import type`, or every name `type`): a row's shape, no access. A bare import is not.
        const typesOnly = (node, kind) =>
          node[kind] === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s[kind] === 'type'));
        return {
          ImportDeclaration: (node) => typesOnly(node, 'importKind') || check(node, node.source.value),
          ExportNamedDeclaration: (node) => !node.source || typesOnly(node, 'exportKind') || check(node, node.source.value),
          ExportAllDeclaration: (node) => node.exportKind === 'type' || check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-tmp/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      '.puppeteerrc.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'scripts/*.d.mts', 'apps/*/*.mjs', 'bench/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Async handlers without await are normal in route/plugin code.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Architecture: only repositories and platform/db touch Drizzle's query builder.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/platform/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Database access belongs in *.repository.ts files.' }] },
      ],
    },
  },
  {
    // Architecture: modules meet through use cases and events. Repositories may compose another
    // module's exported SQL fragments (the ticket's view, the template facts) into one statement;
    // tests and their fixtures set up rows directly.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/**/*.fixtures.ts'],
    plugins: { 'module-boundaries': moduleBoundaries },
    rules: { 'module-boundaries/no-foreign-repository': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
