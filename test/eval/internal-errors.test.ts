// An evaluator bug (an exception that no user input should cause) is an `unsupported` verdict naming it for users,
// and an exception in the test suites, so a bug cannot pass a test as `unsupported`. The bug here is a syntax tree
// the parser never produces: an expression of a kind the evaluator does not know.
import { describe, expect, it } from 'vitest';
import { createSpecContext, evaluateClauses } from '../../server/src/eval/spec';
import type { Clause, Expr } from '../../server/src/syntax';
import { captureIo } from '../../server/src/cli/io';
import { envOf, modelOf } from './check';

const span = { start: 0, end: 4 };
const impossible = { kind: 'no-such-expression', span } as unknown as Expr;
const clauses: readonly Clause[] = [{ expr: impossible, span }];

describe('an internal error in the evaluator', () => {
  it('is an unsupported verdict naming it by default (what users get: one clause lost, not the run)', () => {
    const ctx = createSpecContext(modelOf('').scope);
    const outcome = evaluateClauses(ctx, clauses, envOf({}));
    expect(outcome.verdict).toMatchObject({ kind: 'unsupported', construct: expect.stringMatching(/^internal error: /) });
  });

  it('throws when the context says so (the test suites), so the test that meets it fails', () => {
    const ctx = createSpecContext(modelOf('').scope, { internalErrors: 'throw' });
    expect(() => evaluateClauses(ctx, clauses, envOf({}))).toThrow();
  });

  it('reaches the front ends through SPEC_HARNESS_INTERNAL_ERRORS, which vitest.config.mts sets to throw', () => {
    expect(process.env['SPEC_HARNESS_INTERNAL_ERRORS']).toBe('throw');
    expect(captureIo('.').internalErrors).toBe('throw');
  });
});
