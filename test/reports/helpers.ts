// Shared by the report tests: run `spec-harness check` in process, and the published schemas as validators.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { runCli } from '../../server/src/cli/main';
import { captureIo } from '../../server/src/cli/io';

export const ROOT = join(__dirname, '..', '..');
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'reports');

export async function check(cwd: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  const code = await runCli(['check', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** Stryker's mutation-testing-report-schema 3.8.4 (draft-07), as the package ships it. */
export function mutationReportValidator(): ValidateFunction {
  const schema = JSON.parse(
    readFileSync(require.resolve('mutation-testing-report-schema/mutation-testing-report-schema.json'), 'utf8'),
  ) as object;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** The official SARIF 2.1.0 schema (OASIS errata01, draft-04), a copy under test/fixtures/reports. */
export function sarifValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(FIXTURES, 'sarif-schema-2.1.0.json'), 'utf8')) as object;
  const ajv = new AjvDraft04({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}
