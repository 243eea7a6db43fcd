// The npm package as users get it: `npm pack` in the checkout, the tarball installed into an empty project with no
// network, then every command the README gives agents and CI, run through `npx spec-harness` exactly as written
// there (and the bin through its link from another folder, as a global install or npx's cache runs it).
//
// Offline on purpose: `npm ci` left every dependency's tarball in npm's cache, but not the registry metadata a plain
// `npm install <tarball>` resolves versions with, so the empty project gets a lockfile naming the tarball and
// the checkout's own locked runtime dependencies (the entries not marked dev), and `npm ci --offline` installs it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient } from '../lsp/lsp-client';

const ROOT = resolve(__dirname, '..', '..');
const AGENTS = join(ROOT, 'test', 'fixtures', 'agents');
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

interface LockEntry {
  readonly version?: string;
  readonly dev?: boolean;
  readonly [field: string]: unknown;
}
interface Lockfile {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** npm and npx never reach the network in this file: what they need is in the cache or it is a failure. */
const OFFLINE_ENV = { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

function run(command: string, args: readonly string[], cwd: string, input?: string): Run {
  const result = spawnSync(command, args, { cwd, input, encoding: 'utf8', env: OFFLINE_ENV, timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `npx spec-harness ARGS` in `cwd`, as the README writes it. */
function npx(args: readonly string[], cwd: string, input?: string): Run {
  return run('npx', ['spec-harness', ...args], cwd, input);
}

function expectSuccess(result: Run): Run {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

let scratch: string;
let tarball: string;
let packedFiles: readonly string[];
let packedSize: number;
/** The user's project: the tarball installed, the agent fixtures' strong and weak contracts under src/. */
let project: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'spec-harness-package-'));
  // `npm pack` builds first (prepack), as it does for a release.
  const packed = expectSuccess(run('npm', ['pack', '--json', '--pack-destination', scratch], ROOT));
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string;
    size: number;
    files: { path: string }[];
  }[];
  if (info === undefined) throw new Error(`npm pack said nothing: ${packed.stdout}`);
  tarball = join(scratch, info.filename);
  packedFiles = info.files.map((file) => file.path);
  packedSize = info.size;

  project = join(scratch, 'project');
  cpSync(join(AGENTS, 'strong'), join(project, 'src', 'strong'), { recursive: true });
  cpSync(join(AGENTS, 'weak'), join(project, 'src', 'weak'), { recursive: true });
  writeOfflineLockfile(project, tarball);
  expectSuccess(run('npm', ['ci'], project));
}, 600_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** The project's package.json and a lockfile: the tarball as its one dependency, the checkout's locked runtime
 *  dependencies (with their registry URLs and integrity, which the cache is keyed by) as its dependencies. */
function writeOfflineLockfile(folder: string, packageTarball: string): void {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  const root = lock.packages[''];
  if (root === undefined) throw new Error('package-lock.json has no root entry');
  const spec = pathToFileURL(packageTarball).toString();
  const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.dev !== true);
  const packages: Record<string, unknown> = {
    '': { name: 'user-project', version: '1.0.0', dependencies: { [MANIFEST.name]: spec } },
    [`node_modules/${MANIFEST.name}`]: {
      version: MANIFEST.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(packageTarball)).digest('base64')}`,
      dependencies: root['dependencies'],
      bin: root['bin'],
      engines: root['engines'],
    },
    ...Object.fromEntries(runtime),
  };
  const manifest = { name: 'user-project', version: '1.0.0', private: true, dependencies: { [MANIFEST.name]: spec } };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(folder, 'package-lock.json'),
    `${JSON.stringify({ name: 'user-project', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

describe('the npm package', () => {
  it('holds what runs and what users read: bundles, bin, schemas, grammars, README, LICENSE, CHANGELOG', () => {
    for (const file of ['bin/spec-harness.js', 'dist/cli.js', 'dist/server.js', 'dist/mutation-test-elements.js']) {
      expect(packedFiles).toContain(file);
    }
    for (const file of ['schemas/pairs.schema.json', 'syntaxes/verus.injection.tmLanguage.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
      expect(packedFiles).toContain(file);
    }
    expect(
      packedFiles.filter((file) => /^(test|bench|server|client|scripts|examples)\/|\.map$|^tsconfig|config\.m?[jt]s$/.test(file)),
    ).toEqual([]);
    // The README states the size; a bundle left unbuilt or a folder let in by mistake shows here.
    expect(packedSize).toBeLessThan(1_500_000);
  });

  it('installs with nothing but its runtime dependencies, none of them run an install script, and says its version', () => {
    const installed = readdirNames(join(project, 'node_modules')).sort();
    expect(installed).toEqual(
      [
        'async-mutex',
        'mutation-testing-elements',
        'node-addon-api',
        'node-gyp-build',
        MANIFEST.name,
        'tree-sitter',
        'tree-sitter-rust',
        'tslib',
        'z3-solver',
      ].sort(),
    );
    // npm ran no install script (its default): tree-sitter's prebuilds load as shipped, with nothing compiled.
    expect(existsSync(join(project, 'node_modules', 'tree-sitter', 'build'))).toBe(false);
    expect(expectSuccess(npx(['--version'], project)).stdout.trim()).toBe(MANIFEST.version);
  });

  it('runs from a subfolder through npx and through its bin link from any folder, as a global install does', () => {
    expect(expectSuccess(npx(['--version'], join(project, 'src'))).stdout.trim()).toBe(MANIFEST.version);
    const link = join(project, 'node_modules', '.bin', 'spec-harness');
    expect(realpathSync(link)).toBe(join(realpathSync(project), 'node_modules', MANIFEST.name, 'bin', 'spec-harness.js'));
    const elsewhere = mkdtempSync(join(scratch, 'elsewhere-'));
    cpSync(join(AGENTS, 'strong', 'double.rs'), join(elsewhere, 'double.rs'));
    const checked = run(link, ['check', 'double.rs', '--json'], elsewhere);
    expectSuccess(checked);
    expect((JSON.parse(checked.stdout) as { files: unknown[] }).files).toHaveLength(1);
  });

  it('pairs writes the pairs file; check scores it and fails the gate on the weak contract only', () => {
    const fresh = mkdtempSync(join(project, 'pairs-'));
    cpSync(join(AGENTS, 'weak', 'double.rs'), join(fresh, 'double.rs'));
    expectSuccess(npx(['pairs', 'double.rs'], fresh));
    expect(existsSync(join(fresh, 'double.pairs.json'))).toBe(true);
    const report = JSON.parse(expectSuccess(npx(['check', 'double.rs', '--json'], fresh)).stdout) as {
      files: { functions: { qualifiedName: string; scores: { postCompleteness: number | null } }[] }[];
    };
    const [weak] = report.files[0]?.functions ?? [];
    expect(weak?.qualifiedName).toBe('double');
    expect(weak?.scores.postCompleteness).toBeLessThan(0.75);
    expect(npx(['check', 'src/strong', '--gate', 'post=0.75', '--format', 'github'], project).status).toBe(0);
    expect(npx(['check', 'src/weak', '--gate', 'post=0.75', '--format', 'github'], project).status).toBe(1);
  });

  it('check --format sarif writes SARIF 2.1.0 naming this version', () => {
    expectSuccess(npx(['check', 'src', '--format', 'sarif', '--output', 'spec-harness.sarif', '--html', 'spec-harness.html'], project));
    const sarif = JSON.parse(readFileSync(join(project, 'spec-harness.sarif'), 'utf8')) as {
      version: string;
      runs: { tool: { driver: { name: string; version: string } }; results: unknown[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.tool.driver).toMatchObject({ name: 'spec-harness', version: MANIFEST.version });
    expect(sarif.runs[0]?.results.length).toBeGreaterThan(0);
    expect(readFileSync(join(project, 'spec-harness.html'), 'utf8')).toContain('mutation-test-report-app');
  });

  it('gate --hook claude-code blocks a Stop on the weak contract and lets it through on the strong one', () => {
    const stop = (folder: string): string =>
      JSON.stringify({ ...hookRecording('claude-code-stop.json'), cwd: join(project, 'src', folder) });
    const blocked = expectSuccess(npx(['gate', '--hook', 'claude-code'], project, stop('weak')));
    expect(JSON.parse(blocked.stdout)).toMatchObject({ decision: 'block' });
    const passed = expectSuccess(npx(['gate', '--hook', 'claude-code'], project, stop('strong')));
    expect(passed.stdout.trim() === '' || passed.stdout.trim() === '{}').toBe(true);
  });

  it('serves MCP over stdio: initialize, list the tools, call score_contract', async () => {
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['spec-harness', 'mcp'],
      cwd: project,
      env: OFFLINE_ENV as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'spec-harness', version: MANIFEST.version });
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('score_contract');
      const result = (await client.callTool({ name: 'score_contract', arguments: { path: 'src/weak/double.rs' } })) as CallToolResult;
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      expect(JSON.stringify(result.structuredContent)).toContain('"double"');
    } finally {
      await client.close();
    }
  }, 120_000);

  it('serves LSP with `spec-harness lsp --stdio`: initialize, open the weak contract, diagnostics name what slips through', async () => {
    const uri = pathToFileURL(join(project, 'src', 'weak', 'double.rs')).toString();
    const client = await startClient('', {}, {}, pathToFileURL(project).toString(), [], {
      launch: { command: 'npx', args: ['spec-harness', 'lsp', '--stdio'], cwd: project },
    });
    try {
      const text = readFileSync(join(project, 'src', 'weak', 'double.rs'), 'utf8');
      void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
      const diagnostics = await client.diagnostics(uri, (published) => published.some((d) => d.code === 'weak-postcondition'));
      expect(diagnostics.find((d) => d.code === 'weak-postcondition')?.message).toMatch(/double/);
    } finally {
      expect(await client.stop()).toBe(0);
    }
  }, 120_000);
});

function hookRecording(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(AGENTS, 'hooks', name), 'utf8')) as Record<string, unknown>;
}

function readdirNames(folder: string): string[] {
  return readdirSync(folder).filter((name) => !name.startsWith('.'));
}
