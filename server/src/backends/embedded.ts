// The embedded backend: decides obligations with the spec evaluator, in process, on concrete values. Needs nothing
// installed; microseconds per obligation. `checkSync` is the same without the promise, for hot paths.

import type { Backend, Obligation, ObligationResult } from '../harness';
import { decideObligations, decideOptionsOf } from '../harness';
import type { StackAllowance } from '../eval';
import type { FileModel } from '../model';

export interface EmbeddedBackendOptions {
  /** Evaluation steps per obligation. */
  readonly stepBudget: number;
  /** The JS stack the host gives the evaluator; `default` when absent. */
  readonly stackAllowance?: StackAllowance;
}

export interface EmbeddedBackend extends Backend {
  readonly name: 'embedded';
  checkSync(model: FileModel, obligations: readonly Obligation[], signal?: AbortSignal): ObligationResult[];
}

export function createEmbeddedBackend(options: EmbeddedBackendOptions): EmbeddedBackend {
  const checkSync = (model: FileModel, obligations: readonly Obligation[], signal?: AbortSignal): ObligationResult[] => {
    signal?.throwIfAborted();
    return decideObligations(model, obligations, decideOptionsOf(options));
  };
  return {
    name: 'embedded',
    checkSync,
    check: (model, obligations, signal) => Promise.resolve().then(() => checkSync(model, obligations, signal)),
  };
}
