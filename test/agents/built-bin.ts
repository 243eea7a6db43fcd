// The `spec-harness` bin as installed: bin/ beside a dist/ bundled from source the way scripts/build.mjs bundles it
// (the MCP SDK included), built once into the worktree's ignored tmp/ so tests run what users run.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const ROOT = resolve(__dirname, '..', '..');
const INSTALL = join(ROOT, 'tmp', `agents-bin-${process.pid}`);
export const BIN = join(INSTALL, 'bin', 'spec-harness.js');

export async function buildBin(): Promise<void> {
  mkdirSync(join(INSTALL, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'spec-harness.js'), BIN);
  await build({
    bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['tree-sitter', 'tree-sitter-rust', 'vscode'],
    logLevel: 'error', mainFields: ['module', 'main'],
    entryPoints: [join(ROOT, 'server/src/cli/main.ts')], outfile: join(INSTALL, 'dist', 'cli.js'),
  });
}

export function removeBin(): void {
  rmSync(INSTALL, { recursive: true, force: true });
}

/** A scratch copy of test/fixtures/agents (tools may write pairs files there). */
export function copyAgentFixtures(): string {
  const work = mkdtempSync(join(tmpdir(), 'spec-harness-agents-'));
  cpSync(join(ROOT, 'test', 'fixtures', 'agents'), work, { recursive: true });
  return work;
}
