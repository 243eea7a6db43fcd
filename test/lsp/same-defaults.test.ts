// The CLI's `check` and the editor's score worker start from the same defaults (one step budget, one seed), so the
// same file gets the same report from both. The fixture needs between 100,000 and 200,000 steps per obligation.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheckCommand } from '../../server/src/cli/check-command';
import { captureIo } from '../../server/src/cli/io';
import { DEFAULT_STEP_BUDGET } from '../../server/src/eval';
import type { FileReport } from '../../server/src/harness';
import { EngineSession } from '../../server/src/engine';
import { perform } from '../../server/src/lsp/score-worker';
import type { ScoreResult } from '../../server/src/lsp/worker-protocol';
import { scoreOptionsFor } from '../../server/src/lsp/scoring';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { ROOT } from './lsp-client';

const FOLDER = join(ROOT, 'test', 'fixtures', 'lsp');

describe('one step budget for the CLI and the editor', () => {
  it('uses the evaluator default in both', () => {
    expect(scoreOptionsFor(DEFAULT_SETTINGS).stepBudget).toBe(DEFAULT_STEP_BUDGET);
  });

  it('scores budget.rs the same through `check --json` and the worker', async () => {
    const io = captureIo(FOLDER);
    expect(await runCheckCommand(['budget.rs', '--json'], io)).toBe(0);
    const cli = (JSON.parse(io.out()) as { files: FileReport[] }).files[0];
    const input = {
      path: 'budget.rs',
      text: readFileSync(join(FOLDER, 'budget.rs'), 'utf8'),
      pairsPath: 'budget.pairs.json',
      pairsText: readFileSync(join(FOLDER, 'budget.pairs.json'), 'utf8'),
    };
    const request = {
      kind: 'score',
      uri: 'file:///budget.rs',
      input,
      options: scoreOptionsFor(DEFAULT_SETTINGS),
      backend: { kind: 'embedded' },
      partials: false,
    } as const;
    const editor = (await perform(new EngineSession(), request, () => false)) as ScoreResult;
    expect(JSON.stringify(editor.report)).toBe(JSON.stringify(cli));
    const fn = cli?.functions.find((f) => f.qualifiedName === 'count_up');
    // Decided in both: at 100,000 steps the n = 12,000 pair is "step budget exhausted".
    expect(fn?.counts.indeterminate).toBe(0);
    expect(fn?.scores.postCorrectness).toBe(1);
  });
});
