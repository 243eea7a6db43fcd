// CodeLens, hover and the report view: answered from the last finished report (or a first run's results so far),
// placed by the current model.

import type { CodeLens, Hover, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import { locateFunctions, functionAtPosition } from './locate';
import { acceptedLensTitle, fileMarkdown, functionMarkdown, hoverMarkdown, scoreLensTitle } from './markdown';
import { CLIENT_COMMANDS, SERVER_COMMANDS } from './protocol';
import type { SourceFileState } from './state';
import type { FunctionSuggestions } from '../harness';
import { toLspRange } from './convert';

export function codeLenses(uri: string, file: SourceFileState): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const fn of locateFunctions(file)) {
    const range = toLspRange({ start: fn.nameRange.start, end: fn.nameRange.start });
    const report = fn.report;
    if (report === null) continue;
    if (report.status === 'no-pairs') {
      lenses.push({
        range,
        command: { title: 'Generate pairs', command: SERVER_COMMANDS.generatePairs, arguments: [uri, fn.qualifiedName] },
      });
      continue;
    }
    if (report.status !== 'scored') {
      lenses.push({
        range,
        command: { title: `Spec Harness: ${report.status}${report.reason === null ? '' : ` (${report.reason})`}`, command: '' },
      });
      continue;
    }
    lenses.push({
      range,
      command: { title: scoreLensTitle(report), command: CLIENT_COMMANDS.showReport, arguments: [uri, fn.qualifiedName] },
    });
    const accepted = acceptedLensTitle(report);
    if (accepted !== null)
      lenses.push({ range, command: { title: accepted, command: CLIENT_COMMANDS.showReport, arguments: [uri, fn.qualifiedName] } });
  }
  return lenses;
}

/** `uri` is the Rust file's: code-mutant rows link to their line in it, "Show all" to its report. */
export function hover(file: SourceFileState, position: Position, uri: string): Hover | null {
  const fn = functionAtPosition(file, position);
  if (fn === null || fn.report === null) return null;
  return { contents: { kind: MarkupKind.Markdown, value: hoverMarkdown(fn.report, { sourceUri: uri }) } };
}

/** The report view for a file (one function when `functionName` names one of its functions). A file's first run
 *  shows its results as they come, and the report says so until the run ends. */
export function reportMarkdown(
  file: SourceFileState | undefined,
  functionName: string | null,
  threshold: number,
  sourceUri: string,
  suggestions?: ReadonlyMap<string, FunctionSuggestions>,
): string {
  const report = file?.report ?? null;
  if (report === null) return 'No results yet: save the file or run "Spec Harness: Rescore file".';
  const fn = functionName === null ? undefined : report.functions.find((candidate) => candidate.qualifiedName === functionName);
  const count = report.functions.length;
  const progress = file?.partial === true ? `_Scoring in progress: the first ${count} function${count === 1 ? '' : 's'} so far._\n\n` : '';
  const options = { sourceUri, ...(suggestions === undefined ? {} : { suggestions }) };
  return progress + (fn === undefined ? fileMarkdown(report, threshold, options) : functionMarkdown(fn, options));
}
