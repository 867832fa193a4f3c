import { MockConfigError } from '../config-error.js';

/**
 * Where start-up is, in words that finish "stopped while ...": the loader moves it on from step to step,
 * so that a start-up stopped by its bound says what it was doing (and with which document).
 */
export interface StartUpProgress {
  step: string;
}

/** A new progress, at its first step. */
export function startUpProgress(step = 'starting'): StartUpProgress {
  return { step };
}

/**
 * Moves `progress` on to `step`, then lets timers run: the loader's work between two steps is
 * synchronous, so this is where a bound that has passed is seen. Without a progress, nothing waits.
 */
export async function nextStep(progress: StartUpProgress | undefined, step: string): Promise<void> {
  if (progress === undefined) return;
  progress.step = step;
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * `work`, or a MockConfigError naming the option and the step it had reached if it takes longer than
 * `ms`. The work itself is not stopped (a document's build is shared by every server on it); a process
 * that gives up on it exits.
 */
export async function withinStartUpBound<T>(work: Promise<T>, ms: number, progress: StartUpProgress): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seconds = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
      reject(new MockConfigError(`start-up took longer than ${seconds} (option "startupTimeout") and was stopped while ${progress.step}`));
    }, ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
