// The mutation report view's data: Stryker's mutation-testing-report-schema JSON built by reports/ from what the
// server's last run on each file left in its state (the FileReport and every mutant's verdict). No scoring here.

import { summarize } from '../harness';
import type { FileReport } from '../harness';
import { toMutationReport } from '../reports';
import type { FunctionOutcomes } from '../reports';
import { version as TOOL_VERSION } from '../../../package.json';
import type { MutationReportResult } from './protocol';
import type { ServerState } from './state';

/** One source file (`uri`) or, for null, every file the server has scored. */
export function mutationReportFor(state: ServerState, uri: string | null): MutationReportResult {
  const requested = uri === null ? state.knownSourceUris().sort() : [uri];
  const files: FileReport[] = [];
  const sources = new Map<string, string>();
  const outcomes = new Map<string, readonly FunctionOutcomes[]>();
  const uris: Record<string, string> = {};
  const unscored: string[] = [];
  for (const sourceUri of requested) {
    const file = state.existingFile(sourceUri);
    // Two workspace folders can hold files with the same relative path: the report keys files by path, so the
    // second one would overwrite the first; it is listed as unscored instead.
    if (file === undefined || file.report === null || file.reportText === null || uris[file.report.path] !== undefined) {
      unscored.push(sourceUri);
      continue;
    }
    files.push(file.report);
    sources.set(file.report.path, file.reportText);
    outcomes.set(file.report.path, file.outcomes);
    uris[file.report.path] = sourceUri;
  }
  const threshold = state.settings.threshold;
  const report = toMutationReport({ report: { files, summary: summarize(files, threshold) }, sources, outcomes, threshold, version: TOOL_VERSION });
  return { report, uris, unscored };
}
