// JUnit XML for CI test widgets (GitLab, Jenkins, ...): a test suite per Verus file, a test case per function with
// a contract. A failure is a function below the gate (or worse than its baseline), with the wrong output the
// ensures accepts; a function nothing measured is skipped, one the harness could not score is an error.

import type { CheckReport, FileReport, FunctionReport } from '../harness';
import { formatScore } from '../harness';
import { functionKey } from './locations';
import type { FunctionFailures } from './locations';

export function toJunit(report: CheckReport, failures: FunctionFailures): string {
  const suites = report.files.map((file) => suiteXml(file, failures));
  const tests = report.files.reduce((sum, file) => sum + file.functions.length, 0);
  const failed = report.files.reduce((sum, file) => sum + file.functions.filter((fn) => failures.has(functionKey(file, fn))).length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="spec-harness" tests="${tests}" failures="${failed}">\n${suites.join('')}</testsuites>\n`;
}

function suiteXml(file: FileReport, failures: FunctionFailures): string {
  const cases = file.functions.map((fn) => caseXml(file, fn, failures.get(functionKey(file, fn))));
  const count = (predicate: (fn: FunctionReport) => boolean): number => file.functions.filter(predicate).length;
  const attributes = [
    `name="${xml(file.path)}"`,
    `tests="${file.functions.length}"`,
    `failures="${count((fn) => failures.has(functionKey(file, fn)))}"`,
    `errors="${count((fn) => fn.status === 'error')}"`,
    `skipped="${count((fn) => fn.status === 'no-pairs' || fn.status === 'unsupported')}"`,
  ];
  return `  <testsuite ${attributes.join(' ')}>\n${cases.join('')}  </testsuite>\n`;
}

function caseXml(file: FileReport, fn: FunctionReport, failure: readonly string[] | undefined): string {
  const open = `    <testcase classname="${xml(file.path)}" name="${xml(fn.qualifiedName)}" file="${xml(file.path)}" line="${fn.nameRange.start.line + 1}"`;
  if (fn.status === 'error') return `${open}>\n      <error message="${xml(fn.reason ?? 'error')}"/>\n    </testcase>\n`;
  if (fn.status !== 'scored') return `${open}>\n      <skipped message="${xml(`${fn.status}: ${fn.reason ?? ''}`)}"/>\n    </testcase>\n`;
  const scores = `PostCorr ${formatScore(fn.scores.postCorrectness)} PostComp ${formatScore(fn.scores.postCompleteness)} PreCorr ${formatScore(fn.scores.preCorrectness)} PreComp ${formatScore(fn.scores.preCompleteness)}`;
  if (failure === undefined) return `${open}>\n      <system-out>${xml(scores)}</system-out>\n    </testcase>\n`;
  const body = [scores, ...evidenceLines(fn)].join('\n');
  return `${open}>\n      <failure message="${xml(failure.join('; '))}" type="below-gate">${xml(body)}</failure>\n    </testcase>\n`;
}

/** What cost the function its points, one line each: the accepted wrong outputs first. */
export function evidenceLines(fn: FunctionReport): string[] {
  const lines: string[] = [];
  for (const mutant of fn.acceptedMutants.slice(0, 5)) {
    lines.push(
      `accepts the wrong output ${mutant.display ?? JSON.stringify(mutant.mutant)} (${mutant.operator}; correct: ${JSON.stringify(mutant.output)})`,
    );
  }
  if (fn.acceptedMutants.length > 5) lines.push(`... and ${fn.acceptedMutants.length - 5} more wrong outputs accepted`);
  const rejected = fn.rejectedPairs[0];
  if (rejected !== undefined) {
    lines.push(
      `rejects the correct output ${rejected.display ?? JSON.stringify(rejected.output)}${rejected.clause === null ? '' : ` by \`${rejected.clause.text}\``}`,
    );
  }
  const rejectedInput = fn.rejectedValidInputs[0];
  if (rejectedInput !== undefined)
    lines.push(`requires rejects the valid input ${rejectedInput.display ?? JSON.stringify(rejectedInput.input)}`);
  const admitted = fn.admittedInvalidInputs[0];
  if (admitted !== undefined)
    lines.push(`requires admits the invalid input ${admitted.display ?? JSON.stringify(admitted.input)}: ${admitted.reason}`);
  return lines;
}

/** Text safe in XML attributes and content; characters XML 1.0 forbids are dropped. */
function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}
