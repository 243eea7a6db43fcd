// The status bar's words: a file with nothing scored says so instead of `Harness@0.75: 0/0`.

import { describe, expect, it } from 'vitest';
import { statusText } from '../../client/src/status-text';
import type { StatusParams } from '../../server/src/lsp/protocol';

const idle = (scored: number, passing: number, functions: number = scored): StatusParams => ({
  uri: 'file:///a.rs',
  state: 'idle',
  functions,
  scored,
  passing,
  evaluated: scored,
  threshold: 0.75,
  message: null,
});

describe('status bar text', () => {
  it('nothing scored: "no contracts scored", not a 0/0 fraction', () => {
    expect(statusText(idle(0, 0)).text).toBe('$(beaker) Spec Harness: no contracts scored');
  });

  it('scored functions: Harness@t passing/scored', () => {
    expect(statusText(idle(4, 3)).text).toBe('$(beaker) Harness@0.75: 3/4');
  });

  it('functions that could not be scored count against it: passing / functions with a contract', () => {
    const text = statusText(idle(1, 1, 5));
    expect(text.text).toBe('$(beaker) Harness@0.75: 1/5');
    expect(text.tooltip).toContain('4 could not be scored');
  });

  it('a failed run with nothing scored keeps the error icon and its message', () => {
    const failed = statusText({ ...idle(0, 0), state: 'error', message: 'scoring failed: verus not found' });
    expect(failed).toEqual({ text: '$(error) Spec Harness: no contracts scored', tooltip: 'scoring failed: verus not found' });
  });

  it('scoring and not yet reported', () => {
    expect(statusText({ ...idle(0, 0), state: 'scoring' }).text).toBe('$(sync~spin) Harness@0.75: scoring…');
    expect(statusText(undefined).text).toBe('$(beaker) Spec Harness');
  });
});
