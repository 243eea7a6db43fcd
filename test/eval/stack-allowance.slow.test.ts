// Recursion limits follow the stack the host gives (stackAllowance): `default` on Node's own stack, `large` in a
// worker with a 256 MB stack (where the `spec-harness` bin runs the CLI). Limits are fixed per allowance, so
// the same inputs give the same verdicts whatever the JIT does.
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LARGE_STACK_SIZE_MB, RECURSION_LIMITS, stackAllowanceFor } from '../../server/src/eval';
import { check } from './check';
import type { LargeStackReply, LargeStackRequest } from './large-stack-worker';

const TRI = 'spec fn tri(n: nat) -> nat decreases n { if n == 0 { 0 } else { n + tri((n - 1) as nat) } }';
const ROOT = resolve(__dirname, '..', '..');

describe('stack allowance', () => {
  it('maps a worker stack size to an allowance', () => {
    expect(stackAllowanceFor(undefined)).toBe('default');
    expect(stackAllowanceFor(4)).toBe('default');
    expect(stackAllowanceFor(LARGE_STACK_SIZE_MB)).toBe('large');
    expect(RECURSION_LIMITS.large.maxStackUnits).toBeGreaterThan(RECURSION_LIMITS.default.maxStackUnits);
  });

  it('caps tri at 149 on the default stack (8 units a call, 1,200 units), the same every time', () => {
    for (let run = 0; run < 2; run++) {
      check(TRI, { 'tri(149) == 11175': true, 'tri(150) == 11325': 'indeterminate: recursion too deep' });
      check(
        TRI,
        { 'tri(149) == 11175': true, 'tri(150) == 11325': 'indeterminate: recursion too deep' },
        { options: { stackAllowance: 'default' } },
      );
    }
  });

  it('evaluates tri(5000) in a 256 MB worker with the large allowance; the step budget is then the bound', async () => {
    const reply = await inLargeStackWorker({
      source: TRI,
      expressions: ['tri(5000) == 12502500', 'tri(7691) == 29579586', 'tri(7692) == 29587278', 'tri(150) == 11325'],
      stepBudget: 100_000,
    });
    expect(reply.allowance).toBe('large');
    expect(reply.outcomes).toEqual(['true', 'true', 'indeterminate: step budget exhausted', 'true']);
  });

  it('caps the large allowance at 300,000 units (tri 37,499 deep) with a big step budget, deterministically', async () => {
    const request = { source: TRI, expressions: ['tri(37499) == 703106250', 'tri(37500) == 703143750'], stepBudget: 10_000_000 };
    const first = await inLargeStackWorker(request);
    const second = await inLargeStackWorker(request);
    expect(first.outcomes).toEqual(['true', 'indeterminate: recursion too deep']);
    expect(second).toEqual(first);
  });
});

async function inLargeStackWorker(request: LargeStackRequest): Promise<LargeStackReply> {
  const outfile = join(ROOT, 'node_modules', '.cache', 'spec-harness-eval-test', 'large-stack-worker.js');
  await build({
    entryPoints: [join(__dirname, 'large-stack-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['tree-sitter', 'tree-sitter-rust'],
    logLevel: 'error',
    mainFields: ['module', 'main'],
  });
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(outfile, { workerData: request, resourceLimits: { stackSizeMb: LARGE_STACK_SIZE_MB } });
    worker.once('message', (reply: LargeStackReply) => resolvePromise(reply));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker exited with ${code} before replying`)));
  });
}
