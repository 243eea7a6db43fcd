// `spec-harness list PATH... [--json]`: prints every fn's contract (mode, name, params, return, clauses) as the
// model sees it. Glue only: the JSON shape comes from the model's fileModelToListJson.

import { parseArgs } from 'node:util';
import { parseSourceFile } from '../syntax';
import { buildFileModel, fileModelToListJson } from '../model';
import type { ListClauseJson, ListFileJson, ListFunctionJson, ListJson } from '../model';
import { collectRustFiles, readRustFile } from './files';
import type { CliIo } from './io';

const LIST_USAGE = 'Usage: spec-harness list PATH... [--json]\n';

export async function runListCommand(args: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.stderr(`spec-harness list: ${error instanceof Error ? error.message : String(error)}\n${LIST_USAGE}`);
    return 2;
  }
  if (parsed.values.help === true) {
    io.stdout(LIST_USAGE);
    return 0;
  }
  if (parsed.positionals.length === 0) {
    io.stderr(`spec-harness list: no PATH given\n${LIST_USAGE}`);
    return 2;
  }
  const collected = await collectRustFiles(parsed.positionals, io.cwd);
  if (!collected.ok) {
    io.stderr(`spec-harness list: ${collected.error}\n`);
    return 2;
  }
  const files: ListFileJson[] = [];
  for (const file of collected.files) {
    const read = await readRustFile(file);
    if (!read.ok) {
      io.stderr(`spec-harness list: ${read.error}\n`);
      return 2;
    }
    files.push(fileModelToListJson(buildFileModel(parseSourceFile(read.text)), file.displayPath));
  }
  const listing: ListJson = { files };
  io.stdout(parsed.values.json === true ? `${JSON.stringify(listing, null, 2)}\n` : formatListText(listing));
  return 0;
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
