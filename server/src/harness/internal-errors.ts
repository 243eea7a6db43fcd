// One function's bug stays that function's result. Each stage of a function's work (planning, code mutants, the
// solver, scoring, the clause view; generation) runs inside a boundary that turns an unexpected exception into an
// `InternalError` naming the stage; the function is then reported `unsupported` with that reason, and every other
// function and file is scored as if it were not there. With `internalErrors: 'throw'` (the test suites, through
// SPEC_HARNESS_INTERNAL_ERRORS) the exception propagates instead, so a bug fails the test that meets it.

import type { InternalErrors } from '../eval';

/** Where in a function's work a bug was met (named in the report's reason). */
export const STAGES = ['front end', 'planning', 'code mutants', 'solver', 'scoring', 'clause view', 'generation', 'backend'] as const;

export type Stage = (typeof STAGES)[number];

export interface InternalError {
  readonly stage: Stage;
  readonly message: string;
}

/** An exception with the stage it was thrown in; the innermost stage wins (`atStage` inside `atStage`). */
export class StageError extends Error {
  override name = 'StageError';
  constructor(
    readonly stage: Stage,
    override readonly cause: unknown,
  ) {
    super(`${stage}: ${messageOf(cause)}`);
  }
}

/** Runs `work`, tagging what it throws with `stage` (an already tagged exception keeps its own stage). */
export function atStage<T>(stage: Stage, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw tagged(stage, error);
  }
}

/** `atStage` for asynchronous work: a rejection is tagged the same way. */
export async function atStageAsync<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw tagged(stage, error);
  }
}

/** What `error` says, with its stage (`fallback` when it was thrown outside any `atStage`). */
export function internalErrorOf(error: unknown, fallback: Stage): InternalError {
  if (error instanceof StageError) return { stage: error.stage, message: messageOf(error.cause) };
  return { stage: fallback, message: messageOf(error) };
}

/** The boundary itself: `work`'s value, or `onError` of the tagged error; under `throw`, the original exception. */
export function guarded<T>(policy: InternalErrors | undefined, stage: Stage, work: () => T, onError: (error: InternalError) => T): T {
  try {
    return work();
  } catch (error) {
    if (policy === 'throw') throw untagged(error);
    return onError(internalErrorOf(error, stage));
  }
}

/** `guarded` for asynchronous work. */
export async function guardedAsync<T>(
  policy: InternalErrors | undefined,
  stage: Stage,
  work: () => Promise<T>,
  onError: (error: InternalError) => T,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (policy === 'throw') throw untagged(error);
    return onError(internalErrorOf(error, stage));
  }
}

/** The reason a report or summary shows: `internal error in solver: <message>`. */
export function internalErrorReason(error: InternalError): string {
  return `internal error in ${error.stage}: ${error.message}`;
}

function tagged(stage: Stage, error: unknown): StageError {
  return error instanceof StageError ? error : new StageError(stage, error);
}

/** Tests see the exception the bug threw, with its own stack, not the boundary's wrapper. */
function untagged(error: unknown): unknown {
  return error instanceof StageError ? error.cause : error;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}
