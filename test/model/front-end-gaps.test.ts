// Forms seen on verified third-party Verus code: each fn of front-end-gaps.rs is found with its whole contract,
// scored with every verdict decided, and generated the way Verus checked it (dead cfg code skipped, inputs that
// violate an exec `assume` neither pairs nor invalid, no entry for a fn without a contract).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, DEFAULT_GENERATE_OPTIONS, generatePairsText } from '../../server/src/harness';
import { generateForFunction } from '../../server/src/harness/generate';
import { buildFileModel } from '../../server/src/model';
import { flattenUseTree } from '../../server/src/model/use-tree';
import { parseSourceFile } from '../../server/src/syntax';

const text = readFileSync(join(__dirname, '..', 'fixtures', 'model', 'front-end-gaps.rs'), 'utf8');
const file = parseSourceFile(text);
const model = buildFileModel(file);
const fnNamed = (name: string) => model.functions.find((fn) => fn.qualifiedName === name);

describe('the front end on front-end-gaps.rs', () => {
  it('parses without errors', () => {
    expect(file.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('reads contracts after a fn-level `by (nonlinear_arith)` / `by (bit_vector)`', () => {
    expect(fnNamed('mul_nl')?.requires.map((c) => c.text)).toEqual(['a < 100', 'b < 100']);
    expect(fnNamed('bv')?.ensures.map((c) => c.text)).toEqual(['r == a & 0xff']);
  });

  it('reads an ensures clause written as a block, and contextual keywords as names', () => {
    expect(fnNamed('block_ensures')?.ensures.map((c) => c.text)).toEqual(['{ let y = x + 1; r == y }']);
    expect(fnNamed('keywords')?.params.map((p) => p.name)).toEqual(['closed', 'open', 'spec', 'tracked', 'ghost']);
  });

  it('skips items under a false #[cfg]', () => {
    expect(fnNamed('dead')).toBeUndefined();
    expect(fnNamed('tests::t')).toBeUndefined();
    expect(model.functions.filter((fn) => fn.qualifiedName === 'S::g')).toHaveLength(1);
  });

  it('reads `use` trees: names, renames, `self` in a group and globs, nested groups included', () => {
    expect(flattenUseTree('vstd::arithmetic::power2::pow2 as p2')).toEqual([
      { kind: 'rename', name: 'p2', path: ['vstd', 'arithmetic', 'power2', 'pow2'] },
    ]);
    expect(flattenUseTree('a::{b::f as g, h, c::{self, d as e}, k::*}')).toEqual([
      { kind: 'rename', name: 'g', path: ['a', 'b', 'f'] },
      { kind: 'name', name: 'h', path: ['a', 'h'] },
      { kind: 'name', name: 'c', path: ['a', 'c'] },
      { kind: 'rename', name: 'e', path: ['a', 'c', 'd'] },
      { kind: 'glob', path: ['a', 'k'] },
    ]);
  });
});

describe('scoring and generating front-end-gaps.rs', () => {
  const generated = generatePairsText(model, null, { count: 8, invalidCount: 4, seed: 1 });
  const pairsText = generated.ok ? generated.text : '';
  const report = checkFileSync({ path: 'gaps.rs', text, pairsPath: 'gaps.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);

  it('writes no entry for a fn without a contract', () => {
    expect(generated.ok).toBe(true);
    expect(Object.keys((JSON.parse(pairsText) as { functions: object }).functions)).not.toContain('no_contract');
  });

  it('decides every verdict: upper-case names, vstd pow/pow2 through an alias, block ensures, keywords', () => {
    for (const name of ['mul_nl', 'bv', 'keywords', 'block_ensures', 'upper', 'powers', 'inc_u8', 'via_s', 'S::g']) {
      const fn = report.functions.find((f) => f.qualifiedName === name);
      expect(fn?.counts.indeterminate, name).toBe(0);
      expect(fn?.unsupported, name).toEqual([]);
      expect(fn?.scores.postCorrectness, name).toBe(1);
    }
  });

  it('runs neither the dead cfg statement (no overflow at 255) nor the dead cfg impl', () => {
    const inc = generateForFunction(model, fnNamed('inc_u8')!, DEFAULT_GENERATE_OPTIONS);
    expect(inc.invalid).toEqual([]);
    expect(
      inc.pairs.some((pair) => pair.inputs.get('n')?.kind === 'int' && (pair.inputs.get('n') as { value: bigint }).value === 255n),
    ).toBe(true);
  });

  it('classifies inputs that violate an exec assume as neither pairs nor invalid', () => {
    const generation = generateForFunction(model, fnNamed('with_assume')!, DEFAULT_GENERATE_OPTIONS);
    expect(generation.invalid).toEqual([]);
    expect(generation.violatesAssume).toBeGreaterThan(0);
    expect(generation.pairs.every((pair) => (pair.inputs.get('x') as { value: bigint }).value < 10n)).toBe(true);
  });
});
