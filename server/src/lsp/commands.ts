// workspace/executeCommand handlers: score one file or the whole workspace (with $/progress), generate pairs, and
// the mutation report of the last runs.

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecuteCommandParams } from 'vscode-languageserver';
import { generatePairsEdit } from './code-actions';
import { mutationReportFor } from './mutation-report';
import { pathToUri, uriToPath } from './paths';
import { SERVER_COMMANDS } from './protocol';
import { scoreSource } from './scoring';
import type { ServerContext } from './scoring';

const MAX_WORKSPACE_FILES = 5_000;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'target', '.git', 'dist', '.verus-log']);

export interface WorkspaceSummary {
  readonly files: number;
  readonly scored: number;
}

export async function executeCommand(ctx: ServerContext, params: ExecuteCommandParams): Promise<unknown> {
  const args = params.arguments ?? [];
  switch (params.command) {
    case SERVER_COMMANDS.scoreWorkspace:
      return scoreWorkspace(ctx);
    case SERVER_COMMANDS.scoreFile: {
      const uri = args[0];
      if (typeof uri !== 'string') return null;
      return withProgress(ctx, `Scoring ${baseName(uri)}`, async () => scoreSource(ctx, uri));
    }
    case SERVER_COMMANDS.generatePairs: {
      const [uri, functionName] = args;
      if (typeof uri !== 'string') return null;
      const edit = await generatePairsEdit(ctx, uri, typeof functionName === 'string' ? [functionName] : null);
      if (edit === null) return { applied: false };
      const result = await ctx.connection.workspace.applyEdit({ label: 'Generate pairs', edit });
      if (result.applied) void scoreSource(ctx, uri);
      return { applied: result.applied };
    }
    case SERVER_COMMANDS.mutationReport: {
      const uri = args[0];
      return mutationReportFor(ctx.state, typeof uri === 'string' ? uri : null);
    }
    default:
      ctx.log(`unknown command ${params.command}`);
      return null;
  }
}

export async function scoreWorkspace(ctx: ServerContext): Promise<WorkspaceSummary> {
  const files: string[] = [];
  for (const folder of ctx.state.workspaceFolders) {
    const path = uriToPath(folder);
    if (path !== null) await collectRustFiles(path, files);
  }
  let scored = 0;
  await withProgress(ctx, 'Scoring workspace', async (report) => {
    for (const [idx, path] of files.entries()) {
      report(`${idx + 1}/${files.length} ${baseName(path)}`, Math.round((100 * idx) / Math.max(1, files.length)));
      if ((await scoreSource(ctx, pathToUri(path))) === 'scored') scored++;
    }
  });
  return { files: files.length, scored };
}

/** Runs `work` inside a server-initiated work-done progress when the client supports it. */
export async function withProgress<T>(ctx: ServerContext, title: string, work: (report: (message: string, percentage: number) => void) => Promise<T>): Promise<T> {
  if (!ctx.state.features.workDoneProgress) return work(() => undefined);
  const progress = await ctx.connection.window.createWorkDoneProgress();
  progress.begin('Spec Harness', 0, title, false);
  try {
    return await work((message, percentage) => progress.report(percentage, message));
  } finally {
    progress.done();
  }
}

/** Every .rs file under `directory`, bounded, skipping build and dependency folders. */
async function collectRustFiles(directory: string, into: string[]): Promise<void> {
  const pending = [directory];
  while (pending.length > 0 && into.length < MAX_WORKSPACE_FILES) {
    const current = pending.shift();
    if (current === undefined) break;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) pending.push(join(current, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.rs') && into.length < MAX_WORKSPACE_FILES) into.push(join(current, entry.name));
    }
  }
}

function baseName(uriOrPath: string): string {
  return uriOrPath.split('/').pop() ?? uriOrPath;
}
