// Packages the extension as a .vsix (offline): the esbuild bundles in dist/ plus the native tree-sitter modules
// and z3-solver (WASM, loaded beside its own JS), which cannot be bundled, copied to dist/node_modules so
// `require('tree-sitter')` / `require('z3-solver')` from dist/server.js find them.
// Every platform's prebuild is kept, so one .vsix serves linux, macOS and Windows (x64 and arm64).
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const NATIVE = {
  'tree-sitter': ['package.json', 'index.js', 'LICENSE', 'prebuilds'],
  'tree-sitter-rust': ['package.json', 'LICENSE', 'bindings/node', 'prebuilds', 'queries'],
  'node-gyp-build': null, // the whole package: it finds the prebuild at run time
  'z3-solver': ['package.json', 'LICENSE.txt', 'build'],
  'async-mutex': null, // z3-solver's one dependency
};

const target = join('dist', 'node_modules');
rmSync(target, { recursive: true, force: true });
for (const [name, parts] of Object.entries(NATIVE)) {
  const from = join('node_modules', name);
  if (!existsSync(from)) throw new Error(`missing ${from}: run npm ci first`);
  mkdirSync(join(target, name), { recursive: true });
  for (const part of parts ?? ['.']) cpSync(join(from, part), join(target, name, part), { recursive: true });
}
const vsce = join('node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
execFileSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--out', 'spec-harness-verus.vsix'], {
  stdio: 'inherit',
});
