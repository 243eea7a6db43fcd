// The Cargo crate a source file belongs to, read from disk: the nearest Cargo.toml above the file names the crate
// roots (`[lib]`/`[[bin]]` paths, else src/lib.rs and src/main.rs), and each root's `mod` declarations are followed
// to their files as rustc does. Each file is read and parsed once per `CrateModels` (one per run), however many
// files of the crate are scored.
// Under no Cargo.toml (Verus projects are often built as `verus src/lib.rs`), a `lib.rs` or `main.rs` in the
// file's folder or up to eight above it (or in such a folder's `src/`) is a root, when its module tree reaches the
// file (anvil's controllers sit four folders below its lib.rs, reached through `#[path]`; Asterinas' specs sit
// beside its `src/`).
// A file in a root's folder that no `mod` reaches but that names the crate (`use crate::..`, `super::`) is read as
// the module its place implies (`pmem/subregion_v.rs` as `crate::pmem::subregion_v`): a module its author has
// commented out of the tree (`// pub mod subregion_v;`) or an experiment beside the crate still means the crate's
// names. Such files join a second model of the crate (the tree's files plus every such file under the root's
// folder), so the files the tree reaches never see them.
// Invariant: any other file no root reaches gets no crate model (the caller scores it alone).

import { access } from 'node:fs/promises';
import * as path from 'node:path';
import { buildCrateModel, moduleDeclarations } from '../model';
import type { CrateFile, CrateModel, FileModel, ModuleDeclaration } from '../model';
import { parseSourceFile } from '../syntax';
import type { SourceFile } from '../syntax';
import { stripByteOrderMark } from '../stdx';
import { readSourceText } from './source-text';
import { walkSourceTree } from './source-tree';

export interface CrateModels {
  /** The model of the file at `absolutePath`, whose text is `text`, with a scope that reaches its whole crate;
   *  undefined when no crate root reaches the file or the file on disk no longer holds `text` (unless `unsaved`). */
  fileModel(absolutePath: string, text: string): Promise<FileModel | undefined>;
}

export interface CrateModelsOptions {
  /** The editor's case: a file whose text is not what its disk holds (unsaved edits) is read with that text in its
   *  crate (the crate's model built anew for it; the last one kept per file), not left out. */
  readonly unsaved?: boolean;
}

export function createCrateModels(options: CrateModelsOptions = {}): CrateModels {
  const parsed = new Map<string, Promise<SourceFile | undefined>>();
  const crates = new Map<string, Promise<readonly LoadedCrate[]>>();
  const manifests = new Map<string, Promise<string | undefined>>();
  const read = (file: string): Promise<SourceFile | undefined> => cached(parsed, file, () => readAndParse(file));
  const bareCrates = new Map<string, Promise<readonly LoadedCrate[]>>();
  const adoptions = new Map<string, Promise<CrateModel>>();
  const edited = new Map<string, FileModel>();
  const inCrates = (loaded: readonly LoadedCrate[], absolutePath: string, text: string): FileModel | 'absent' | undefined => {
    for (const crate of loaded) {
      const model = crate.model.files.get(absolutePath);
      if (model === undefined) continue;
      if (model.source.text === text) return model;
      return options.unsaved === true ? withUnsavedText(crate, absolutePath, text, edited) : undefined;
    }
    return 'absent';
  };
  const adopted = async (loaded: readonly LoadedCrate[], absolutePath: string, text: string): Promise<FileModel | undefined> => {
    const crate = loaded.find((candidate) => isInside(candidate.rootFolder, absolutePath));
    if (crate === undefined || !NAMES_THE_CRATE.test(text)) return undefined;
    const model = await cached(adoptions, crate.root, () => adoptOrphans(crate, read));
    const found = model.files.get(absolutePath);
    return found?.source.text === text ? found : undefined;
  };
  return {
    fileModel: async (absolutePath, text) => {
      const folder = path.dirname(absolutePath);
      const manifestDir = await cached(manifests, folder, () => nearestManifestDir(folder));
      if (manifestDir !== undefined) {
        const loaded = await cached(crates, manifestDir, () => loadCrates(manifestDir, read));
        const found = inCrates(loaded, absolutePath, text);
        return found === 'absent' ? adopted(loaded, absolutePath, text) : found;
      }
      // Verus projects are often built without Cargo (`verus src/lib.rs`): a `lib.rs` or `main.rs` in the file's
      // folder or a few above it is a crate root when its module tree reaches the file.
      const candidates: LoadedCrate[] = [];
      for (const root of bareRootCandidates(folder)) {
        // A candidate that does not exist reads as no file once, and is remembered as no crate.
        const loaded = await cached(bareCrates, root, () => loadBareCrate(root, read));
        const found = inCrates(loaded, absolutePath, text);
        if (found !== 'absent') return found;
        candidates.push(...loaded);
      }
      // The nearest root above the file adopts it.
      return adopted(candidates, absolutePath, text);
    },
  };
}

