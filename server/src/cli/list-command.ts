// `spec-harness list PATH... [--json]`: prints every fn's contract (mode, name, params, return, clauses) as the
// model sees it. Glue only: the JSON shape is list-json.ts's fileModelToListJson.

import { parseSourceFile } from '../syntax';
import { buildFileModel } from '../model';
import { fileModelToListJson } from './list-json';
import type { ListClauseJson, ListFileJson, ListFunctionJson, ListJson } from './list-json';
import { collectRustFiles, readRustFile } from './files';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';

export const LIST_COMMAND = {
  name: 'list',
  usage: 'Usage: spec-harness list PATH... [--json]\n',
  options: { json: { type: 'boolean' } },
} as const satisfies CommandInfo;

export async function runListCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseListArgs(args);
  if (parsed.kind !== 'run') return answerWithoutRunning(io, LIST_COMMAND, parsed);
  const fail = commandFailure(io, LIST_COMMAND);
  const collected = await collectRustFiles(parsed.args.paths, io.cwd);
  if (!collected.ok) return fail(collected.error);
  const files: ListFileJson[] = [];
  for (const file of collected.files) {
    const read = await readRustFile(file);
    if (!read.ok) return fail(read.error);
    files.push(fileModelToListJson(buildFileModel(parseSourceFile(read.text)), file.displayPath));
  }
  const listing: ListJson = { files };
  io.stdout(parsed.args.json ? `${JSON.stringify(listing, null, 2)}\n` : formatListText(listing));
  return EXIT_CODES.ok;
}

function parseListArgs(args: readonly string[]): CommandArgs<{ readonly paths: readonly string[]; readonly json: boolean }> {
  const line = parseCommandLine(args, LIST_COMMAND.options);
  if (line.kind !== 'run') return line;
  if (line.args.positionals.length === 0) return mistake('no PATH given');
  return run({ paths: line.args.positionals, json: line.args.values.json === true });
}

/** The human-readable listing: 1-based lines and columns, one clause per line, whitespace in clauses collapsed. */
export function formatListText(listing: ListJson): string {
  const lines: string[] = [];
  for (const file of listing.files) {
    lines.push(file.path);
    for (const diagnostic of file.diagnostics) {
      const { line, character } = diagnostic.range.start;
      lines.push(`  ${line + 1}:${character + 1}: ${diagnostic.severity}: ${diagnostic.message}`);
    }
    if (file.functions.length === 0) lines.push('  (no functions)');
    for (const fn of file.functions) lines.push(...formatFunction(fn));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function formatFunction(fn: ListFunctionJson): string[] {
  const header = `  ${fn.mode} ${fn.qualifiedName}  line ${fn.range.start.line + 1}${fn.hasBody ? '' : '  (no body)'}`;
  const params = fn.params.map((param) => `${param.name}: ${param.type}`).join(', ');
  const lines = [header, `    params:   ${params === '' ? '(none)' : params}`];
  if (fn.returnType !== null) lines.push(`    return:   ${fn.returnName === null ? '' : `${fn.returnName}: `}${fn.returnType}`);
  const clause = (label: string) => (entry: ListClauseJson) => `    ${label} ${collapseWhitespace(entry.text)}`;
  lines.push(...fn.requires.map(clause('requires:')), ...fn.ensures.map(clause('ensures: ')));
  return lines;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
