// `#[verifier::type_invariant]`: a value that violates its type's invariant cannot exist, so check sets aside
// the pairs whose inputs violate one (a verified ensures may reject them) and generation never writes them.

import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import { DEFAULT_GENERATE_OPTIONS, generateForFunction } from '../../server/src/harness/generate';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const SATURATING = `use vstd::prelude::*;
verus! {
pub struct Saturating { i: Ghost<int>, v: u64 }
impl View for Saturating {
    type V = int;
    closed spec fn view(&self) -> int { self.i@ }
}
impl Saturating {
    #[verifier::type_invariant]
    spec fn well_formed(self) -> bool {
        if self.i@ > u64::MAX { self.v == u64::MAX } else { self.v == self.i }
    }
    pub fn unwrap(&self) -> (result: u64)
        ensures if result < u64::MAX { self@ == result } else { self@ >= u64::MAX },
    {
        proof { use_type_invariant(self) }
        self.v
    }
}
}
`;

function unwrapReport(pairs: readonly unknown[]) {
  const pairsText = JSON.stringify({ version: 1, functions: { 'Saturating::unwrap': { pairs } } });
  const report = checkFileSync({ path: 'f.rs', text: SATURATING, pairsPath: 'f.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
  return report.functions.find((fn) => fn.qualifiedName === 'Saturating::unwrap');
}

describe('type invariants', () => {
  it('check scores only the pairs whose inputs satisfy the invariant', () => {
    const report = unwrapReport([
      { input: { self: { i: 5, v: 5 } }, output: 5 },
      { input: { self: { i: 37, v: 28 } }, output: 28 },
    ]);
    expect(report?.rejectedPairs).toEqual([]);
    expect(report?.counts.pairs).toBe(1);
    expect(report?.scores.postCorrectness).toBe(1);
  });

  it('generation writes no pair whose input violates the invariant', () => {
    const model = buildFileModel(parseSourceFile(SATURATING));
    const unwrap = model.functions.find((fn) => fn.qualifiedName === 'Saturating::unwrap');
    expect(unwrap).toBeDefined();
    if (unwrap === undefined) return;
    const generated = generateForFunction(model, unwrap, DEFAULT_GENERATE_OPTIONS);
    expect(generated.pairs.length).toBeGreaterThan(0);
    const wellFormed = generated.pairs.every((pair) => {
      const self = pair.inputs.get('self');
      if (self?.kind !== 'struct') return false;
      const field = (name: string) => self.fields.find(([fieldName]) => fieldName === name)?.[1];
      const [i, v] = [field('i'), field('v')];
      return i?.kind === 'int' && v?.kind === 'int' && v.value === (i.value > 18446744073709551615n ? 18446744073709551615n : i.value);
    });
    expect(wellFormed).toBe(true);
  });
});

// Reduced from a checked-integer library: the types and their invariants are written by an item-level macro.
const CHECKED = `use vstd::prelude::*;
macro_rules! checked_gen {
    ($uty:ty, $cty:ident, $max:expr) => {
        verus! {
        pub struct $cty { i: Ghost<int>, v: Option<$uty> }
        impl View for $cty {
            type V = int;
            closed spec fn view(&self) -> int { self.i@ }
        }
        impl $cty {
            #[verifier::type_invariant]
            spec fn well_formed(self) -> bool {
                match self.v { Some(v) => self.i@ == v as int, None => self.i@ > ($max as int) }
            }
        }
        }
    };
}
checked_gen!(u8, CheckedU8, u8::MAX);
verus! {
impl CheckedU8 {
    pub fn is_overflow(&self) -> (overflow: bool)
        ensures overflow == (self@ > u8::MAX as int),
    {
        proof { use_type_invariant(self); }
        self.v.is_none()
    }
}
}
`;

describe('a type invariant an item-level macro writes', () => {
  it('keeps out the inputs that violate it: pairs are made, and none is rejected by the verified ensures', () => {
    const generated = generatePairsText(buildFileModel(parseSourceFile(CHECKED)), null, { count: 10, invalidCount: 0, seed: 1 });
    if (!generated.ok) throw new Error(generated.error);
    const report = checkFileSync(
      { path: 'f.rs', text: CHECKED, pairsPath: 'f.pairs.json', pairsText: generated.text },
      DEFAULT_CHECK_OPTIONS,
    );
    const fn = report.functions.find((candidate) => candidate.qualifiedName === 'CheckedU8::is_overflow');
    expect(fn?.counts.pairs).toBeGreaterThan(0);
    expect(fn?.rejectedPairs).toEqual([]);
  });
});
