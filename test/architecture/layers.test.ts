// The invariants ARCHITECTURE.md states, checked: imports go one way, layers meet at their index.ts, the core does
// no IO, protocol libraries stay in the presentation layers, and every folder has a code-map entry.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server/src');

/** A layer may import from layers of lower or equal rank only; `stdx` (rank -1) from none, and every layer from it. */
const LAYER_RANK: Readonly<Record<string, number>> = {
  stdx: -1,
  syntax: 0,
  model: 1,
  eval: 2,
  harness: 3,
  backends: 4,
  engine: 4,
  host: 4,
  reports: 5,
  cli: 5,
  lsp: 5,
  mcp: 5,
};
const CORE_LAYERS = ['stdx', 'syntax', 'model', 'eval', 'harness', 'engine'];
/** `spec-harness lsp --stdio` and `spec-harness mcp` start their servers: the places the CLI reaches into them. */
const ALLOWED_CROSSINGS = new Set(['cli/lsp-command.ts -> lsp', 'cli/mcp-command.ts -> mcp']);

interface ImportSite {
  readonly file: string;
  readonly specifier: string;
  readonly typeOnly: boolean;
}

describe('architecture', () => {
  const serverFiles = listTs(SERVER);

  it('has a layer rank for every folder of server/src', () => {
    const folders = readdirSync(SERVER).filter((name) => statSync(path.join(SERVER, name)).isDirectory());
    expect(folders.filter((folder) => LAYER_RANK[folder] === undefined)).toEqual([]);
  });

  it('imports only from layers to the left, and only through their index.ts', () => {
    const violations: string[] = [];
    for (const site of serverFiles.flatMap(importsOf)) {
      if (!site.specifier.startsWith('.')) continue;
      const fromLayer = layerOf(site.file);
      const target = path.relative(SERVER, path.resolve(path.dirname(site.file), site.specifier));
      const [toLayer, ...rest] = target.split(path.sep);
      if (toLayer === undefined || toLayer === '..' || toLayer === fromLayer) continue;
      const crossing = `${path.relative(SERVER, site.file)} -> ${toLayer}`;
      if (ALLOWED_CROSSINGS.has(crossing)) continue;
      if ((LAYER_RANK[toLayer] ?? 99) > (LAYER_RANK[fromLayer] ?? -1) || toLayer === 'lsp') {
        violations.push(`${crossing}: against the layer order`);
      }
      if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) {
        violations.push(`${crossing}: reaches past ${toLayer}/index.ts (${site.specifier})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps the core free of IO, clocks, randomness and the environment', () => {
    const violations: string[] = [];
    for (const file of serverFiles.filter((f) => CORE_LAYERS.includes(layerOf(f)))) {
      const text = stripComments(readFileSync(file, 'utf8'));
      for (const site of importsOf(file)) {
        if (/^(node:)?(fs|child_process|net|http|https|worker_threads)(\/|$)/.test(site.specifier) || site.specifier === 'execa') {
          violations.push(`${path.relative(SERVER, file)} imports ${site.specifier}`);
        }
      }
      for (const banned of ['process.env', 'process.argv', 'Date.now(', 'Math.random(', 'performance.now(']) {
        if (text.includes(banned)) violations.push(`${path.relative(SERVER, file)} uses ${banned}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('touches the process (its environment, arguments, exit, child processes) only in the front ends and the IO layers', () => {
    const PROCESS_LAYERS = ['cli', 'lsp', 'backends', 'host'];
    const violations: string[] = [];
    for (const file of serverFiles.filter((f) => !PROCESS_LAYERS.includes(layerOf(f)))) {
      const text = stripComments(readFileSync(file, 'utf8'));
      if (/\bprocess\.[a-zA-Z]/.test(text)) violations.push(`${path.relative(SERVER, file)} uses process`);
      for (const site of importsOf(file)) {
        if (/^(node:)?child_process$/.test(site.specifier) || site.specifier === 'execa')
          violations.push(`${path.relative(SERVER, file)} imports ${site.specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('reaches decideObligations (the embedded evaluator on obligations) outside harness/ only through backends/', () => {
    const violations = serverFiles
      .filter((file) => !['harness', 'backends'].includes(layerOf(file)))
      .filter((file) => /\bdecideObligations\b/.test(stripComments(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SERVER, file));
    expect(violations).toEqual([]);
  });

  it('imports vscode and the LSP libraries only in lsp/ and client/', () => {
    const violations = serverFiles
      .flatMap(importsOf)
      .filter((site) => /^vscode(-languageserver|-languageclient|-jsonrpc)?(\/|$)/.test(site.specifier))
      .filter((site) => layerOf(site.file) !== 'lsp')
      .map((site) => `${path.relative(SERVER, site.file)} imports ${site.specifier}`);
    expect(violations).toEqual([]);
  });

  it('lets the client import from the server only its protocol module, and that module only the LSP protocol library', () => {
    const violations = listTs(path.join(ROOT, 'client/src'))
      .flatMap(importsOf)
      .filter((site) => site.specifier.includes('server/') && !site.typeOnly && !site.specifier.endsWith('server/src/lsp/protocol'))
      .map((site) => `${path.relative(ROOT, site.file)} imports ${site.specifier} at run time`);
    const protocolImports = importsOf(path.join(SERVER, 'lsp', 'protocol.ts'))
      .filter((site) => site.specifier !== 'vscode-languageserver-protocol')
      .map((site) => `lsp/protocol.ts imports ${site.specifier}`);
    expect([...violations, ...protocolImports]).toEqual([]);
  });

  it('writes each custom method name and command id once, in lsp/protocol.ts', () => {
    const spelled = /'specHarness(\/[A-Za-z]+|\.server\.[A-Za-z]+|\.scoreWorkspace)'/g;
    const elsewhere = [...listTs(path.join(ROOT, 'client/src')), ...serverFiles]
      .filter((file) => file !== path.join(SERVER, 'lsp', 'protocol.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(spelled)].map((match) => `${path.relative(ROOT, file)}: ${match[0]}`));
    expect(elsewhere).toEqual([]);
  });

  it('gives every server folder an entry in the ARCHITECTURE.md code map', () => {
    const architecture = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    const folders = readdirSync(SERVER).filter((name) => statSync(path.join(SERVER, name)).isDirectory());
    expect(folders.filter((folder) => !architecture.includes(`### \`server/src/${folder}/\``))).toEqual([]);
  });
});

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTs(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function layerOf(file: string): string {
  return path.relative(SERVER, file).split(path.sep)[0] ?? '';
}

function importsOf(file: string): ImportSite[] {
  const text = stripComments(readFileSync(file, 'utf8'));
  const sites: ImportSite[] = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) {
    sites.push({ file, specifier: match[3] ?? '', typeOnly: match[2] !== undefined });
  }
  for (const match of text.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    sites.push({ file, specifier: match[1] ?? '', typeOnly: false });
  }
  return sites;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}
