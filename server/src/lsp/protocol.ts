// The server's custom LSP messages and settings shape: the only server module the client imports (types only),
// so both sides agree on names without the client pulling in engine code.

/** Settings under the `specHarness` section (workspace/configuration). */
export interface HarnessSettings {
  readonly threshold: number;
  readonly run: 'onSave' | 'onType' | 'manual';
  readonly mutantsPerPair: number;
  readonly backend: 'embedded' | 'verus' | 'both';
  readonly verusPath: string | null;
  readonly verusExtraArgs: readonly string[];
  /** `z3`: Z3 decides what the evaluator leaves indeterminate for an unbounded quantifier; `none`: it does not. */
  readonly solver: 'z3' | 'none';
}

/** What the client passes in initializationOptions. */
export interface InitializationOptions {
  /** VS Code Workspace Trust: untrusted means embedded scoring only and no process is ever started. */
  readonly trusted?: boolean;
  /** Base of the diagnostic-code links (`<base>#weak-postcondition`); defaults to the README beside the server. */
  readonly docsUrl?: string;
}

/** Notification `specHarness/status`: the state of one file, for the status bar. */
export const STATUS_NOTIFICATION = 'specHarness/status';
export interface StatusParams {
  readonly uri: string;
  readonly state: 'scoring' | 'idle' | 'error';
  /** Functions scored in the last finished run. */
  readonly scored: number;
  /** Functions meeting every non-N/A score at the threshold. */
  readonly passing: number;
  readonly threshold: number;
  readonly message: string | null;
}

/** Request `specHarness/report`: the last report of a file (or one function) as markdown, for the report view. */
export const REPORT_REQUEST = 'specHarness/report';
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
} as const;

/** Client commands that server-made CodeLenses point at. */
export const CLIENT_COMMANDS = {
  showReport: 'specHarness.showReport',
  generatePairs: 'specHarness.generatePairs',
} as const;
