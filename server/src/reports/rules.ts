// One rule per diagnostic code, worded as in the README's "Diagnostics" section: SARIF's rule metadata and the
// GitHub annotations' titles. A Record over DiagnosticCode, so a new code cannot ship without its rule.

import type { DiagnosticCode } from '../harness';

export interface RuleText {
  readonly shortDescription: string;
  readonly fullDescription: string;
  readonly help: string;
}

export const RULES: Readonly<Record<DiagnosticCode, RuleText>> = {
  'weak-postcondition': {
    shortDescription: 'The ensures accepts wrong outputs',
    fullDescription: 'PostComp is below the threshold: the ensures accepts wrong outputs (mutants of known-correct outputs).',
    help: 'Strengthen the ensures, or, if that output is in fact correct, declare it in `acceptable` in the pairs file.',
  },
  'rejects-correct-output': {
    shortDescription: 'A clause of the ensures rejects a known-correct pair',
    fullDescription: 'A clause of the ensures rejects a known-correct pair: the contract is too strong, or the pair is wrong.',
    help: 'Weaken the named clause, or correct the pair in the pairs file.',
  },
  'outside-requires': {
    shortDescription: 'The ensures rejects a pair whose input the requires rejects too',
    fullDescription:
      'A pair lies outside the requires: a verified implementation promises nothing there, so the rejection is no error and is not counted in PostCorr.',
    help: 'Nothing to fix in the contract; remove the pair or move its input to `invalid` if it is not a valid input.',
  },
  'rejects-valid-input': {
    shortDescription: 'The requires rejects an input the implementation handles',
    fullDescription: 'The requires rejects an input on which the implementation returns normally.',
    help: 'Weaken the requires, or, if the input really is outside the intended domain, move it to `invalid` in the pairs file.',
  },
  'stronger-precondition': {
    shortDescription: 'A requires clause is stronger than the code needs',
    fullDescription:
      'On generated inputs that violate this clause alone, the implementation returned without a panic every time and the ensures accepted its output: the contract would still hold with the clause weakened. A sample, not a proof; a deliberate domain restriction may be kept.',
    help: 'Weaken or drop the clause if the restriction is not intended, or, if the input really is outside the intended domain, move it to `invalid` in the pairs file.',
  },
  'admits-invalid-input': {
    shortDescription: 'The requires admits an input on which the implementation panics',
    fullDescription:
      'The requires admits an input on which the implementation panics (overflow, index out of bounds, division by zero, ...).',
    help: 'Strengthen the requires so that it rules the input out.',
  },
  'vacuous-postcondition': {
    shortDescription: 'The ensures rejects no wrong output at all',
    fullDescription: 'No mutant is rejected (PostComp 0): the ensures says nothing about the result.',
    help: 'Write an ensures that relates the result to the inputs.',
  },
  'reject-all-precondition': {
    shortDescription: 'The requires admits no valid input',
    fullDescription: 'No valid input is admitted (PreCorr 0): the profile of refutation-style generators such as Houdini.',
    help: 'Weaken the requires until the inputs the implementation handles are admitted.',
  },
  unsupported: {
    shortDescription: 'A construct the evaluator does not implement',
    fullDescription: 'A construct the evaluator does not implement; the function (or the obligation) is not scored, never scored as false.',
    help: 'Rewrite the construct, or score the function with the verus backend.',
  },
  indeterminate: {
    shortDescription: 'A verdict the definitions leave open',
    fullDescription:
      'The definitions leave the value open (an index out of range, `/ 0`, `as nat` of a negative, an unbounded quantifier, the step budget): counted apart, never in a score.',
    help: 'Bound the quantifier or guard the partial operation so that the clause is decided on the pairs.',
  },
  'no-pairs': {
    shortDescription: 'A function with a contract and no pairs',
    fullDescription: 'A function with a contract and no pairs: nothing measures its contract.',
    help: 'Generate pairs with `spec-harness pairs` or the editor quick-fix "Generate pairs file".',
  },
  'pairs-file': {
    shortDescription: 'An error in the pairs file',
    fullDescription:
      'An error in the pairs file itself (JSON syntax, unknown function, missing or extra parameter, wrong type), at its exact position.',
    help: 'Fix the pairs-file entry at the reported position.',
  },
  syntax: {
    shortDescription: 'The Verus parser could not read an item',
    fullDescription: 'The Verus parser could not read an item; the rest of the file is still analysed.',
    help: 'Fix the syntax error; the item is not scored until it parses.',
  },
};

export const RULE_CODES = Object.keys(RULES) as DiagnosticCode[];
