// CodeLens and hover: answered from the last finished report, placed by the current model.

import type { CodeLens, Hover, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import { locateFunctions, functionAtPosition } from './locate';
import { acceptedLensTitle, hoverMarkdown, scoreLensTitle } from './markdown';
import { CLIENT_COMMANDS, SERVER_COMMANDS } from './protocol';
import type { SourceFileState } from './state';
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
