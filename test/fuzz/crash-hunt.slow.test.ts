// Slow tier of the crash hunt: the fast tier's property (test/fuzz/crash-hunt.ts) on thousands of variants, with
// seeds of its own so the two tiers cover different variants.

import { describe, it } from 'vitest';
import { assertPipelineSurvives } from './crash-hunt';

const VARIANTS_PER_SEED = 1_000;

describe('the crash hunt, slow tier', () => {
  it.each([1, 2, 3])(
    'survives %i000 variants more: nothing throws and every scorable function is reported',
    (seed) => assertPipelineSurvives(VARIANTS_PER_SEED, seed),
    // Generous: a hang (a loop the step budgets miss) fails here instead of running forever.
    3_600_000,
  );
});
