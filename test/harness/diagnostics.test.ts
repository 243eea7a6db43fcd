// Report diagnostics: where each one sits and how it reads (shared by the CLI and the editor).

import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';
import type { ReportDiagnostic } from '../../server/src/harness';

/** Checks `source` (with `$0`-free plain text) and returns its diagnostics with the text each range covers. */
function diagnose(source: string, functions: unknown, pairsText?: string): (ReportDiagnostic & { readonly covers: string })[] {
  const text = `verus! {\n${source}\n}\n`;
  const pairs = pairsText ?? JSON.stringify({ version: 1, functions });
  const report = checkFileSync({ path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText: pairs }, DEFAULT_CHECK_OPTIONS);
  const lines = text.split('\n');
  return report.diagnostics.map((d) => ({
    ...d,
    covers:
      d.file === 'source' && d.range.start.line === d.range.end.line
        ? (lines[d.range.start.line] ?? '').slice(d.range.start.character, d.range.end.character)
        : '',
  }));
}

const MAX_OF_WEAK = `fn max_of(a: &Vec<i32>) -> (r: i32)
    requires a.len() > 0,
    ensures forall|i: int| 0 <= i < a.len() ==> a[i] <= r,
{ a[0] }`;

describe('diagnostics on the source', () => {
  it('put weak-postcondition on the ensures, naming an accepted wrong output and the share that slips through', () => {
    const [weak] = diagnose(MAX_OF_WEAK, { max_of: { pairs: [{ input: { a: [1, 5, 3] }, output: 5 }] } }).filter(
      (d) => d.code === 'weak-postcondition',
    );
    expect(weak?.severity).toBe('warning');
    expect(weak?.covers).toBe('forall|i: int| 0 <= i < a.len() ==> a[i] <= r');
    expect(weak?.message).toMatch(
      /^accepts max_of\(\[1, 5, 3\]\) = \d+; \d+ of \d+ wrong outputs slip through \(PostComp 0\.\d\d\)(; e\.g\. .*which the ensures accepts)?$/,
    );
  });

  it('put rejects-correct-output on the exact clause that rejects the pair', () => {
    const source = `fn clip(x: u8) -> (r: u8)
    ensures r <= x, r < 100,
{ if x < 100 { x } else { 99 } }`;
    const found = diagnose(source, {
      clip: {
        pairs: [
          { input: { x: 150 }, output: 99 },
          { input: { x: 100 }, output: 100 },
        ],
      },
    });
    const rejecting = found.filter((d) => d.code === 'rejects-correct-output');
    expect(rejecting.map((d) => [d.covers, d.message])).toEqual([
      ['r < 100', 'rejects the correct output clip(100) = 100 (clause 2) (PostCorr 0.50)'],
    ]);
  });

  it('put rejects-valid-input on the requires clause and admits-invalid-input on the requires, with the panic reason', () => {
    const source = `fn pick(a: &Vec<u8>, i: usize) -> (r: u8)
    requires i < 3,
    ensures r == a[i as int],
{ a[i] }`;
    const found = diagnose(source, {
      pick: {
        pairs: [
          { input: { a: [1, 2, 3, 4], i: 3 }, output: 4 },
          { input: { a: [1], i: 0 }, output: 1 },
        ],
        invalid: [{ input: { a: [1], i: 2 }, reason: 'index out of bounds: the len is 1 but the index is 2' }],
      },
    });
    const rejected = found.find((d) => d.code === 'rejects-valid-input');
    expect(rejected?.covers).toBe('i < 3');
    expect(rejected?.message).toBe('rejects the valid input pick([1, 2, 3, 4], 3), which the code handles (clause 1) (PreCorr 0.50)');
    const admitted = found.find((d) => d.code === 'admits-invalid-input');
    expect(admitted?.covers).toBe('i < 3');
    expect(admitted?.message).toBe(
      'admits the invalid input pick([1], 2) (index out of bounds: the len is 1 but the index is 2); 1 of 1 invalid inputs admitted (PreComp 0.00)',
    );
  });

  it('report indeterminate verdicts as information on the function name', () => {
    const source = `fn get(a: &Vec<u8>) -> (r: u8) ensures r == a[3], { a[0] }`;
    const found = diagnose(source, { get: { pairs: [{ input: { a: [7] }, output: 7 }] } });
    const info = found.find((d) => d.code === 'indeterminate');
    expect(info?.severity).toBe('information');
    expect(info?.covers).toBe('get');
    expect(info?.message).toMatch(/^\d+ verdicts? indeterminate \(not counted in the scores\): /);
  });

  it('report a function without pairs as information, saying what the quick fix will do', () => {
    const found = diagnose(`fn f(x: u8) -> (r: u8) ensures r == x, { x }`, {});
    expect(found.map((d) => [d.code, d.severity, d.covers, d.message])).toEqual([
      [
        'no-pairs',
        'information',
        'f',
        'no pairs for `f`: the quick fix generates up to 20 inputs inside the `requires` and writes them to f.pairs.json, keeping existing entries (or run `spec-harness pairs`)',
      ],
    ]);
  });

  it('give nothing for a contract that scores 1 everywhere', () => {
    const source = `fn f(x: u8) -> (r: u8) requires x < 10, ensures r == x + 1, { x + 1 }`;
    expect(diagnose(source, { f: { pairs: [{ input: { x: 1 }, output: 2 }], invalid: [{ input: { x: 200 } }] } })).toEqual([]);
  });
});

describe('diagnostics on the pairs file', () => {
  it('carry file "pairs" and code pairs-file', () => {
    const found = diagnose(`fn f(x: u8) -> (r: u8) ensures r == x, { x }`, undefined, '{ "version": 1, "functions": { "g": {} } }');
    expect(found.find((d) => d.file === 'pairs')).toMatchObject({
      code: 'pairs-file',
      severity: 'error',
      range: { start: { line: 0, character: 31 } },
    });
  });
});
