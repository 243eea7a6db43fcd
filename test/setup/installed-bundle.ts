// Vitest globalSetup: bundles the CLI and the language server from source once per test run, into the layout users
// install (bin/spec-harness.js beside dist/cli.js and dist/server.js, as scripts/build.mjs bundles them), under the
// worktree's ignored tmp/ so the externals resolve from its node_modules. Test files get the folder with
// `inject('installDir')` (test/setup/installed.ts) instead of each bundling the server again.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { BuildOptions } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The installed layout: bin/spec-harness.js, dist/cli.js, dist/server.js. */
    installDir: string;
  }
}

const ROOT = resolve(__dirname, '..', '..');

export default async function setup(project: TestProject): Promise<() => void> {
  // One folder per project of this run: the fast and slow projects of one `vitest run` set up in parallel.
  const installDir = join(ROOT, 'tmp', `test-install-${process.pid}-${project.name}`);
  mkdirSync(join(installDir, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'spec-harness.js'), join(installDir, 'bin', 'spec-harness.js'));
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
    external: ['tree-sitter', 'tree-sitter-rust', 'vscode', 'mutation-testing-elements', 'z3-solver'],
    // jsonc-parser's UMD build hides its requires from esbuild; its ESM build bundles cleanly.
    mainFields: ['module', 'main'],
  };
  await Promise.all([
    build({ ...common, entryPoints: [join(ROOT, 'server/src/cli/main.ts')], outfile: join(installDir, 'dist', 'cli.js') }),
    build({ ...common, entryPoints: [join(ROOT, 'server/src/lsp/server-main.ts')], outfile: join(installDir, 'dist', 'server.js') }),
  ]);
  project.provide('installDir', installDir);
  return () => rmSync(installDir, { recursive: true, force: true });
}
