// Bundles the CLI, the language server and the VS Code client with esbuild. tree-sitter's native bindings
// cannot be bundled, so they stay external and are resolved from node_modules at run time; so does z3-solver,
// whose Emscripten loader finds its .wasm beside itself and starts its own worker threads.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  // The HTML report inlines mutation-testing-elements' viewer script, read from node_modules at run time; z3-solver
  // loads its WASM build from node_modules.
  external: ['tree-sitter', 'tree-sitter-rust', 'vscode', 'mutation-testing-elements', 'z3-solver'],
  // jsonc-parser's UMD build (its "main") requires its parts dynamically, which a bundle cannot resolve;
  // its ESM build ("module") bundles cleanly.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js' }),
  build({ ...common, entryPoints: ['server/src/lsp/server-main.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js' }),
]);

// The editor's mutation report view loads Stryker's viewer from the extension's own files (no network): one
// self-contained script, shipped with its licence.
const require = createRequire(import.meta.url);
const viewer = require.resolve('mutation-testing-elements/dist/mutation-test-elements.js');
mkdirSync('dist', { recursive: true });
copyFileSync(viewer, 'dist/mutation-test-elements.js');
copyFileSync(join(dirname(viewer), '..', 'LICENSE'), 'dist/mutation-test-elements.LICENSE');
