// One instance of Z3's WASM module (z3-solver 4.16.0, pinned: this file relies on its Emscripten runtime). Its heap
// is a fixed 2 GiB; when an allocation does not fit, Emscripten aborts, on the main thread (a thrown RuntimeError)
// or on the pthread running a check (an error event the runtime rethrows, which would end the process, and a check
// promise that never settles). Here every abort fails the instance instead: `failure` rejects, and the session
// replaces the instance with a fresh one.

import type { Z3LowLevel } from 'z3-solver';

export type Z3Api = Z3LowLevel['Z3'];

/** Why an instance can take no more queries: what the query that met it is answered. */
export type InstanceFailure = 'out of memory' | 'time limit' | 'crashed';

export interface Z3Instance {
  readonly z3: Z3Api;
  /** A Z3 check raced against the instance's failure and a wall-clock watchdog: it settles even when the pthread
   *  running it died, and a check past the watchdog fails the instance (the runtime runs one check at a time, so
   *  a check that never returns would block every later one). */
  check(run: () => Promise<number>, watchdogMs: number): Promise<number>;
  /** Set once the instance aborted: nothing more may be asked of it. */
  failed(): InstanceFailure | undefined;
  /** Fails the instance from outside (the session does after Z3 ran out of memory, whose unwinding leaks). */
  fail(failure: InstanceFailure): void;
  /** An estimate of the heap's high-water mark in bytes (see `heapMark`). */
  heapBytes(): number;
  /** Stops the instance's pthreads; its memory is freed once nothing refers to it. */
  dispose(): void;
  /** Test-only: the running pthreads report an abort for an exhausted heap, through the runtime's own channel. */
  simulateAbortForTests(): void;
}

/** Loads a fresh instance (about a second; the session then warms it up) with Z3's own memory bound (the global
 *  `memory_max_size`): past it Z3 answers unknown ("out of memory"), or from some allocations aborts outright. */
