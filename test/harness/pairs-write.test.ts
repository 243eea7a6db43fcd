// Pairs files on disk: `pairs` never loses an entry saved while it runs, never writes through a planted symlink,
// refuses targets that are not regular files, and `check` never hangs on or swallows a FIFO or a device.

import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, statSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { runPairsCommand } from '../../server/src/cli/pairs-command';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';
import { readPairsFile } from '../../server/src/host';

afterAll(removeTempDirs);

const SOURCE = path.join(__dirname, '../fixtures/pairs/abs.rs');
const HAND =
  '{\n  "version": 1,\n  "functions": {\n    "abs": {\n      "pairs": [\n        { "input": { "x": 77 }, "output": 77 }\n      ]\n    }\n  }\n}\n';

/** A fresh folder holding abs.rs (and abs.pairs.json when given). */
function workspace(pairsText?: string): { dir: string; pairs: string } {
  const dir = tempDir('pairs-write-');
  copyFileSync(SOURCE, path.join(dir, 'abs.rs'));
  const pairs = path.join(dir, 'abs.pairs.json');
  if (pairsText !== undefined) writeFileSync(pairs, pairsText);
  return { dir, pairs };
}

async function pairs(dir: string, hooks?: { beforeReplace: () => Promise<void> }): Promise<{ code: number; out: string; err: string }> {
  const io = { ...captureIo(dir), ...(hooks === undefined ? {} : { pairsWriteHooks: hooks }) };
  const code = await runPairsCommand(['abs.rs', '--count', '2', '--invalid', '1'], io);
  return { code, out: io.out(), err: io.err() };
}

describe('spec-harness pairs writes safely', () => {
  it('keeps an entry saved to the pairs file while it ran (merges again from the new text)', async () => {
    const { dir, pairs: file } = workspace(HAND);
    const typed = HAND.replace(
      '{ "input": { "x": 77 }, "output": 77 }',
      '{ "input": { "x": 77 }, "output": 77 },\n        { "input": { "x": -5 }, "output": 5 }',
    );
    const result = await pairs(dir, { beforeReplace: async () => writeFileSync(file, typed) });
    expect(result.code).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('{ "input": { "x": -5 }, "output": 5 }');
    expect(written).toContain('"origin": "generated"');
  });

  it('never writes through symlinks planted at temporary names', async () => {
    const { dir, pairs: file } = workspace(HAND);
    const outside = path.join(tempDir('outside-'), 'victim.txt');
    writeFileSync(outside, 'precious\n');
    // The names a predictable writer would use next: `.abs.pairs.json.<pid>.tmp` for this and nearby process ids.
    for (let pid = process.pid - 5; pid <= process.pid + 5; pid++) symlinkSync(outside, path.join(dir, `.abs.pairs.json.${pid}.tmp`));
    const result = await pairs(dir);
    expect(result.code).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(readFileSync(file, 'utf8')).toContain('"origin": "generated"');
  });

  it('refuses a pairs path that is a symlink, and leaves its target alone', async () => {
    const { dir, pairs: file } = workspace();
    const outside = path.join(tempDir('outside-'), 'victim.json');
    writeFileSync(outside, HAND);
    symlinkSync(outside, file);
    const result = await pairs(dir);
    expect(result.code).toBe(2);
    expect(result.err).toBe('spec-harness pairs: abs.pairs.json: refusing to write it: it is a symbolic link, not a regular file\n');
    expect(readFileSync(outside, 'utf8')).toBe(HAND);
  });

  it('refuses a duplicate function entry, naming both places, and writes nothing', async () => {
    const text =
      '{"version":1,"functions":{"abs":{"pairs":[{"input":{"x":77},"output":77}]},\n"abs":{"pairs":[{"input":{"x":1},"output":1}]}}}';
    const { dir, pairs: file } = workspace(text);
    const result = await pairs(dir);
    expect(result.code).toBe(2);
    expect(result.err).toBe('spec-harness pairs: abs.pairs.json: duplicate key "abs" at 1:27 and 2:1; keep one before regenerating\n');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('accepts a byte-order mark and CRLF line endings, and keeps both', async () => {
    const { dir, pairs: file } = workspace(`\uFEFF${HAND.replace(/\n/g, '\r\n')}`);
    expect((await pairs(dir)).code).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written.startsWith('\uFEFF{\r\n  "version": 1,\r\n')).toBe(true);
    expect(written).not.toMatch(/[^\r]\n/);
    expect(written).toContain('        { "input": { "x": 77 }, "output": 77 },\r\n');
  });

  it('keeps the permissions of the file it replaces', async () => {
    const { dir, pairs: file } = workspace(HAND);
    chmodSync(file, 0o600);
    expect((await pairs(dir)).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('removes temporary files left by a process that was killed mid-write', async () => {
    const { dir } = workspace(HAND);
    const leftover = path.join(dir, '.abs.pairs.json.999999999-0123456789abcdef.spec-harness.tmp');
    writeFileSync(leftover, '{"half');
    expect((await pairs(dir)).code).toBe(0);
    expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('reading pairs files is bounded', () => {
  async function check(dir: string): Promise<{ code: number; err: string }> {
    const io = captureIo(dir);
    const code = await runCli(['check', 'abs.rs'], io);
    return { code, err: io.err() };
  }

  it('refuses a FIFO instead of waiting on it', async () => {
    const { dir, pairs: file } = workspace();
    execFileSync('mkfifo', [file]);
    expect(await check(dir)).toEqual({
      code: 2,
      err: "spec-harness check: cannot read 'abs.pairs.json': it is a FIFO, not a regular file\n",
    });
  });

  it('refuses a symlink to a device instead of reading it without end', async () => {
    const { dir, pairs: file } = workspace();
    symlinkSync('/dev/zero', file);
    expect(await check(dir)).toEqual({
      code: 2,
      err: "spec-harness check: cannot read 'abs.pairs.json': it is a device, not a regular file\n",
    });
  });

  it('refuses a file over the size cap with the setting that raises it', async () => {
    const { pairs: file } = workspace(HAND);
    expect(await readPairsFile(file, 16)).toEqual({
      kind: 'error',
      error: 'it is larger than the 0 MB allowed for a pairs file (set SPEC_HARNESS_MAX_PAIRS_MB to raise the limit)',
    });
    expect(await readPairsFile(file, 1024)).toEqual({ kind: 'text', text: HAND });
  });

  it('writes no file the reader would refuse, and keeps the one there', async () => {
    const { dir, pairs: file } = workspace(HAND);
    const generated = await runCliWithSizeCap(dir, '0.0002');
    expect(generated.code).not.toBe(0);
    expect(generated.err).toContain(
      'abs.pairs.json: nothing written: the new text is larger than the 0 MB allowed for a pairs file (set SPEC_HARNESS_MAX_PAIRS_MB to raise the limit)',
    );
    expect(readFileSync(file, 'utf8')).toBe(HAND);
  });
});

/** `pairs abs.rs` with SPEC_HARNESS_MAX_PAIRS_MB set for the run. */
async function runCliWithSizeCap(dir: string, megabytes: string): Promise<{ code: number; err: string }> {
  const saved = process.env['SPEC_HARNESS_MAX_PAIRS_MB'];
  process.env['SPEC_HARNESS_MAX_PAIRS_MB'] = megabytes;
  try {
    const result = await pairs(dir);
    return { code: result.code, err: result.err };
  } finally {
    if (saved === undefined) delete process.env['SPEC_HARNESS_MAX_PAIRS_MB'];
    else process.env['SPEC_HARNESS_MAX_PAIRS_MB'] = saved;
  }
}
