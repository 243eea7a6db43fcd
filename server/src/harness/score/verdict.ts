// Verdicts: what a backend answers to one obligation.

import type { Span } from '../../syntax';

export type Verdict =
  | { readonly kind: 'holds' }
  | { readonly kind: 'fails' }
  /** Neither provable nor refutable on these values: out-of-range index, `/ 0`, budget exhausted, ... */
  | { readonly kind: 'indeterminate'; readonly reason: string; readonly span?: Span }
  /** A construct the backend does not implement, with where it is. */
  | { readonly kind: 'unsupported'; readonly construct: string; readonly span: Span };
