// Binary files named `.rs` are not Rust source files: a file with a NUL byte or bytes that are not UTF-8 is refused
// as `x.rs: not a text file (binary content at byte N)` before anything parses it (2 MB of random bytes took 33 s
// to parse and reported nothing useful), while the text files of the same run are read as before.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';
import { firstBinaryByte } from '../../server/src/host/source-text';
import { createRng } from '../../server/src/stdx';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

const GOOD_RS = 'verus! { fn id(x: u8) -> (r: u8) ensures r == x { x } }\n';
const GOOD_PAIRS = '{"version": 1, "functions": {"id": {"pairs": [{"input": {"x": 3}, "output": 3}]}}}\n';

/** 64 KB of seeded random bytes; the first NUL or invalid UTF-8 byte comes early, wherever the seed puts it. */
function randomBytes(): Buffer {
  const rng = createRng(7);
  return Buffer.from(Array.from({ length: 64 * 1024 }, () => rng.below(256)));
}

/** A folder with the good file, its pairs file and `x.rs` holding `binary`. */
function folderWith(binary: Buffer): string {
  const dir = tempDir('binary-source-');
  writeFileSync(join(dir, 'good.rs'), GOOD_RS);
  writeFileSync(join(dir, 'good.pairs.json'), GOOD_PAIRS);
  writeFileSync(join(dir, 'x.rs'), binary);
  return dir;
}

async function run(cwd: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('the rule: no NUL byte, and valid UTF-8', () => {
  it.each<[string, Buffer, number | undefined]>([
    ['ASCII text', Buffer.from('fn main() {}\n'), undefined],
    ['UTF-8 text with a byte-order mark, accents and an emoji', Buffer.from('\uFEFF// é 🦀\n'), undefined],
    ['a replacement character written in the file', Buffer.from('// \uFFFD\n'), undefined],
    ['a NUL byte', Buffer.from('fn\0main'), 2],
    ['a byte that starts no UTF-8 sequence', Buffer.from([0x61, 0x62, 0xff, 0x63]), 2],
    ['a sequence cut short at the end', Buffer.from([0x61, 0xc3]), 1],
    ['Latin-1 after a written replacement character', Buffer.concat([Buffer.from('\uFFFD é '), Buffer.from([0xe9])]), 7],
    ['an invalid byte before a NUL', Buffer.from([0x61, 0x80, 0x00]), 1],
    ['a NUL before an invalid byte', Buffer.from([0x61, 0x00, 0x80]), 1],
  ])('%s', (_, bytes, expected) => {
    expect(firstBinaryByte(bytes)).toBe(expected);
  });
});

describe('a binary .rs file beside a good one', () => {
  const bytes = randomBytes();
  const binaryAt = firstBinaryByte(bytes);

  it('is reported by check as not a text file, at its first binary byte, and the good file is still scored', async () => {
    expect(binaryAt).toBeLessThan(16);
    const { code, out, err } = await run(folderWith(bytes), 'check', '.', '--json');
    expect(err).toBe(`spec-harness check: x.rs: not a text file (binary content at byte ${binaryAt})\n`);
    expect(code).toBe(2);
    const report = JSON.parse(out) as { files: { path: string; functions: { status: string }[] }[] };
    expect(report.files.map((file) => file.path)).toEqual(['good.rs']);
    expect(report.files[0]?.functions.every((fn) => fn.status === 'scored')).toBe(true);
  });

  it('is reported by pairs after the good file got its pairs', async () => {
    const { code, out, err } = await run(folderWith(bytes), 'pairs', '.');
    expect(out).toContain('wrote good.pairs.json');
    expect(err).toBe(`spec-harness pairs: x.rs: not a text file (binary content at byte ${binaryAt})\n`);
    expect(code).toBe(2);
  });
});
