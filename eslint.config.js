// ESLint: typescript-eslint's recommended rules (syntax only, so a run stays fast) and the
// layers of docs/architecture.md ("Layers and who imports whom") as import boundaries.
// Change a boundary only with a decision record in docs/adr/.
import js from '@eslint/js';
import boundaries from '@boundaries/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Where each layer lives, from the project's root. A file belongs to the innermost folder that matches. */
const elements = [
  { type: 'contract', pattern: 'contract' },
  { type: 'machines', pattern: 'machines' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'app-lib', pattern: 'src/lib' },
  { type: 'app-ui', pattern: 'src/ui' },
  { type: 'app', pattern: 'src' },
  { type: 'server-services', pattern: 'server/services' },
  { type: 'server-http', pattern: 'server/http' },
  { type: 'server-db', pattern: 'server/db' },
  { type: 'server-platform', pattern: 'server/platform' },
  { type: 'server', pattern: 'server' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
].map((element) => ({ ...element, partialMatch: false }));

const files = [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }];

const browserApp = ['feature', 'app-lib', 'app-ui', 'app'];
const serverSide = ['server-services', 'server-http', 'server-db', 'server-platform', 'server'];

/** Packages a machine never imports: React, the browser's libraries, and I/O (HTTP, sockets, Node). */
const notInMachines = ['react', 'react-dom', '@xstate/react', '@tanstack/*', 'ofetch', 'pusher-js', 'laravel-echo', '@lingui/*', 'ws', 'pg', 'kysely'];

/** The rules: what each layer may not import. */
const walls = [
  {
    from: { element: { type: 'machines' } },
    disallow: { to: { element: { types: { anyOf: [...browserApp, ...serverSide] } } } },
    message: 'machines/ import only contract/ and other machines (docs/architecture.md, "Layers").',
  },
  {
    from: { element: { type: 'machines' } },
    disallow: [{ to: { module: { origin: 'core' } } }, { to: { module: { origin: 'external', source: notInMachines } } }],
    message: 'machines/ hold no React, no DOM library and no I/O: inject effects with .provide() (docs/architecture.md, "Layers").',
  },
  {
    from: { element: { type: 'contract' } },
    disallow: { to: { element: { types: { anyOf: ['machines', ...browserApp, ...serverSide] } } } },
    message: 'contract/ is the bottom layer: it imports nothing of the app, the machines or the server.',
  },
  {
    from: { element: { types: { anyOf: serverSide } } },
    disallow: { to: { element: { types: { anyOf: browserApp } } } },
    message: 'server/ imports contract/ and the pure machines/ (docs/adr/0082) from the shared code, never src/ (docs/architecture.md, "Layers").',
  },
  {
    from: { element: { types: { anyOf: ['app-lib', 'app-ui'] } } },
    disallow: { to: { element: { type: 'feature' } } },
    message: 'src/lib and src/ui sit below the features: inject what they need from the route or app level.',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.captured.feature }}' }, fileInternalPath: '!index.ts' } } },
    message: 'A feature imports another feature only through its public entry, src/features/<feature>/index.ts.',
  },
  {
    from: { element: { type: 'server-services' } },
    disallow: { to: { element: { type: 'server-http' } } },
    message: 'server/services never import server/http: a service throws RuleError, the route answers.',
  },
  {
    from: { element: { types: { anyOf: ['server-http', 'server-db'] } } },
    disallow: { to: { element: { type: 'server-platform' } } },
    message: 'Only server/services call the trading platform (server/platform/port.ts); routes go through a service (docs/adr/0080).',
  },
  {
    from: { element: { type: 'server-platform' } },
    disallow: { to: { element: { types: { anyOf: ['server-http', 'server-services'] } } } },
    message: 'server/platform is an external system behind a port: it knows nothing of Traderoom\'s routes or services (docs/adr/0080).',
  },
  {
    from: { element: { type: 'server-db' } },
    disallow: { to: { element: { type: 'server-services', fileInternalPath: '!seeding.ts' } } },
    message: 'server/db reaches services only through server/services/seeding.ts.',
  },
];

/**
 * The exceptions, all of them, each with its reason. An allow here overrides a wall above.
 */
const exceptions = [
  {
    // Stylesheets: a screen still loads the stylesheet of the feature whose pieces it shows (calendar,
    // verification) until each component imports its own styles (the tests/styles branch).
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'feature', fileInternalPath: '*.css' } } },
  },
  {
    // A machine's test builds the error a real ofetch call gives, so the reader is proved on the real shape.
    from: { element: { type: 'machines' }, file: { categories: 'test' } },
    allow: { to: { module: { origin: 'external', source: 'ofetch' } } },
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-server/**', 'var/**', 'test-results/**', 'playwright-report/**', 'public/**', 'src/routeTree.gen.ts', 'docs/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Plain JavaScript that Node runs as it is (scripts/start.mjs).
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // tsc reports unused names (noUnusedLocals, noUnusedParameters in tsconfig.json).
      '@typescript-eslint/no-unused-vars': 'off',
      // A closure may read a binding that is set once, later (e.g. a server created after its handlers).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['contract/**/*.ts', 'src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: [...walls, ...exceptions] }],
    },
  },
  {
    // machines/: the browser's globals are injected, never read.
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'XMLHttpRequest', 'WebSocket'],
    },
  },
);
