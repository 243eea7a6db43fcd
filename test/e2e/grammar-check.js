// Tokenizes a Verus snippet with VS Code's own TextMate engine (vscode-textmate + oniguruma, from the code-server
// install) and its Rust grammar plus our injection, and checks which scopes the Verus keywords get.
// usage: node test/e2e/grammar-check.js <code-server package dir>
const fs = require('fs');
const path = require('path');
const cs = process.argv[2];
const vs = path.join(cs, 'lib/vscode');
const tm = require(path.join(vs, 'node_modules/vscode-textmate'));
const onig = require(path.join(vs, 'node_modules/vscode-oniguruma'));
const wasm = fs.readFileSync(path.join(vs, 'node_modules/vscode-oniguruma/release/onig.wasm')).buffer;
const ROOT = path.resolve(__dirname, '../..');
const grammars = {
  'source.rust': path.join(vs, 'extensions/rust/syntaxes/rust.tmLanguage.json'),
  'source.rust.verus-injection': path.join(ROOT, 'syntaxes/verus.injection.tmLanguage.json'),
  'source.rust.verus-region': path.join(ROOT, 'syntaxes/verus.region.tmLanguage.json'),
};
const text = `fn outside(requires: u8) {}
verus! {
spec fn inc(x: int) -> int { x + 1 }
fn f(v: &Vec<u8>) -> (r: u8)
    requires v.len() > 0,
    ensures forall|i: int| 0 <= i < v.len() ==> r >= v[i], r == old(v)[0] ==> true,
{ if v.len() > 1 { v[0] } else { v[0] } }
proof fn p() ensures true {}
} // verus!
fn after(ensures: u8) {}`;
(async () => {
  await onig.loadWASM(wasm);
  const registry = new tm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s) => new onig.OnigScanner(s), createOnigString: (s) => new onig.OnigString(s) }),
    loadGrammar: async (scope) => (grammars[scope] ? tm.parseRawGrammar(fs.readFileSync(grammars[scope], 'utf8'), grammars[scope]) : null),
    getInjections: (scope) => (scope === 'source.rust' ? ['source.rust.verus-region', 'source.rust.verus-injection'] : []),
  });
  const grammar = await registry.loadGrammar('source.rust');
  let state = tm.INITIAL;
  const found = [];
  text.split('\n').forEach((line, n) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    for (const t of r.tokens) {
      const word = line.slice(t.startIndex, t.endIndex);
      if (/^(requires|ensures|forall|spec|proof|old|==>)$/.test(word))
        found.push(`${n + 1}:${word} ${t.scopes.filter((s) => /verus/.test(s)).join(' ') || '(rust only)'}`);
    }
  });
  console.log(found.join('\n'));
  const expectVerus = (needle) => found.some((f) => f.startsWith(needle) && /verus\./.test(f.split(' ').pop()));
  const ok =
    expectVerus('5:requires') &&
    expectVerus('6:ensures') &&
    expectVerus('6:forall') &&
    expectVerus('6:==>') &&
    expectVerus('3:spec') &&
    expectVerus('8:proof') &&
    found.some((f) => f.startsWith('1:requires') && f.endsWith('(rust only)')) &&
    found.some((f) => f.startsWith('10:ensures') && f.endsWith('(rust only)'));
  console.log(ok ? 'grammar ok' : 'grammar FAILED');
  process.exit(ok ? 0 : 1);
})().catch((e) => {
  console.error(e);
  process.exit(2);
});
