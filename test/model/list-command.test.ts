// The `list` command end to end, in process: exit codes, the JSON shape, text output and directory walking.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectRustFiles } from '../../server/src/cli/files';
import { captureIo } from '../../server/src/cli/io';
import { runCli } from '../../server/src/cli/main';

const workspace = mkdtempSync(path.join(tmpdir(), 'spec-harness-list-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function write(relative: string, text: string): void {
  const full = path.join(workspace, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const MAX_OF = `use vstd::prelude::*;
verus! {
// The block comment before requires holds a 2-unit emoji, so UTF-16 columns differ from code points.
fn max_of(a: &Vec<i32>) -> (m: i32)
    /* ∀ 🦀 */ requires a.len() > 0,
    ensures forall|i: int| 0 <= i < a.len() ==> a[i] <= m,
{ a[0] }
}
`;

write('src/max.rs', MAX_OF);
write('src/nested/b.rs', 'fn b() {}\n');
write('src/nested/notes.txt', 'not rust');
write('src/target/skipped.rs', 'fn skipped() {}\n');
write('src/node_modules/dep/skipped.rs', 'fn skipped() {}\n');
write('src/.hidden/skipped.rs', 'fn skipped() {}\n');
write('a.rs', 'fn a() {}\n');
write('dup/dup.rs', 'verus! {\nspec fn f() -> int;\nspec fn f() -> int { 1 }\n}\n');

async function list(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(workspace);
  const code = await runCli(['list', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('spec-harness list', () => {
  it('prints the exact JSON shape with 0-based UTF-16 ranges', async () => {
    const { code, out, err } = await list('--json', 'src/max.rs');
    expect([code, err]).toEqual([0, '']);
    expect(JSON.parse(out)).toEqual({
      files: [
        {
          path: 'src/max.rs',
          diagnostics: [],
          functions: [
            {
              name: 'max_of',
              qualifiedName: 'max_of',
              mode: 'exec',
              range: { start: { line: 3, character: 0 }, end: { line: 6, character: 8 } },
              params: [{ name: 'a', type: '&Vec<i32>', passing: 'ref' }],
              returnName: 'm',
              returnType: 'i32',
              requires: [{ text: 'a.len() > 0', range: { start: { line: 4, character: 24 }, end: { line: 4, character: 35 } } }],
              ensures: [
                {
                  text: 'forall|i: int| 0 <= i < a.len() ==> a[i] <= m',
                  range: { start: { line: 5, character: 12 }, end: { line: 5, character: 57 } },
                },
              ],
              hasBody: true,
            },
          ],
        },
      ],
    });
  });

  it('walks directories for .rs files, sorted, skipping target/, node_modules/ and hidden folders', async () => {
    const { code, out } = await list('--json', 'src', 'a.rs', 'src/max.rs');
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { files: { path: string }[] };
    expect(parsed.files.map((file) => file.path)).toEqual(['a.rs', 'src/max.rs', 'src/nested/b.rs']);
  });

  it('prints a readable text listing with one clause per line', async () => {
    const { code, out } = await list('src/max.rs');
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'src/max.rs',
        '  exec max_of  line 4',
        '    params:   a: &Vec<i32>',
        '    return:   m: i32',
        '    requires: a.len() > 0',
        '    ensures:  forall|i: int| 0 <= i < a.len() ==> a[i] <= m',
        '',
      ].join('\n'),
    );
  });

  it('prints diagnostics (1-based) and marks fns without a body', async () => {
    const { code, out } = await list('dup');
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'dup/dup.rs',
        "  3:9: warning: duplicate function name 'f': only the first definition is used for pairs and calls",
        '  spec f  line 2  (no body)',
        '    params:   (none)',
        '    return:   int',
        '  spec f  line 3',
        '    params:   (none)',
        '    return:   int',
        '',
      ].join('\n'),
    );
  });

  it('exits 2 with a message on a missing path, an unknown option, or no path', async () => {
    const missing = await list('--json', 'nope.rs');
    expect([missing.code, missing.out, missing.err]).toEqual([
      2,
      '',
      "spec-harness list: cannot read 'nope.rs': no such file or directory\n",
    ]);
    const unknown = await list('--bogus', 'a.rs');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--bogus');
    const none = await list('--json');
    expect([none.code, none.err.startsWith('spec-harness list: no PATH given')]).toEqual([2, true]);
  });

  it('lists a directory without Rust files as no files', async () => {
    write('empty/readme.md', '# nothing');
    const { code, out } = await list('--json', 'empty');
    expect([code, out]).toEqual([0, '{\n  "files": []\n}\n']);
  });
});

describe('collectRustFiles and readRustFile', () => {
  it('reads files without a byte-order mark, so columns match the editor', async () => {
    write('bom.rs', '\uFEFFfn bom() {}\n');
    const { out } = await list('--json', 'bom.rs');
    const parsed = JSON.parse(out) as { files: { functions: { range: { start: unknown } }[] }[] };
    expect(parsed.files[0]?.functions[0]?.range.start).toEqual({ line: 0, character: 0 });
  });

  it('returns absolute and display paths, deduplicated', async () => {
    const collected = await collectRustFiles(['a.rs', './a.rs', path.join(workspace, 'a.rs')], workspace);
    expect(collected).toEqual({ ok: true, files: [{ absolutePath: path.join(workspace, 'a.rs'), displayPath: 'a.rs' }] });
  });

  it('returns an error value for a missing path', async () => {
    expect(await collectRustFiles(['src', 'gone/'], workspace)).toEqual({
      ok: false,
      error: "cannot read 'gone/': no such file or directory",
    });
  });
});
