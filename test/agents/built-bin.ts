// The `spec-harness` bin as installed (built once per run by test/setup/installed-bundle.ts) and a scratch copy of
// the agent fixtures for it to work in.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export { installedBin } from '../setup/installed';
const ROOT = resolve(__dirname, '..', '..');
/** A scratch copy of test/fixtures/agents (tools may write pairs files there). */
export function copyAgentFixtures(): string {
  const work = mkdtempSync(join(tmpdir(), 'spec-harness-agents-'));
  cpSync(join(ROOT, 'test', 'fixtures', 'agents'), work, { recursive: true });
  return work;
}
