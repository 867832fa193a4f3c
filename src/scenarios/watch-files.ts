import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

export interface WatchTarget {
  /** Directory to watch. */
  readonly dir: string;
  /** Only these file names count (the spec's); undefined = every YAML file. */
  readonly file?: string;
}

/**
 * Calls onChange (debounced, never two at once) when a watched file changes. Directories rather than
 * files are watched because editors save by writing a new file and renaming it over the old one.
 */
export function watchFiles(targets: readonly WatchTarget[], onChange: () => Promise<void>, debounceMs = 150): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = onChange().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };
  const watchers: FSWatcher[] = targets.map((target) =>
    watch(target.dir, { persistent: false }, (_event, name) => {
      const file = name === null ? undefined : basename(String(name));
      if (target.file !== undefined ? file === target.file : file === undefined || /\.ya?ml$/i.test(file)) schedule();
    }),
  );
  return () => {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}

/** The target watching one file (through its directory). */
export function fileTarget(path: string): WatchTarget {
  return { dir: dirname(path), file: basename(path) };
}
