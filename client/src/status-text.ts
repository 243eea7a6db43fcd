// The status bar's words for a file's last status notification: pure, so they are tested without VS Code.
// "Harness@0.75: 0/0" told a new user nothing; a file with nothing scored says so.

import type { StatusParams } from '../../server/src/lsp/protocol';

export interface StatusText {
  readonly text: string;
  readonly tooltip: string;
}

/** `undefined`: the server has not reported on this file yet. */
export function statusText(status: StatusParams | undefined): StatusText {
  if (status === undefined) {
    return { text: '$(beaker) Spec Harness', tooltip: 'Spec Harness: not scored yet (save the file or run "Spec Harness: Rescore file")' };
  }
  if (status.state === 'scoring')
    return { text: `$(sync~spin) Harness@${status.threshold}: scoring…`, tooltip: 'Spec Harness is scoring this file' };
  const icon = status.state === 'error' ? '$(error)' : '$(beaker)';
  if (status.scored === 0) {
    return {
      text: `${icon} Spec Harness: no contracts scored`,
      tooltip:
        status.message ??
        'No function in this file has a contract with pairs to score it: a function with a requires or ensures and no pairs offers the quick fix "Generate pairs file". Click for the report.',
    };
  }
  const unscored = status.functions - status.scored;
  return {
    text: `${icon} Harness@${status.threshold}: ${status.passing}/${status.functions}`,
    tooltip:
      status.message ??
      `${status.passing} of ${status.functions} functions with a contract meet every score at ${status.threshold}${unscored === 0 ? '' : ` (${unscored} could not be scored: see their CodeLens)`}. Click for the report.`,
  };
}
