// Why a function got no pairs, said specifically: the construct that cannot run (and where), the `requires`
// clause that rejected the generated inputs (and what share of them), the step budget, an `assume`, panics. The
// `pairs` command prints it, and `check` gives it as the reason of a function whose entry holds nothing usable.

import type { FileModel, FunctionContract } from '../../model';
import type { Span } from '../../syntax';
import type { FunctionGeneration } from './generate-function';

export interface NoPairsReason {
  readonly message: string;
  /** Where to look: the construct, the rejecting clause, or the function's name. */
  readonly span: Span;
}

/** Undefined when the generation has pairs. */
export function whyNoPairs(model: FileModel, fn: FunctionContract, generation: FunctionGeneration): NoPairsReason | undefined {
  if (generation.notRunnable !== undefined)
    return { message: `cannot be run: ${generation.notRunnable.reason}`, span: generation.notRunnable.span };
  if (generation.pairs.length > 0) return undefined;
  const tried = generation.tried;
  const at = fn.nameSpan;
  if (tried === 0) return { message: 'no input could be built for its parameters', span: at };
  const rejecting = mostRejecting(generation.requiresRejections);
  const rejected = generation.requiresRejections.reduce((sum, count) => sum + count, 0);
  const clause = rejecting === undefined ? undefined : fn.requires[rejecting.index];
  const byClause =
    rejecting === undefined || clause === undefined
      ? undefined
      : {
          message: `no generated input satisfied \`requires\`: clause ${rejecting.index + 1} (\`${clauseText(model, clause.clause.span)}\`) rejected ${percent(rejecting.count, tried)} of the ${tried} inputs tried`,
          span: clause.clause.span,
        };
  if (byClause !== undefined && 2 * rejected >= tried) return byClause;
  if (generation.timeouts > 0)
    return { message: `the implementation did not finish within its step budget on ${plural(generation.timeouts, 'input')}`, span: at };
  if (generation.violatesAssume > 0)
    return { message: `an \`assume(..)\` in the body was false on ${generation.violatesAssume} of the ${tried} inputs tried`, span: at };
  if (generation.undecided.length > 0)
    return {
      message: `\`requires\` could not be decided on the ${plural(generation.undecided.length, 'input')} the implementation returned on`,
      span: at,
    };
  const panic = generation.invalid[0];
  if (panic !== undefined)
    return { message: `the implementation panicked on every input inside \`requires\` (e.g. ${panic.reason})`, span: at };
  return byClause ?? { message: `none of the ${tried} inputs tried gave a pair`, span: at };
}

function mostRejecting(rejections: readonly number[]): { readonly index: number; readonly count: number } | undefined {
  let best: { index: number; count: number } | undefined;
  rejections.forEach((count, index) => {
    if (count > 0 && (best === undefined || count > best.count)) best = { index, count };
  });
  return best;
}

/** The clause as written, on one line and cut to a readable length. */
function clauseText(model: FileModel, span: Span): string {
  const text = model.source.text.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
  return text.length <= MAX_CLAUSE_TEXT ? text : `${text.slice(0, MAX_CLAUSE_TEXT - 1)}…`;
}

const MAX_CLAUSE_TEXT = 60;

function percent(count: number, of: number): string {
  return `${Math.round((100 * count) / of)}%`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
