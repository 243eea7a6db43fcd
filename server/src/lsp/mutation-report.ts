// The mutation report view's data: Stryker's mutation-testing-report-schema JSON built by reports/ from a run of the
// same engine in the score worker that keeps every mutant's verdict (the editor's memoized runs keep only the
// report, which lists the accepted wrong outputs). Runs are deterministic, so the view shows what the last run
// found for the same text; it is asked for only while the view is open.

import { summarize } from '../harness';
import type { FileReport } from '../harness';
import { toMutationReport } from '../reports';
import type { FunctionOutcomes } from '../reports';
import { TOOL_VERSION } from '../stdx';
import type { MutationReportResult } from './protocol';
import { scoreInputFor, scoreOptionsFor } from './scoring';
import type { ServerContext } from './scoring';
import type { ScoredFile } from './worker-protocol';

/** One source file (`uri`) or, for null, every file the server has scored. */
export async function mutationReportFor(ctx: ServerContext, uri: string | null): Promise<MutationReportResult> {
  const requested = uri === null ? ctx.state.knownSourceUris().sort() : [uri];
  const files: FileReport[] = [];
  const sources = new Map<string, string>();
  const outcomes = new Map<string, readonly FunctionOutcomes[]>();
  const uris: Record<string, string> = {};
  const unscored: string[] = [];
  for (const sourceUri of requested) {
    const scoredBefore = (ctx.state.existingFile(sourceUri)?.report ?? null) !== null;
    const scored = scoredBefore ? await scoredWithOutcomes(ctx, sourceUri) : null;
    // Two workspace folders can hold files with the same relative path: the report keys files by path, so the
    // second one would overwrite the first; it is listed as unscored instead.
    if (scored === null || uris[scored.file.report.path] !== undefined) {
      unscored.push(sourceUri);
      continue;
    }
    const path = scored.file.report.path;
    files.push(scored.file.report);
    sources.set(path, scored.text);
    outcomes.set(path, scored.file.outcomes);
    uris[path] = sourceUri;
  }
  const threshold = ctx.state.settings.threshold;
  const report = toMutationReport({
    report: { files, summary: summarize(files, threshold) },
    sources,
    outcomes,
    threshold,
    version: TOOL_VERSION,
  });
  return { report, uris, unscored };
}

/** Null for a file that cannot be read now, or whose run failed or was cancelled. */
async function scoredWithOutcomes(ctx: ServerContext, uri: string): Promise<{ readonly file: ScoredFile; readonly text: string } | null> {
  const scoreInput = await scoreInputFor(ctx, uri);
  if (scoreInput === null) return null;
  const { input, backend } = scoreInput;
  const outcome = await ctx.runner.run<ScoredFile>(`mutation-report:${uri}`, {
    kind: 'mutation-report',
    input,
    options: scoreOptionsFor(ctx.state.settings),
    backend,
  });
  return outcome.kind === 'done' ? { file: outcome.value, text: input.text } : null;
}
