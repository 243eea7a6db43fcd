// Property tests run at a small size in the fast tier (`npm test`) and at full size in the slow tier
// (`npm run test:slow`, whose vitest project sets SPEC_HARNESS_PROPERTY_SIZE=full): the same properties and seeds,
// fewer generated cases.

const FAST_TIER_DIVISOR = 10;

/** How many cases a property test runs: `fullRuns` in the slow tier, a tenth of it (at least one) in the fast tier. */
export function propertyRuns(fullRuns: number): number {
  if (process.env['SPEC_HARNESS_PROPERTY_SIZE'] === 'full') return fullRuns;
  return Math.max(1, Math.ceil(fullRuns / FAST_TIER_DIVISOR));
}
