// One fixture of test/fixtures/systems/ through both commands, as a user runs them: `pairs` (generation from the
// implementation, no solver) and then `check` with the reasons of functions left without pairs.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileSync, DEFAULT_CHECK_OPTIONS, generatePairsText } from '../../server/src/harness';
import type { FileReport, FunctionReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

export interface ScoredFixture {
  /** The generated pairs file. */
  readonly pairsText: string;
  readonly generated: Extract<ReturnType<typeof generatePairsText>, { ok: true }>;
  readonly report: FileReport;
  /** The report of one function, by qualified name (throws when there is none). */
  readonly fn: (qualifiedName: string) => FunctionReport;
}

/** Scores expected of a function whose contract is exact: every correct pair accepted, every wrong output rejected. */
export const EXACT = { status: 'scored', scores: { postCorrectness: 1, postCompleteness: 1 } };

export function scoreSystemsFixture(name: string): ScoredFixture {
  const text = readFileSync(join(__dirname, '..', 'fixtures', 'systems', name), 'utf8');
  const generated = generatePairsText(buildFileModel(parseSourceFile(text)), null, { count: 20, invalidCount: 10, seed: 1 });
  if (!generated.ok) throw new Error(generated.error);
  const pairsPath = name.replace(/\.rs$/, '.pairs.json');
  const report = checkFileSync(
    { path: name, text, pairsPath, pairsText: generated.text },
    { ...DEFAULT_CHECK_OPTIONS, explainNoPairs: true },
  );
  const fn = (qualifiedName: string): FunctionReport => {
    const found = report.functions.find((candidate) => candidate.qualifiedName === qualifiedName);
    if (found === undefined) throw new Error(`no function ${qualifiedName}`);
    return found;
  };
  return { pairsText: generated.text, generated, report, fn };
}
