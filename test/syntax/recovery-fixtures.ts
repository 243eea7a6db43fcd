// What the recovery tests share: the syntax fixtures' texts and the fn names a parse finds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSourceFile } from '../../server/src/syntax';

const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'syntax');

/** The texts of test/fixtures/syntax/*.rs, by file name. */
export const SYNTAX_FIXTURES: readonly string[] = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.rs'))
  .sort()
  .map((name) => readFileSync(join(FIXTURE_DIR, name), 'utf8'));

/** Names of the top-level fns the parser finds in `text`. */
export function fnNames(text: string): string[] {
  return parseSourceFile(text).items.flatMap((item) => (item.kind === 'fn' ? [item.name] : []));
}
