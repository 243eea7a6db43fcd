// The stand-in verus (stand-in-verus.mjs) as the process plumbing tests start it, and what they observe of the
// processes it leaves: which are alive, read from its pid file.

import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../setup/temp-dirs';

const STAND_IN = resolve(__dirname, 'stand-in-verus.mjs');

/** A directory holding an executable `verus` that runs the stand-in with the given STAND_IN_* settings. */
export function standInDir(settings: Record<string, string> = {}): string {
  const dir = tempDir('stand-in-verus-');
  const exports = Object.entries(settings)
    .map(([key, value]) => `export ${key}='${value}'`)
    .join('\n');
  const script = join(dir, 'verus');
  writeFileSync(script, `#!/bin/sh\n${exports}\nexec '${process.execPath}' '${STAND_IN}' "$@"\n`);
  chmodSync(script, 0o755);
  return dir;
}

/** The pids a `hang` stand-in wrote to its pid file (its own and its grandchild's, per run), once one run wrote them. */
export async function waitForPids(file: string): Promise<number[]> {
  await waitUntil(() => pidsIn(file).length > 0);
  return pidsIn(file);
}

export function pidsIn(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
}

/** Polls a condition (bounded): a readiness check on state, not a timed assertion. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt++) await new Promise((r) => setTimeout(r, 20));
}

/** Alive and not a zombie (a killed orphan may linger as one until it is reaped). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