/** A crate as its tree was read: the root, the folder its modules' files are found from, the files and their model. */
interface LoadedCrate {
  readonly root: string;
  readonly rootFolder: string;
  /** The folder files' display names are relative to (the manifest's, or a bare root's own). */
  readonly displayFolder: string;
  readonly files: readonly CrateFile[];
  readonly model: CrateModel;
}

function loadedCrate(root: string, displayFolder: string, files: readonly CrateFile[]): LoadedCrate {
  return { root, rootFolder: path.dirname(root), displayFolder, files, model: buildCrateModel(files) };
}

/** The file's model in its crate with `text` in place of what its disk holds; `edited` keeps the last per file, so
 *  the next run on the same text costs nothing. */
function withUnsavedText(crate: LoadedCrate, absolutePath: string, text: string, edited: Map<string, FileModel>): FileModel | undefined {
  const known = edited.get(absolutePath);
  if (known?.source.text === text) return known;
  const source = parseSourceFile(text);
  const files = crate.files.map((file) => (file.path === absolutePath ? { ...file, source } : file));
  const model = buildCrateModel(files).files.get(absolutePath);
  if (model !== undefined) edited.set(absolutePath, model);
  return model;
}

/** A path or `use` that reaches into the crate from one of its modules. */
const NAMES_THE_CRATE = /\b(?:crate|super)::/;

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The crate's files plus every `.rs` file under its root's folder that the tree does not reach and that names the
 *  crate, each at the module path its place implies. */
async function adoptOrphans(crate: LoadedCrate, read: (file: string) => Promise<SourceFile | undefined>): Promise<CrateModel> {
  const inTree = new Set(crate.files.map((file) => file.path));
  const orphans: CrateFile[] = [];
  const limits = { maxFiles: MAX_CRATE_FILES, maxDirectories: MAX_CRATE_FOLDERS };
  const { files } = await walkSourceTree([crate.rootFolder], (name) => name.endsWith('.rs'), limits);
  for (const file of files) {
    if (inTree.has(file) || inTree.size + orphans.length >= MAX_CRATE_FILES) continue;
    const source = await read(file);
    if (source === undefined || !NAMES_THE_CRATE.test(source.text)) continue;
    const displayName = path.relative(crate.displayFolder, file).split(path.sep).join('/');
    orphans.push({ path: file, displayName, source, modulePath: impliedModulePath(crate.rootFolder, file) });
  }
  return buildCrateModel([...crate.files, ...orphans]);
}

/** `pmem/subregion_v.rs` is `pmem::subregion_v`, `ops/mod.rs` is `ops`; a name Rust could not write
 *  (`leb128-rec.rs`) is taken with `_` for each other character. */
function impliedModulePath(rootFolder: string, file: string): string[] {
  const segments = path.relative(rootFolder, file).replace(/\.rs$/, '').split(path.sep);
  if (segments[segments.length - 1] === 'mod') segments.pop();
  return segments.map((segment) => segment.replace(/\W/g, '_'));
}

/** How many folders above a file a Cargo-less crate root is looked for: deep enough for `#[path]` module trees,
 *  bounded so that a stray lib.rs far above (a home folder's) is not loaded for every lone file. */
const BARE_ROOT_LEVELS = 8;

function bareRootCandidates(folder: string): string[] {
  const candidates: string[] = [];
  let dir = folder;
  for (let level = 0; level <= BARE_ROOT_LEVELS; level++) {
    // A folder's `src/lib.rs` too: a crate whose specs sit beside `src/` (`#[path = "../specs/mod.rs"] mod specs;`).
    candidates.push(path.join(dir, 'lib.rs'), path.join(dir, 'main.rs'), path.join(dir, 'src', 'lib.rs'), path.join(dir, 'src', 'main.rs'));
    if (path.dirname(dir) === dir) break;
    dir = path.dirname(dir);
  }
  return candidates;
}

/** The crate rooted at `root`, when the root exists and declares at least one module file that exists. */
async function loadBareCrate(root: string, read: (file: string) => Promise<SourceFile | undefined>): Promise<readonly LoadedCrate[]> {
  const files = await moduleTree(path.dirname(root), root, read);
  return files.length > 1 ? [loadedCrate(root, path.dirname(root), files)] : [];
}

