/** What the mock found wrong in the document itself, with where (a JSON pointer into the document). */
export interface LintFinding {
  /**
   * `routing`: a path template the router cannot serve as meant; `example`, `default`: a value that
   * breaks its schema; `callback`: a callback key that is no runtime expression; `pattern`: a pattern the
   * linear-time engine checks only loosely or not at all; `schema`: a schema no value can satisfy.
   */
  readonly kind: 'routing' | 'example' | 'default' | 'callback' | 'pattern' | 'schema';
  /** JSON pointer into the document, e.g. `/paths/~1pets/get/responses/200/content/application~1json/example`. */
  readonly pointer: string;
  /** The operation it concerns (its id), when one. */
  readonly operation?: string;
  readonly message: string;
}

type Listener = (finding: LintFinding) => void;

/**
 * The findings about one loaded document, each kept once. Shared by the servers on the document (it
 * lives with the loaded spec in the process's cache): the checks depend on the document alone, so
 * whichever server finds something first finds it for all, and each server hears of every finding,
 * those found before it started included.
 */
export class DocumentLint {
  readonly #findings: LintFinding[] = [];
  readonly #seen = new Set<string>();
  readonly #listeners = new Set<Listener>();
  /** Checks of the whole document left until after start-up (defer). */
  readonly #deferred: (() => void)[] = [];
  /** Whether every check has run (the examples are checked after start-up, a few operations at a time). */
  complete = false;

  add(finding: LintFinding): void {
    const key = `${finding.kind} ${finding.pointer}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#findings.push(finding);
    for (const listener of this.#listeners) listener(finding);
  }

  /** The findings so far, those of the deferred checks included: whoever reads them first runs those. */
  get findings(): readonly LintFinding[] {
    this.settle();
    return this.#findings;
  }

  /**
   * A check of the whole document that the first request does not need (its findings are warnings): run
   * by settle(), which preparation calls once the server listens, or when the findings are first read.
   */
  defer(check: () => void): void {
    this.#deferred.push(check);
  }

  /** Runs the deferred checks, each once. */
  settle(): void {
    for (const check of this.#deferred.splice(0)) check();
  }

  /** Calls `listener` with every finding so far, then with each new one until the returned function is called. */
  subscribe(listener: Listener): () => void {
    for (const finding of this.#findings) listener(finding);
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
