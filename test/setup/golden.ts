// Reviewed goldens: a golden file is compared, never written, unless UPDATE_GOLDEN=1 asks for it; a missing golden
// fails the test (in CI as anywhere), so a golden only ever appears through a reviewed diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

export function expectGolden(goldenPath: string, actual: string): void {
  if (process.env['UPDATE_GOLDEN'] === '1') {
    writeFileSync(goldenPath, actual);
    return;
  }
  if (!existsSync(goldenPath)) expect.fail(`golden ${goldenPath} is missing: run with UPDATE_GOLDEN=1 and review the new file`);
  expect(actual).toBe(readFileSync(goldenPath, 'utf8'));
}