export async function loadZ3Instance(memoryMaxMb: number): Promise<Z3Instance> {
  let failure: InstanceFailure | undefined;
  let rejectFailure: (error: Error) => void = () => undefined;
  const failurePromise = new Promise<never>((_, reject) => {
    rejectFailure = reject;
  });
  // A failure nobody is waiting for is still a failure; it is read through `failed()`.
  failurePromise.catch(() => undefined);
  const fail = (reason: InstanceFailure): void => {
    failure ??= reason;
    rejectFailure(new Error(`z3: ${reason}`));
  };
  // Z3's own aborts say only "native code called abort()": one with the heap grown past Z3's memory bound is Z3
  // giving up on memory. The heap is read from JS: calling into a failed instance could wait forever on a lock
  // its dead pthread held.
  // Set once the runtime is decoded (an abort while it loads has no heap to read yet).
  const loadedHeap: { heapBytes?: () => number } = {};
  const abortFailure = (what: unknown): InstanceFailure =>
    /OOM|memory|bad_alloc/i.test(String(what)) ||
    (loadedHeap.heapBytes !== undefined && loadedHeap.heapBytes() >= memoryMaxMb * 1024 * 1024)
      ? 'out of memory'
      : 'crashed';
  const [{ init }, factory] = await Promise.all([import('z3-solver/build/low-level/index.js'), import('z3-solver/build/z3-built.js')]);
  const loaded = await init(() =>
    factory.default({
      onAbort: (what: unknown) => fail(abortFailure(what)),
      // The runtime prints each abort and the pthreads' last words; the query's answer already says what happened.
      printErr: () => undefined,
    }),
  );
  const runtime = decodeRuntime(loaded.em);
  const heapBytes = heapMark(runtime.HEAPU8);
  loadedHeap.heapBytes = heapBytes;
  guardWorkers(runtime.PThread, (error) => fail(abortFailure(error)));
  const z3 = loaded.Z3;
  z3.global_param_set('memory_max_size', String(memoryMaxMb));
  return {
    z3,
    check: async (run, watchdogMs) => {
      let timer: NodeJS.Timeout | undefined;
      const watchdog = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          fail('time limit');
          reject(new Error('z3: time limit'));
        }, watchdogMs);
      });
      try {
        return await Promise.race([
          run().catch((error: unknown) => {
            // A rejected check is an exception that escaped Z3's own handling: the instance is not trusted again.
            fail(abortFailure(error));
            throw error;
          }),
          failurePromise,
          watchdog,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    failed: () => failure,
    fail,
    heapBytes,
    dispose: () => {
      failure ??= 'crashed';
      runtime.PThread.terminateAllThreads();
    },
    simulateAbortForTests: () => {
      const error = new Error('Aborted(Cannot enlarge memory arrays (OOM), simulated by a test)');
      runtime.PThread.runningWorkers.forEach((worker) => worker.onerror(error));
    },
  };
}

interface EmscriptenRuntime {
  readonly HEAPU8: Uint8Array;
  readonly PThread: PThreadPool;
}

interface PThreadPool {
  readonly unusedWorkers: readonly PThreadWorker[];
  readonly runningWorkers: readonly PThreadWorker[];
  loadWasmModuleToWorker: (worker: PThreadWorker) => Promise<unknown>;
  readonly terminateAllThreads: () => void;
}

interface PThreadWorker {
  onerror: (error: unknown) => void;
}

/** The runtime's parts this file uses, checked (a z3-solver upgrade that moved them is a load error). Only
 *  exported names may be read: reading any other name of the runtime aborts it. */
function decodeRuntime(em: unknown): EmscriptenRuntime {
  const runtime = em as Partial<EmscriptenRuntime> | undefined;
  const pool = runtime?.PThread;
  if (
    !(runtime?.HEAPU8 instanceof Uint8Array) ||
    pool === undefined ||
    !Array.isArray(pool.unusedWorkers) ||
    !Array.isArray(pool.runningWorkers) ||
    typeof pool.loadWasmModuleToWorker !== 'function' ||
    typeof pool.terminateAllThreads !== 'function'
  ) {
    throw new Error('z3-solver: an Emscripten runtime without the expected heap and pthread pool');
  }
  return { HEAPU8: runtime.HEAPU8, PThread: pool };
}

/** The runtime's handler for a pthread's error event rethrows it, which nothing can catch; each worker, now and
 *  later, reports it to the instance instead. */
function guardWorkers(pool: PThreadPool, onError: (error: unknown) => void): void {
  const guard = (worker: PThreadWorker): void => {
    worker.onerror = onError;
  };
  pool.unusedWorkers.forEach(guard);
  pool.runningWorkers.forEach(guard);
  const load = pool.loadWasmModuleToWorker;
  pool.loadWasmModuleToWorker = (worker) => {
    // The original installs its handlers synchronously, before the promise it returns.
    const loading = load(worker);
    guard(worker);
    return loading;
  };
}

const PAGE_BYTES = 65_536;
const SAMPLES_PER_PAGE = 8;
/** How far past the last written page the walk looks (64 MiB): a run of unwritten-looking pages this long ends it.
 *  Longer than the main thread's 20 MiB stack (STACK_SIZE), which lies below the heap and is zero but for its top. */
const GAP_PAGES = 1024;

/** The heap's high-water mark: the end of the highest 64 KiB page with a non-zero word among a few sampled ones,
 *  found by walking up from the last mark until `GAP_PAGES` pages in a row look unwritten. Memory above the
 *  allocator's break is never written, so the walk reads at most `GAP_PAGES` past it. It never reads the rest of
 *  the fixed 2 GiB: the heap is shared memory, which the OS backs with real pages on a read, so a walk down from
 *  the top cost seconds and a gigabyte of resident memory per process. A written region whose samples are all
 *  zero for longer than the gap is missed until something above it is written (an estimate that lags; Z3's own
 *  allocation count and the abort handler remain). */
function heapMark(heap: Uint8Array): () => number {
  const words = new Uint32Array(heap.buffer, 0, Math.floor(heap.buffer.byteLength / 4));
  const pages = Math.floor(words.length / WORDS_PER_PAGE);
  let mark = 0;
  return () => {
    for (let page = mark, gap = 0; page < pages && gap < GAP_PAGES; page += 1) {
      if (pageWritten(words, page)) {
        mark = page + 1;
        gap = 0;
      } else gap += 1;
    }
    return mark * PAGE_BYTES;
  };
}

const WORDS_PER_PAGE = PAGE_BYTES / 4;

/** Whether any sampled 64-bit word of the page is non-zero (read as two 32-bit halves: no BigInt per read). */
function pageWritten(words: Uint32Array, page: number): boolean {
  const stride = WORDS_PER_PAGE / SAMPLES_PER_PAGE;
  for (let sample = 0; sample < SAMPLES_PER_PAGE; sample += 1) {
    const at = page * WORDS_PER_PAGE + sample * stride;
    if (words[at] !== 0 || words[at + 1] !== 0) return true;
  }
  return false;
}
