// `pairs` follows the stack the host gives (stackAllowance), as `check` does: on the bin's 256 MB worker stack a
// requires with deep spec recursion is decided (so no pair outside it is written) and exec recursion runs deeper.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { EXEC_CALL_DEPTH_LIMITS, LARGE_STACK_SIZE_MB } from '../../server/src/eval';
import type { LargeStackGenerateReply, LargeStackGenerateRequest } from './large-stack-worker';

const ROOT = resolve(__dirname, '..', '..');
const FIXTURE = join(__dirname, '../fixtures/generate/deep-recursion.rs');
const work = mkdtempSync(join(tmpdir(), 'spec-harness-generate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('pairs on a large stack', () => {
  it('caps exec recursion by allowance, deterministically', () => {
    expect(EXEC_CALL_DEPTH_LIMITS).toEqual({ default: 250, large: 18_000 });
  });

  it('writes no pair the requires rejects when deciding it needs deep spec recursion; runs deep exec recursion', async () => {
    const rustPath = join(work, 'deep-recursion.rs');
    copyFileSync(FIXTURE, rustPath);
    const reply = await inLargeStackWorker({
      rustPath,
      runs: [
        { fn: 'depth', inputs: { n: 200 } },
        { fn: 'depth', inputs: { n: 5000 } },
      ],
    });
    expect(reply.allowance).toBe('large');
    expect(reply.pairsExitCode).toBe(0);
    // tri(255) is 255 calls deep: indeterminate on the default stack (so such inputs were written as pairs),
    // decided here. `add_tri(255, 255, acc = 255)` is outside the requires and must not be a pair.
    const addTri = reply.pairs.add_tri ?? [];
    expect(addTri.length).toBeGreaterThan(0);
    expect(addTri.filter((pair) => pair.requires === 'fails')).toEqual([]);
    // The implementation recurses n deep: on the large stack n = 1000 returns (a pair), on the default one it is cut off.
    const depthInputs = (reply.pairs.depth ?? []).map((pair) => (pair.input as { n: number }).n);
    expect(depthInputs).toContain(1000);
    expect(reply.runs).toEqual([
      { default: 'returned', large: 'returned' },
      { default: 'timeout', large: 'returned' },
    ]);
    // A whole `pairs` run with the solver, whose queries are bounded by resource units, not time: on a loaded
    // machine it takes longer than the default test timeout.
  }, 240_000);
});

async function inLargeStackWorker(request: LargeStackGenerateRequest): Promise<LargeStackGenerateReply> {
  const outfile = join(ROOT, 'node_modules', '.cache', 'spec-harness-generate-test', 'large-stack-worker.js');
  await build({
    entryPoints: [join(__dirname, 'large-stack-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['tree-sitter', 'tree-sitter-rust', 'z3-solver'],
    logLevel: 'error',
    mainFields: ['module', 'main'],
  });
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(outfile, { workerData: request, resourceLimits: { stackSizeMb: LARGE_STACK_SIZE_MB } });
    worker.once('message', (reply: LargeStackGenerateReply) => resolvePromise(reply));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker exited with ${code} before replying`)));
  });
}