// Far above any real crate: only a `#[path]` cycle through generated names could reach it.
const MAX_CRATE_FILES = 5_000;
/** The folders walked for files outside the tree, as many. */
const MAX_CRATE_FOLDERS = 5_000;

function cached<V>(cache: Map<string, Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const loading = load();
  cache.set(key, loading);
  return loading;
}

async function readAndParse(file: string): Promise<SourceFile | undefined> {
  const read = await readSourceText(file);
  return read.kind === 'text' ? parseSourceFile(stripByteOrderMark(read.text)) : undefined;
}

async function nearestManifestDir(start: string): Promise<string | undefined> {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (await exists(path.join(dir, 'Cargo.toml'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function loadCrates(manifestDir: string, read: (file: string) => Promise<SourceFile | undefined>): Promise<readonly LoadedCrate[]> {
  const manifest = await readSourceText(path.join(manifestDir, 'Cargo.toml'));
  if (manifest.kind !== 'text') return [];
  const loaded: LoadedCrate[] = [];
  for (const root of crateRoots(manifest.text)) {
    const rootPath = path.resolve(manifestDir, root);
    const files = await moduleTree(manifestDir, rootPath, read);
    if (files.length > 0) loaded.push(loadedCrate(rootPath, manifestDir, files));
  }
  return loaded;
}

/** The roots a manifest names, in the order a file is looked up in them: the library, then the binaries. */
function crateRoots(manifestText: string): string[] {
  let section = '';
  let lib: string | undefined;
  const bins: string[] = [];
  for (const line of manifestText.split(/\r?\n/)) {
    const header = /^\s*(\[\[?[\w.-]+\]\]?)/.exec(line);
    if (header !== null) {
      section = header[1] ?? '';
      continue;
    }
    const rootPath = /^\s*path\s*=\s*"([^"]+)"/.exec(line)?.[1];
    if (rootPath === undefined) continue;
    if (section === '[lib]') lib = rootPath;
    if (section === '[[bin]]') bins.push(rootPath);
  }
  return [...new Set([lib ?? 'src/lib.rs', ...bins, 'src/main.rs'])];
}

/** The files of the crate rooted at `root`, breadth-first from the root, each with its module path. */
async function moduleTree(
  manifestDir: string,
  root: string,
  read: (file: string) => Promise<SourceFile | undefined>,
): Promise<CrateFile[]> {
  const files: CrateFile[] = [];
  const seen = new Set<string>();
  const queue: { readonly file: string; readonly modulePath: readonly string[] }[] = [{ file: root, modulePath: [] }];
  for (let next = queue.shift(); next !== undefined && files.length < MAX_CRATE_FILES; next = queue.shift()) {
    if (seen.has(next.file)) continue;
    seen.add(next.file);
    const source = await read(next.file);
    if (source === undefined) continue;
    const displayName = path.relative(manifestDir, next.file).split(path.sep).join('/');
    files.push({ path: next.file, displayName, source, modulePath: next.modulePath });
    const ownsDirectory = next.modulePath.length === 0 || path.basename(next.file) === 'mod.rs';
    for (const declaration of moduleDeclarations(source)) {
      const found = await firstExisting(moduleFileCandidates(next.file, ownsDirectory, declaration));
      // A missing module file leaves that module out; its siblings still load.
      if (found !== undefined) queue.push({ file: found, modulePath: [...next.modulePath, ...declaration.inlinePath, declaration.name] });
    }
  }
  return files;
}

/** Where rustc looks for `mod name;` declared in `file`: beside it when the file is a crate root or a mod.rs, in
 *  the folder named after it otherwise, one folder down per inline module; `#[path]` is relative to the file's
 *  folder (to the inline modules' folder inside them). */
function moduleFileCandidates(file: string, ownsDirectory: boolean, declaration: ModuleDeclaration): string[] {
  const folder = path.dirname(file);
  const ownFolder = ownsDirectory ? folder : path.join(folder, path.basename(file, '.rs'));
  const inlineFolder = path.join(ownFolder, ...declaration.inlinePath);
  if (declaration.pathAttribute !== undefined) {
    const base = declaration.inlinePath.length === 0 ? folder : inlineFolder;
    return [path.resolve(base, declaration.pathAttribute)];
  }
  return [path.join(inlineFolder, `${declaration.name}.rs`), path.join(inlineFolder, declaration.name, 'mod.rs')];
}

async function firstExisting(candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) if (await exists(candidate)) return candidate;
  return undefined;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
