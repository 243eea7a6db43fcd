// The protocol in one place: the server's custom LSP messages as typed `RequestType`/`NotificationType` objects, its
// command ids and the settings shape. The only server module the client imports, so no method name or command id is
// written twice and a change to a message's shape fails the type check on both sides. Imports nothing but the LSP
// protocol library: the client must not pull in engine code through it.

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

/** Settings under the `specHarness` section (workspace/configuration). */
export interface HarnessSettings {
  readonly threshold: number;
  readonly run: 'onSave' | 'onType' | 'manual';
  readonly mutantsPerPair: number;
  /** `realistic`: an accepted code mutant or swapped output is a weak postcondition whatever PostComp is;
   *  `threshold`: only PostComp below the threshold is. */
  readonly weakPostcondition: 'realistic' | 'threshold';
  readonly backend: 'embedded' | 'verus' | 'both';
  readonly verusPath: string | null;
  readonly verusExtraArgs: readonly string[];
  /** `z3`: Z3 decides what the evaluator leaves indeterminate for an unbounded quantifier; `none`: it does not. */
  readonly solver: 'z3' | 'none';
}

/** What the client passes in initializationOptions. */
export interface InitializationOptions {
  /** VS Code Workspace Trust: untrusted means embedded scoring only and no process is ever started. Only a boolean
   *  `true` is trust; anything else, or nothing, is untrusted (unless the server was started with `--trusted`). */
  readonly trusted?: boolean;
  /** Base of the diagnostic-code links (`<base>#weak-postcondition`); defaults to the README beside the server. */
  readonly docsUrl?: string;
}

/** Notification `specHarness/status`: the state of one file, for the status bar. */
export const StatusNotification = new NotificationType<StatusParams>('specHarness/status');
export interface StatusParams {
  readonly uri: string;
  readonly state: 'scoring' | 'idle' | 'error';
  /** Functions with a contract in the last finished run: Harness@t's denominator (one not scored meets no t). */
  readonly functions: number;
  /** Of them, the functions scored. */
  readonly scored: number;
  /** Functions meeting Harness@threshold by the policy's rule (an undecided N/A score does not meet it). */
  readonly passing: number;
  /** Functions the last finished run evaluated afresh; the others were reused from the per-function cache. */
  readonly evaluated: number;
  readonly threshold: number;
  readonly message: string | null;
}

/** Request `specHarness/report`: the last report of a file (or one function) as markdown, for the report view. */
export const ReportRequest = new RequestType<ReportParams, ReportResult, void>('specHarness/report');
export interface ReportParams {
  readonly uri: string;
  readonly functionName: string | null;
}
export interface ReportResult {
  readonly markdown: string;
}

/** Server commands (workspace/executeCommand). The client's own commands (specHarness.*) forward to these. */
export const SERVER_COMMANDS = {
  scoreWorkspace: 'specHarness.scoreWorkspace',
  scoreFile: 'specHarness.server.scoreFile',
  generatePairs: 'specHarness.server.generatePairs',
  /** Arguments `[uri | null]`; answers `MutationReportResult` for one source file or (null) every scored file. */
  mutationReport: 'specHarness.server.mutationReport',
} as const;

/** The mutation report view's data: Stryker's mutation-testing-report-schema JSON made from the server's last run on
 *  each file (no new run), and the document URI of each of its files, so a click on a mutant opens its code. */
export interface MutationReportResult {
  /** A `MutationReport` (reports/mutation-report.ts); typed loosely so the client needs no engine types. */
  readonly report: { readonly files: Readonly<Record<string, { readonly mutants: readonly MutationReportMutantLocation[] }>> };
  /** Document URI by the report's file key. */
  readonly uris: Readonly<Record<string, string>>;
  /** Source files in the request that have no finished run yet. */
  readonly unscored: readonly string[];
}
export interface MutationReportMutantLocation {
  readonly id: string;
  /** 1-based lines and columns (Stryker's convention). */
  readonly location: {
    readonly start: { readonly line: number; readonly column: number };
    readonly end: { readonly line: number; readonly column: number };
  };
}

/** Client commands that server-made CodeLenses point at. */
export const CLIENT_COMMANDS = {
  showReport: 'specHarness.showReport',
  generatePairs: 'specHarness.generatePairs',
} as const;

/** Notification `specHarness/testResults`: after each run on a file, every function with a contract as a test item
 *  for VS Code's Test Explorer (the client keeps no engine; it only shows these). */
export const TestResultsNotification = new NotificationType<TestResultsParams>('specHarness/testResults');
export interface TestResultsParams {
  readonly uri: string;
  readonly threshold: number;
  readonly functions: readonly FunctionTestResult[];
}
export interface FunctionTestResult {
  readonly qualifiedName: string;
  /** The whole function, 0-based (LSP). */
  readonly range: TestRange;
  /** The CodeLens's score text (`Post 1.00 / 0.85 · Pre 1.00 / 0.67 · 20 pairs`) or why it was not scored. */
  readonly description: string;
  /** passed: every score meets the threshold; failed: one does not; skipped: nothing measured; errored: a bug. */
  readonly outcome: 'passed' | 'failed' | 'skipped' | 'errored';
  readonly messages: readonly TestResultMessage[];
}
export interface TestResultMessage {
  readonly message: string;
  readonly range: TestRange;
  /** For a diff view: what the contract should do (the correct output accepted) and what it does. */
  readonly expected?: string;
  readonly actual?: string;
}
export interface TestRange {
  readonly start: { readonly line: number; readonly character: number };
  readonly end: { readonly line: number; readonly character: number };
}
/** Request `specHarness/agentTool`: the VS Code language model tools (`score_contract`, `task_complete`) ask the
 *  server, so the client starts no engine of its own. Results are the same JSON the MCP tools return. */
export const AgentToolRequest = new RequestType<AgentToolParams, AgentToolResult, void>('specHarness/agentTool');
export interface AgentToolParams {
  readonly tool: 'score_contract' | 'suggest_clauses' | 'task_complete';
  /** A .rs file: absolute, or relative to the first workspace folder. */
  readonly path: string;
  readonly function: string | null;
}
export type AgentToolResult = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: string };
