// The language model tools' side in the server: scores one file, or suggests ensures clauses for it (the open
// document's text when it is open, else the file on disk), on feedback and held-out pairs, and answers with the same
// JSON as the MCP tools. Verus runs for task_complete only in a trusted workspace; otherwise the result says
// verification was not run.

import { dirname, isAbsolute, join } from 'node:path';
import { VERUS_DEFAULTS, verifyFile } from '../backends';
import { DEFAULT_CHECK_OPTIONS, agentScoreResult, agentSuggestResult, checkFileSync, suggestClauses, taskCompleteResult } from '../harness';
import type { CheckOptions, VerificationOutcome } from '../harness';
import { isRustPath, pairsPathFor, pathToUri, readTextOrNull, uriToPath } from './uris';
import type { AgentToolParams, AgentToolResult } from './protocol';
import type { ServerState } from './state';

export async function answerAgentTool(state: ServerState, params: AgentToolParams): Promise<AgentToolResult> {
  const root = state.workspaceFolders[0] === undefined ? null : uriToPath(state.workspaceFolders[0]);
  const path = isAbsolute(params.path) || root === null ? params.path : join(root, params.path);
  if (!isRustPath(path)) return { ok: false, error: `'${params.path}' is not a .rs file` };
  const text = await openOrDisk(state, path);
  if (text === null) return { ok: false, error: `cannot read '${params.path}'` };
  const pairsPath = pairsPathFor(path);
  const pairsText = await openOrDisk(state, pairsPath);
  const settings = state.settings;
  const options: CheckOptions = {
    ...DEFAULT_CHECK_OPTIONS,
    threshold: settings.threshold,
    mutantsPerPair: settings.mutantsPerPair,
    ...(params.function === null ? {} : { functions: [params.function] }),
  };
  const input = { path: params.path, text, pairsPath: pairsText === null ? null : pairsPath, pairsText };
  if (params.tool === 'suggest_clauses')
    return {
      ok: true,
      result: agentSuggestResult([{ path: params.path, functions: suggestClauses(input, { ...options, pairSet: 'feedback' }) }]),
    };
  const feedback = [checkFileSync(input, { ...options, pairSet: 'feedback' })];
  if (params.tool === 'score_contract') return { ok: true, result: agentScoreResult(feedback, settings.threshold) };
  const heldOut = [checkFileSync(input, { ...options, pairSet: 'held-out' })];
  const verified = await verifyInEditor(state, path);
  const requestedFunctions = params.function === null ? undefined : [params.function];
  return { ok: true, result: taskCompleteResult({ feedback, heldOut, requestedFunctions }, { post: settings.threshold }, verified) };
}

async function openOrDisk(state: ServerState, path: string): Promise<string | null> {
  return state.documents.get(pathToUri(path))?.getText() ?? readTextOrNull(path);
}

async function verifyInEditor(state: ServerState, path: string): Promise<VerificationOutcome> {
  if (!state.trusted) return { status: 'verus-absent', score: null, message: 'verus was not run: the workspace is not trusted' };
  const result = await verifyFile(
    path,
    {
      verusPath: state.settings.verusPath ?? undefined,
      searchPath: process.env['PATH'],
      cwd: dirname(path),
      platform: process.platform,
      rlimit: VERUS_DEFAULTS.rlimit,
      timeLimitMs: VERUS_DEFAULTS.timeLimitMs,
      extraArgs: state.settings.verusExtraArgs,
    },
    new AbortController().signal,
  );
  if (result.kind === 'verus-absent') return { status: 'verus-absent', score: null, message: `verus was not run: ${result.message}` };
  const errors = result.errors
    .slice(0, 3)
    .map((error) => `${error.kind} at line ${error.line ?? '?'}: ${error.message}`)
    .join('; ');
  return result.verified
    ? { status: 'verified', score: 1, message: 'verified' }
    : { status: 'failed', score: result.score, message: result.outcome === 'time-limit' ? 'verus gave no answer in time' : errors };
}
