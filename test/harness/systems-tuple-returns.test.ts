// A result destructured by a tuple pattern in the signature (test/fixtures/systems/tuple-returns.rs) parses, and its
// ensures is scored reading the parts by name.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, report } = scoreSystemsFixture('tuple-returns.rs');

describe('a result named by a tuple pattern', () => {
  it('is no syntax error', () => {
    expect(report.diagnostics.filter((diagnostic) => diagnostic.code === 'syntax')).toEqual([]);
  });

  it('binds each part for the ensures: the exact contract scores 1', () => {
    expect(fn('split_frame')).toMatchObject(EXACT);
  });

  it('and a contract that leaves the parts open is caught', () => {
    const loose = fn('split_frame_loosely');
    expect(loose.status).toBe('scored');
    expect(loose.scores.postCompleteness).toBeLessThan(1);
  });
});
