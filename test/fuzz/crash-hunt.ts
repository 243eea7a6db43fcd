// The crash hunt's property, shared by the fast tier (a few dozen variants) and the slow tier (thousands): on any
// variant of a real Verus file, no stage throws, the generated entries always merge, and the check reports on
// exactly the scorable functions, in source order.

import fc from 'fast-check';
import { expect } from 'vitest';
import { runPipeline } from './pipeline';
import { fuzzFixtures, variantArbitrary, variantText } from './variants';

export function assertPipelineSurvives(numRuns: number, seed: number): void {
  fc.assert(
    fc.property(variantArbitrary(fuzzFixtures()), (variant) => {
      const outcome = runPipeline(variantText(variant), variant.fixture.pairsText);
      expect(outcome.fileInternalError).toBeUndefined();
      expect(outcome.mergedIntoNothing).toBe(true);
      expect(outcome.reported).toEqual(outcome.scorable);
    }),
    { numRuns, seed },
  );
}
