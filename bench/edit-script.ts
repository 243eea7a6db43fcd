// A random edit storm as an editor sends it: small incremental edits (what a user types or deletes), saves among
// them (each starts a run the next edit cancels) and hover, CodeLens and code-action requests interleaved.
// Deterministic for a seed: test/lsp/edit-storm.test.ts replays it for correctness, bench/edit-storm.ts for latency.

import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Position, Range } from 'vscode-languageserver-protocol';

export interface StormOptions {
  readonly seed: number;
  readonly edits: number;
  /** A save after every `saveEvery`-th edit. */
  readonly saveEvery: number;
  /** Requests after every `askEvery`-th edit (after its save, if any). */
  readonly askEvery: number;
}

export type StormStep =
  | { readonly kind: 'change'; readonly range: Range; readonly text: string }
  | { readonly kind: 'save' }
  | { readonly kind: 'ask'; readonly position: Position };

export interface EditStorm {
  readonly steps: readonly StormStep[];
  /** The document's text once every change is applied. */
  readonly finalText: string;
}

/** One request of an `ask` step. */
export interface StormRequest {
  readonly method: 'textDocument/hover' | 'textDocument/codeLens' | 'textDocument/codeAction';
  readonly params: unknown;
}

/** Server log lines that mean a bug (a caught internal error, a crashed worker) or an error shown to the user. */
export const INTERNAL_ERROR_LOG = /\bbug\b|failed|exception|Error:|terminate called|showMessage/i;

/** What a user types or deletes: whitespace, comments, a digit, an operator, braces, clause keywords, quotes. */
const SNIPPETS = ['', '\n', ' ', '// x\n', '1', '+ 1', ' && ', '}', '{', 'requires x > 0,\n', 'ensures', 'fn g() {}\n', '"', "'"];

/** The storm for a document whose text is `text`. Pure. */
export function editStorm(text: string, options: StormOptions): EditStorm {
  const random = generator(options.seed);
  const steps: StormStep[] = [];
  let current = text;
  for (let edit = 1; edit <= options.edits; edit++) {
    const start = random(current.length + 1);
    const end = Math.min(current.length, start + random(8));
    const insert = SNIPPETS[random(SNIPPETS.length)] ?? '';
    steps.push({ kind: 'change', range: { start: positionAt(current, start), end: positionAt(current, end) }, text: insert });
    current = current.slice(0, start) + insert + current.slice(end);
    if (edit % options.saveEvery === 0) steps.push({ kind: 'save' });
    if (edit % options.askEvery === 0) steps.push({ kind: 'ask', position: positionAt(current, random(current.length + 1)) });
  }
  return { steps, finalText: current };
}

/** The requests of an `ask` step at `position`. */
export function stormRequests(uri: string, position: Position): readonly StormRequest[] {
  return [
    { method: 'textDocument/hover', params: { textDocument: { uri }, position } },
    { method: 'textDocument/codeLens', params: { textDocument: { uri } } },
    {
      method: 'textDocument/codeAction',
      params: { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } },
    },
  ];
}

/** Sends the storm to the server for the open document `uri` (now at `version`) and returns the final version.
 *  `ask` sends an `ask` step's requests; the storm goes on when what it returns settles (nothing: at once). */
export async function playStorm(
  connection: MessageConnection,
  uri: string,
  version: number,
  storm: EditStorm,
  ask: (requests: readonly StormRequest[]) => Promise<unknown> | undefined,
): Promise<number> {
  let current = version;
  for (const step of storm.steps) {
    if (step.kind === 'change') {
      current += 1;
      void connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: current },
        contentChanges: [{ range: step.range, text: step.text }],
      });
    } else if (step.kind === 'save') {
      void connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    } else {
      await ask(stormRequests(uri, step.position));
    }
  }
  return current;
}

/** A small deterministic generator (the same storm on every run and machine). */
function generator(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % Math.max(1, below);
  };
}

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}
