// The crate's own `macro_rules!` macros (test/fixtures/systems/macros.rs, reduced from verified projects): calls
// are expanded where they are used, in constants, exec bodies and contracts, so each function gets pairs from its
// own implementation and is scored; a call no rule matches leaves its function unscored with the reason.

import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import { buildCrateModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { report: REPORT, fn } = scoreSystemsFixture('macros.rs');

describe('user macros', () => {
  it('expands a macro in an exec body and in the contract, an expression argument staying one operand', () => {
    expect(fn('flag_set')).toMatchObject(EXACT);
  });

  it('expands the macro calls inside an expansion', () => {
    expect(fn('l1_index')).toMatchObject(EXACT);
  });

  it('expands macros in a constant the function reads', () => {
    expect(fn('clear_dirty')).toMatchObject(EXACT);
  });

  it('picks the first rule that matches, repeats `$( .. ),+`, and keeps the macro’s locals apart from the caller’s names', () => {
    expect(fn('max3')).toMatchObject(EXACT);
  });

  it('says which macro could not be expanded, and why', () => {
    expect(fn('unmatched')).toMatchObject({
      status: 'no-pairs',
      reason: expect.stringContaining(
        'cannot be run: macro `only_pairs!` cannot be expanded: no rule of `only_pairs!` matches its arguments (line 78)',
      ),
    });
  });

  it('expands a macro defined in another file of the crate (`pub(crate) use bit;` there)', () => {
    const defs = 'verus! {\nmacro_rules! bit { ($v:expr) => { 1u64 << $v } }\npub(crate) use bit;\n}\n';
    const user = [
      'use crate::defs::bit;',
      'verus! {',
      'fn low_bit(i: u64) -> (r: u64)',
      '    requires i < 8,',
      '    ensures r == bit!(i),',
      '{ bit!(i) }',
      '}',
    ].join('\n');
    const crate = buildCrateModel([
      { path: 'defs.rs', displayName: 'src/defs.rs', source: parseSourceFile(defs), modulePath: ['defs'] },
      { path: 'user.rs', displayName: 'src/user.rs', source: parseSourceFile(user), modulePath: ['user'] },
    ]);
    const model = crate.files.get('user.rs');
    if (model === undefined) throw new Error('no model for user.rs');
    const pairs = generatePairsText(model, null, { count: 8, invalidCount: 4, seed: 1 });
    if (!pairs.ok) throw new Error(pairs.error);
    const report = checkFileSync({ path: 'user.rs', text: user, pairsPath: null, pairsText: pairs.text, model }, DEFAULT_CHECK_OPTIONS);
    expect(report.functions[0]).toMatchObject({ ...EXACT, counts: { pairs: 8 } });
  });

  it('reads a macro definition without a syntax error', () => {
    expect(REPORT.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });
});

describe('item-level macro calls (test/fixtures/systems/item-macros.rs)', () => {
  const items = scoreSystemsFixture('item-macros.rs');

  it('knows an enum a macro writes from `#[tag = ..]` variants, its `$vis`, and its groups of fields', () => {
    expect(items.fn('seqno_of')).toMatchObject({ ...EXACT, counts: { pairs: 20 } });
  });

  it('knows a trait impl a macro writes for a type (`impl_limit_for!(Window, 100)`)', () => {
    expect(items.fn('clamp')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(items.fn('clamp').unsupported).toEqual([]);
  });

  it('scores only the functions written in the file, never the ones an expansion holds', () => {
    expect(items.report.functions.map((report) => report.qualifiedName)).toEqual(['seqno_of', 'clamp']);
    expect(items.report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });
});
