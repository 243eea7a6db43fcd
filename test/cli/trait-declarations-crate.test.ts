// A trait declared in one file of a crate and implemented in others (the persistent-memory crates' pattern): each
// bodiless declaration is scored under its own name at one impl, the volatile mock rather than the file-backed
// region whose state is hidden, the impls' methods are held to the declarations' contracts, and a declaration whose
// trait has no impl says so.

import { cpSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';
import { isRecord } from '../../server/src/stdx';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

const REGIONS = path.join(__dirname, '..', 'fixtures', 'crates', 'regions');

async function run(cwd: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const io = captureIo(cwd);
  const code = await runCli(args, io);
  return { code, out: io.out() };
}

interface Measured {
  readonly status: unknown;
  readonly post: unknown;
  readonly self: unknown;
  readonly reason: unknown;
}

function measuredFunctions(json: string): Record<string, Measured> {
  const report: unknown = JSON.parse(json);
  const out: Record<string, Measured> = {};
  const files = isRecord(report) && Array.isArray(report['files']) ? (report['files'] as unknown[]) : [];
  for (const file of files.filter(isRecord)) {
    for (const fn of (Array.isArray(file['functions']) ? (file['functions'] as unknown[]) : []).filter(isRecord)) {
      const scores = isRecord(fn['scores']) ? fn['scores'] : {};
      const instantiation = isRecord(fn['instantiation']) ? fn['instantiation'] : {};
      out[String(fn['qualifiedName'])] = {
        status: fn['status'],
        post: scores['postCompleteness'],
        self: instantiation['Self'],
        reason: fn['reason'],
      };
    }
  }
  return out;
}

describe('trait declarations across the files of a crate', () => {
  it('are measured at the mock impl, weak ones flagged, and one without an impl says why', async () => {
    const dir = tempDir('trait-crate-');
    cpSync(REGIONS, dir, { recursive: true });
    expect((await run(dir, 'pairs', 'src')).code).toBe(0);
    const checked = await run(dir, 'check', '--json', 'src');
    expect(checked.code).toBe(0);
    const functions = measuredFunctions(checked.out);
    expect(functions['Region::size']).toMatchObject({ status: 'scored', post: 1, self: 'MockRegion' });
    expect(functions['Region::read']).toMatchObject({ status: 'scored', post: 1, self: 'MockRegion' });
    const write = functions['Region::write'];
    expect(write).toMatchObject({ status: 'scored', self: 'MockRegion' });
    expect(write?.post).toBeLessThan(1);
    // The mock's own methods are held to the declarations in region.rs: run inside their `requires`, scored by their
    // `ensures`.
    expect(functions['MockRegion::read']).toMatchObject({ status: 'scored', post: 1 });
    expect(functions['MockRegion::write']?.post).toBeLessThan(1);
    expect(functions['Clock::now']).toMatchObject({ status: 'unsupported' });
    expect(String(functions['Clock::now']?.reason)).toContain('no impl of Clock');
  });

  it("names the impl in the text report's details", async () => {
    const dir = tempDir('trait-crate-text-');
    cpSync(REGIONS, dir, { recursive: true });
    await run(dir, 'pairs', 'src');
    const checked = await run(dir, 'check', 'src');
    expect(checked.out).toMatch(/Region::write:\n\s+measured at Self = MockRegion\n\s+accepts \d+ of \d+ wrong outputs/);
  });
});
