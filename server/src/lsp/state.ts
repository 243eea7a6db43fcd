// The language server's one home of state: open documents, settings, client capabilities, and per source file the
// last finished report and where its functions are in the current text. No model and no cache: the worker's engine
// holds those. Handlers read it; only the scoring loop and document events write it.

import { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileReport } from '../harness';
import type { DocsUrl } from './docs-links';
import type { LocatedFunction } from '../engine';
import type { HarnessSettings } from './protocol';
import { DEFAULT_SETTINGS, applyTrust } from './settings';

export interface ClientFeatures {
  readonly workDoneProgress: boolean;
  readonly codeActionResolve: boolean;
  /** workspace/applyEdit: the server may ask the client to apply an edit (a command's result). */
  readonly applyEdit: boolean;
  readonly dynamicFileWatching: boolean;
  readonly configuration: boolean;
  readonly resourceCreate: boolean;
  readonly codeLensRefresh: boolean;
  /** WorkspaceEdit.documentChanges: versioned edits of open documents. */
  readonly documentChanges: boolean;
  /** CodeAction.disabled: an action shown greyed out, with why. */
  readonly codeActionDisabled: boolean;
}

export interface SourceFileState {
  /** The last finished report: hover, CodeLens and code actions answer from it while a new run is in progress.
   *  Until the file's first run finishes, the report so far of that run (`partial`). */
  report: FileReport | null;
  /** `report` holds a running run's results so far: the file has no finished run yet. */
  partial: boolean;
  /** The report's functions, located in `text` (the latest text seen: moved through edits since the report). */
  located: { readonly text: string; readonly functions: readonly LocatedFunction[] } | null;
  /** Functions the last finished run evaluated; the report's other functions came from the engine's memo. */
  evaluated: number;
  /** The pairs-file URI diagnostics were last published on, so they can be cleared when it changes. */
  publishedPairsUri: string | null;
  debounce: NodeJS.Timeout | null;
}

export class ServerState {
  readonly documents = new TextDocuments(TextDocument);
  private readonly files = new Map<string, SourceFileState>();
  private rawSettings: HarnessSettings = DEFAULT_SETTINGS;
  trusted = false;
  docsUrl: DocsUrl = { base: '', headingLines: new Map() };
  workspaceFolders: readonly string[] = [];
  /** Failure messages already shown in a window message, so a broken environment is announced once, not per save. */
  readonly announcedFailures = new Set<string>();
  features: ClientFeatures = {
    workDoneProgress: false,
    codeActionResolve: false,
    applyEdit: false,
    dynamicFileWatching: false,
    configuration: false,
    resourceCreate: false,
    codeLensRefresh: false,
    documentChanges: false,
    codeActionDisabled: false,
  };

  /** Settles once the client's settings have been read (or could not be): automatic runs wait for it, so a file
   *  opened before the first workspace/configuration answer is not scored under the default run mode. */
  readonly settingsLoaded: Promise<void>;
  private markSettingsLoaded: () => void = () => undefined;

  constructor() {
    this.settingsLoaded = new Promise((resolve) => {
      this.markSettingsLoaded = resolve;
    });
  }

  settingsReady(): void {
    this.markSettingsLoaded();
  }

  /** Effective settings: Workspace Trust applied, so callers cannot forget it. */
  get settings(): HarnessSettings {
    return applyTrust(this.rawSettings, this.trusted);
  }

  setSettings(settings: HarnessSettings): void {
    this.rawSettings = settings;
  }

  file(uri: string): SourceFileState {
    let state = this.files.get(uri);
    if (state === undefined) {
      state = { report: null, partial: false, located: null, evaluated: 0, publishedPairsUri: null, debounce: null };
      this.files.set(uri, state);
    }
    return state;
  }

  existingFile(uri: string): SourceFileState | undefined {
    return this.files.get(uri);
  }

  knownSourceUris(): string[] {
    return [...this.files.keys()];
  }

  forget(uri: string): void {
    const state = this.files.get(uri);
    if (state?.debounce) clearTimeout(state.debounce);
    this.files.delete(uri);
  }
}
