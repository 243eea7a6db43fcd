// The `score_contract`, `suggest_clauses` and `task_complete` tools for VS Code's agent mode
// (`contributes.languageModelTools`). They ask the language server (request `specHarness/agentTool`), so no second
// engine runs here. The language model tool API arrived after the oldest VS Code this extension supports (1.90), so it
// is feature-detected, not assumed.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AgentToolRequest } from '../../server/src/lsp/protocol';
import type { AgentToolParams, AgentToolResult } from '../../server/src/lsp/protocol';

/** Tool names as package.json contributes them, with the server-side tool each stands for. */
const TOOLS: readonly (readonly [string, AgentToolParams['tool']])[] = [
  ['spec-harness_score_contract', 'score_contract'],
  ['spec-harness_suggest_clauses', 'suggest_clauses'],
  ['spec-harness_task_complete', 'task_complete'],
];

/** The parts of `vscode.lm` (VS Code 1.95+) this uses, for a runtime check on older hosts. */
interface LanguageModelToolApi {
  readonly lm?: { readonly registerTool?: (name: string, tool: ToolImplementation) => vscode.Disposable };
  readonly LanguageModelToolResult?: new (content: unknown[]) => unknown;
  readonly LanguageModelTextPart?: new (value: string) => unknown;
}

interface ToolImplementation {
  invoke(options: { readonly input: unknown }, token: vscode.CancellationToken): Promise<unknown>;
}

/** Registers the tools when the host has the API; on older hosts, nothing (the rest of the extension works). */
export function registerLanguageModelTools(client: LanguageClient): vscode.Disposable[] {
  const api = vscode as unknown as LanguageModelToolApi;
  const register = api.lm?.registerTool;
  const Result = api.LanguageModelToolResult;
  const TextPart = api.LanguageModelTextPart;
  if (register === undefined || Result === undefined || TextPart === undefined) return [];
  return TOOLS.map(([name, tool]) =>
    register(name, {
      async invoke(options, token) {
        const params = decodeInput(tool, options.input);
        const answer: AgentToolResult =
          typeof params === 'string' ? { ok: false, error: params } : await client.sendRequest(AgentToolRequest, params, token);
        const text = answer.ok ? JSON.stringify(answer.result, null, 2) : `Spec Harness could not run ${tool}: ${answer.error}`;
        return new Result([new TextPart(text)]);
      },
    }),
  );
}

/** `{ path, function? }` from the model, or what is wrong with it. */
function decodeInput(tool: AgentToolParams['tool'], input: unknown): AgentToolParams | string {
  if (typeof input !== 'object' || input === null) return 'the input must be an object with a "path"';
  const record = input as Record<string, unknown>;
  const path = record['path'];
  const fn = record['function'];
  if (typeof path !== 'string' || path === '') return 'the input needs "path": a .rs file';
  if (fn !== undefined && typeof fn !== 'string') return '"function", when given, must be a string';
  return { tool, path, function: fn ?? null };
}
