// The `verify` tool's grade of a verus run, as the Spec-Harness paper grades an agent's attempt: 1.0 verified;
// 0.3 exactly one verification error and no compile error; 0.1 two or more; 0.0 a compile error or no output.
import { describe, expect, it } from 'vitest';
import { gradeVerusRun } from '../../server/src/backends';

const FILE = 'src/double.rs';

function diagnostic(message: string, line: number, code: string | null = null): string {
  const span = {
    file_name: FILE,
    byte_start: 0,
    byte_end: 10,
    line_start: line,
    line_end: line,
    column_start: 5,
    column_end: 30,
    is_primary: true,
    text: [],
    label: 'failed this postcondition',
  };
  return JSON.stringify({
    message,
    code: code === null ? null : { code },
    level: 'error',
    spans: [span],
    children: [],
    rendered: `error: ${message}\n`,
  });
}

function summary(verified: number, errors: number): string {
  return JSON.stringify({
    'verification-results': { encountered_error: errors > 0, encountered_vir_error: false, success: errors === 0, verified, errors },
  });
}

function grade(stderr: readonly string[], stdout: string, exitCode: number | undefined) {
  const graded = gradeVerusRun(stderr.join('\n'), stdout, exitCode);
  return { score: graded.score, kinds: graded.errors.map((error) => error.kind) };
}

describe('gradeVerusRun', () => {
  it('gives 1.0 to a file that verifies', () => {
    expect(grade([], summary(3, 0), 0)).toEqual({ score: 1, kinds: [] });
  });

  it('gives 0.3 to exactly one verification error and 0.1 to two or more', () => {
    expect(grade([diagnostic('postcondition not satisfied', 9)], summary(2, 1), 1)).toEqual({ score: 0.3, kinds: ['verification'] });
    const two = [diagnostic('postcondition not satisfied', 9), diagnostic('invariant not satisfied at end of loop body', 20)];
    expect(grade(two, summary(1, 2), 1)).toEqual({ score: 0.1, kinds: ['verification', 'verification'] });
  });

  it('gives 0.0 to a compile error, even beside verification errors, and to a run with no output', () => {
    expect(grade([diagnostic('mismatched types', 12, 'E0308'), diagnostic('assertion failed', 14)], '', 1)).toEqual({
      score: 0,
      kinds: ['compile', 'verification'],
    });
    expect(grade([diagnostic('expected one of `,` or `}`, found `ensures`', 7)], '', 1)).toEqual({ score: 0, kinds: ['compile'] });
    expect(grade([], '', 101)).toEqual({ score: 0, kinds: [] });
  });
});
