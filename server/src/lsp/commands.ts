// workspace/executeCommand handlers: score one file or the whole workspace (with $/progress), generate pairs, and
// the mutation report of the last runs.

import type { ExecuteCommandParams } from 'vscode-languageserver';
import { walkSourceTree } from '../host';
import { generatePairsEdit } from './code-actions';
import { mutationReportFor } from './mutation-report';
import { isRustPath, pathToUri, uriToPath } from './uris';
import { SERVER_COMMANDS } from './protocol';
import { scoreSource } from './scoring';
import type { ServerContext } from './scoring';

/** Bounds on "score workspace", so a huge workspace costs a bounded walk. */
const WORKSPACE_LIMITS = { maxFiles: 5_000, maxDirectories: 20_000 };

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
      return mutationReportFor(ctx, typeof uri === 'string' ? uri : null);
    }
    default:
      ctx.log(`unknown command ${params.command}`);
      return null;
  }
}

export async function scoreWorkspace(ctx: ServerContext): Promise<WorkspaceSummary> {
  const folders = ctx.state.workspaceFolders.map(uriToPath).filter((folder): folder is string => folder !== null);
  const { files } = await walkSourceTree(folders, isRustPath, WORKSPACE_LIMITS);
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
export async function withProgress<T>(
  ctx: ServerContext,
  title: string,
  work: (report: (message: string, percentage: number) => void) => Promise<T>,
): Promise<T> {
  if (!ctx.state.features.workDoneProgress) return work(() => undefined);
  const progress = await ctx.connection.window.createWorkDoneProgress();
  progress.begin('Spec Harness', 0, title, false);
  try {
    return await work((message, percentage) => progress.report(percentage, message));
  } finally {
    progress.done();
  }
}

function baseName(uriOrPath: string): string {
  return uriOrPath.split('/').pop() ?? uriOrPath;
}
