// Suggestions on the teaching examples (their pairs files as shipped): what `npm run demo` with `--suggest` proposes
// for each weak contract.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, suggestClauses } from '../../server/src/harness';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

function topSuggestions(name: string): Record<string, string | undefined> {
  const text = readFileSync(join(EXAMPLES, `${name}.rs`), 'utf8');
  const pairsText = readFileSync(join(EXAMPLES, `${name}.pairs.json`), 'utf8');
  const suggested = suggestClauses({ path: `${name}.rs`, text, pairsPath: `${name}.pairs.json`, pairsText }, DEFAULT_CHECK_OPTIONS);
  return Object.fromEntries(suggested.map((fn) => [fn.qualifiedName, fn.suggestions[0]?.clause]));
}

describe('suggestions on the examples', () => {
  it.each([
    [
      'change_case',
      {
        change_case:
          "!('a' <= c <= 'z' || 'A' <= c <= 'Z') ==> r == c, 'A' <= c <= 'Z' ==> r == ((c as u8) + 32) as char, 'a' <= c <= 'z' ==> r == ((c as u8) - 32) as char",
      },
    ],
    ['push_twice', { 'Solution::push_twice_loose': 'v@ == old(v)@.push(x).push(x)' }],
    ['strings', { count_char: 'count == s@.filter(|x: char| x == c).len()' }],
    ['vacuous', { count_positive: 'count == v@.filter(|x: i32| x > 0).len()' }],
    ['strong', {}],
  ])('%s', (name, expected) => {
    expect(topSuggestions(name)).toEqual(expected);
  });
});
