// The Test Explorer's view of a FileReport: each function a test, passing when every score meets the threshold,
// failing with the evidence (the correct output next to the accepted wrong output, as expected/actual).

import type { FileReport, FunctionReport, JsonValue } from '../harness';
import { meetsHarness } from '../harness';
import { toLspRange } from './convert';
import { formatJson, scoreLensTitle } from './markdown';
import type { FunctionTestResult, TestResultMessage, TestResultsParams } from './protocol';

/** A failing test shows this many accepted wrong outputs (the report view has them all). */
const MAX_MUTANT_MESSAGES = 5;

export function testResults(uri: string, report: FileReport, threshold: number): TestResultsParams {
  return { uri, threshold, functions: report.functions.map((fn) => functionResult(fn, threshold)) };
}

function functionResult(fn: FunctionReport, threshold: number): FunctionTestResult {
  const range = toLspRange(fn.range);
  if (fn.status !== 'scored') {
    const description = fn.reason === null ? fn.status : `${fn.status}: ${fn.reason}`;
    const outcome = fn.status === 'error' ? 'errored' : 'skipped';
    return {
      qualifiedName: fn.qualifiedName,
      range,
      description,
      outcome,
      messages: [{ message: description, range: toLspRange(fn.nameRange) }],
    };
  }
  const passed = meetsHarness(fn, threshold);
  return {
    qualifiedName: fn.qualifiedName,
    range,
    description: scoreLensTitle(fn),
    outcome: passed ? 'passed' : 'failed',
    messages: passed ? [] : failureMessages(fn),
  };
}

function failureMessages(fn: FunctionReport): TestResultMessage[] {
  const ensures = toLspRange(fn.ensuresRange ?? fn.nameRange);
  const messages: TestResultMessage[] = fn.acceptedMutants.slice(0, MAX_MUTANT_MESSAGES).map((mutant) => ({
    message: `The ensures accepts the wrong output ${mutant.display ?? formatJson(mutant.mutant)} (${mutant.operator})`,
    range: ensures,
    expected: outcomeText(mutant.input, mutant.output, mutant.after),
    actual: outcomeText(mutant.input, mutant.mutant, mutant.mutantAfter),
  }));
  for (const pair of fn.rejectedPairs.slice(0, 1)) {
    const clause = pair.clause === null ? 'the ensures' : `clause ${pair.clause.index + 1} \`${pair.clause.text}\``;
    messages.push({
      message: `${clause} rejects the correct output ${pair.display ?? formatJson(pair.output)}`,
      range: toLspRange(pair.clause?.range ?? fn.ensuresRange ?? fn.nameRange),
      expected: `${outcomeText(pair.input, pair.output, pair.after)}\naccepted`,
      actual: `${outcomeText(pair.input, pair.output, pair.after)}\nrejected by ${clause}`,
    });
  }
  for (const input of fn.rejectedValidInputs.slice(0, 1)) {
    messages.push({
      message: `The requires rejects the valid input ${input.display ?? formatJson(input.input)}`,
      range: toLspRange(input.clause?.range ?? fn.requiresRange ?? fn.nameRange),
    });
  }
  for (const input of fn.admittedInvalidInputs.slice(0, 1)) {
    messages.push({
      message: `The requires admits the invalid input ${input.display ?? formatJson(input.input)}: ${input.reason}`,
      range: toLspRange(fn.requiresRange ?? fn.nameRange),
    });
  }
  for (const warning of fn.warnings) messages.push({ message: warning.message, range: ensures });
  return messages;
}

/** Two lines that differ only where the outputs differ, for the diff view. */
function outcomeText(input: JsonValue, output: JsonValue | null, after: JsonValue | null): string {
  const lines = [`input ${JSON.stringify(input)}`, `output ${JSON.stringify(output)}`];
  if (after !== null) lines.push(`after ${JSON.stringify(after)}`);
  return lines.join('\n');
}
