// The stop hooks of the coding agents people use, decoded from the JSON each writes on stdin and answered in the
// form each reads on stdout. Pure. Never loops forever: each agent's own "already continued" signal is honoured
// (Claude Code and Codex: `stop_hook_active`; Cursor: `loop_count`), and anything unreadable lets the agent stop.

export type HookAgent = 'claude-code' | 'codex' | 'cursor';

export const HOOK_AGENTS: readonly HookAgent[] = ['claude-code', 'codex', 'cursor'];

/** Cursor re-submits a follow-up at most this many times in a row (its own `loop_limit` may be lower). */
export const CURSOR_MAX_FOLLOWUPS = 3;

export type HookRequest =
  /** Check the contracts under `cwd` and hold the agent if they miss the gate. */
  | { readonly kind: 'check'; readonly cwd: string | undefined }
  /** Let the agent stop without checking (already continued once, or not a completed turn). */
  | { readonly kind: 'let-stop'; readonly why: string };

/** What the hook's JSON asks for; an error message when it is not JSON of the agent's shape. */
export function decodeHookInput(agent: HookAgent, text: string): HookRequest | string {
  let raw: unknown;
  try {
    // Cursor on some platforms starts the payload with a byte-order mark.
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return `the ${agent} hook input is not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `the ${agent} hook input is not a JSON object`;
  const input = raw as Record<string, unknown>;
  switch (agent) {
    case 'claude-code':
    case 'codex':
      if (input['stop_hook_active'] === true)
        return { kind: 'let-stop', why: 'stop_hook_active: the agent already continued once for this hook' };
      return { kind: 'check', cwd: stringField(input, 'cwd') };
    case 'cursor': {
      const status = stringField(input, 'status');
      if (status !== undefined && status !== 'completed') return { kind: 'let-stop', why: `the turn ended with status '${status}'` };
      const loops = typeof input['loop_count'] === 'number' ? input['loop_count'] : 0;
      if (loops >= CURSOR_MAX_FOLLOWUPS)
        return { kind: 'let-stop', why: `loop_count ${loops}: already sent ${CURSOR_MAX_FOLLOWUPS} follow-ups` };
      const roots = input['workspace_roots'];
      const root = Array.isArray(roots) && typeof roots[0] === 'string' ? roots[0] : undefined;
      return { kind: 'check', cwd: root ?? stringField(input, 'cwd') };
    }
    default:
      return agent satisfies never;
  }
}

/** The stdout answer: hold the agent with `reason` (what to fix), or let it stop (`reason` undefined). */
export function hookAnswer(agent: HookAgent, reason: string | undefined): string {
  switch (agent) {
    case 'claude-code':
    case 'codex':
      return reason === undefined ? '' : `${JSON.stringify({ decision: 'block', reason })}\n`;
    case 'cursor':
      return `${JSON.stringify(reason === undefined ? {} : { followup_message: reason })}\n`;
    default:
      return agent satisfies never;
  }
}

function stringField(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
