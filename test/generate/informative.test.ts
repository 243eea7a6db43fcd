// Generated pairs prefer inputs on which the ensures is decided: a pair on which it stays undecided for a reason
// no solver takes up (the step budget, deep recursion) measures nothing, so such inputs only fill places no
// other input takes.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { DEFAULT_GENERATE_OPTIONS, ensuresVerdict, generateForFunction } from '../../server/src/harness/generate';

const model = buildFileModel(parseSourceFile(readFileSync(path.join(__dirname, '../fixtures/generate/informative.rs'), 'utf8')));

function ensuresKinds(name: string): string[] {
  const fn = model.functions.find((f) => f.name === name);
  if (fn === undefined) throw new Error(`no fn ${name}`);
  const generated = generateForFunction(model, fn, DEFAULT_GENERATE_OPTIONS);
  return generated.pairs.map((pair) => ensuresVerdict(model.scope, fn, pair, DEFAULT_GENERATE_OPTIONS.specStepBudget).kind);
}

describe('generated pairs', () => {
  it('are inputs on which the ensures is decided when there are enough of them', () => {
    const kinds = ensuresKinds('tri');
    expect(kinds).toHaveLength(DEFAULT_GENERATE_OPTIONS.count);
    expect(kinds.every((kind) => kind === 'holds')).toBe(true);
  });

  it('fall back to inputs on which it is undecided when no other input satisfies the requires', () => {
    const kinds = ensuresKinds('tri_large');
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((kind) => kind === 'indeterminate')).toBe(true);
  });
});
