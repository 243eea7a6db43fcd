// Non-local exits of the interpreter (break, continue, return, panic, give-up). They are thrown and caught only
// inside eval/exec: `runExecFunction` turns every one of them into an ExecOutcome, so nothing escapes as a throw.

import type { Span } from '../../syntax';
import type { Typed } from './interpreter-state';

export class BreakSignal {
  constructor(
    readonly label: string | undefined,
    readonly value: Typed | undefined,
  ) {}
}

export class ContinueSignal {
  constructor(readonly label: string | undefined) {}
}

export class ReturnSignal {
  constructor(readonly value: Typed) {}
}

/** The program panicked: Rust's message, and where. */
export class PanicSignal {
  /** The `external_body` fn the panic happened inside, when the run called one that panicked: Verus took that
   *  callee's contract on trust, so the panic is the callee's finding, not the caller's. */
  inTrustedCallee: string | undefined;
  constructor(
    readonly reason: string,
    readonly span: Span,
    /** `unimplemented!()` / `todo!()`: no code but a stand-in for some (a trusted fn's body left to its ensures). */
    readonly placeholder = false,
  ) {}
}

/** The interpreter cannot run this code faithfully (a call it does not know, a construct it does not model). */
export class NotRunnableSignal {
  constructor(
    readonly reason: string,
    readonly span: Span,
  ) {}
}

/** An exec `assume(c)` met a false c, or the run reached vstd's `unreached()`: the input is outside what Verus
 *  verified. `what` says which, as a reason's subject. */
export class AssumeViolatedSignal {
  constructor(
    readonly span: Span,
    readonly what = 'an `assume(..)` in the body was false',
  ) {}
}

/** Verus's definitions leave the value open here (`x / 0` on `int`, which Verus does not check in exec code): the
 *  run has no output, and no panic either. */
export class UnspecifiedSignal {
  constructor(
    readonly reason: string,
    readonly span: Span,
  ) {}
}

/** The step budget or the call-depth limit ran out. */
export class TimeoutSignal {}

export function panic(reason: string, span: Span, placeholder = false): never {
  throw new PanicSignal(reason, span, placeholder);
}

export function notRunnable(reason: string, span: Span): never {
  throw new NotRunnableSignal(reason, span);
}
