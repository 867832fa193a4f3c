import type { Answering } from '../answer/compose.js';
import { MockConfigError } from '../config-error.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { createSeededRandom, keyedRandom } from '../generate/seeded-random.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Responder } from '../pipeline/types.js';
import { andThen, type Maybe, type SessionId, type SessionStore } from '../sessions/session-store.js';
import type { CheckedAtBuild } from './checked-at-build.js';
import { loadScenarios, type ScenarioDocument } from './load-scenarios.js';
import { createScenarioResponder } from './scenario-responder.js';
import { type Catalogue, namesOf } from './scenario-types.js';

export interface ScenarioEngineOptions {
  /** Directories read in order; a later file replaces an earlier one of the same name. */
  readonly dirs: readonly string[];
  /** `--scenario`: the server's default scenario. */
  readonly defaultScenario: string | undefined;
  readonly seed: number | undefined;
  readonly generator: DataGenerator;
  /** The mock's sessions: scenario choices, sequence positions and stored bodies live there. */
  readonly sessions: SessionStore;
  /** The document the files are for, when a file may name one (`spec:`). */
  readonly document?: ScenarioDocument;
}

/** A loaded, contract-checked set of scenarios with the responder that answers from it. */
export interface LoadedScenarios {
  readonly catalogue: Catalogue;
  readonly responder: Responder;
  /** `--scenario`, when the catalogue has it (with several documents, it is one document's). */
  readonly defaultScenario: string | undefined;
}

/**
 * The scenarios of one server: the current catalogue (swapped whole on reload), the session store it
 * reads and writes, and the seeded randomness of delays and fault probabilities.
 */
export class ScenarioEngine {
  readonly sessions: SessionStore;
  /** Uniform [0, 1), seeded from the server's seed: a seeded server replays its delays and faults. */
  readonly random: () => number;
  #defaultScenario: string | undefined;
  #catalogue: Catalogue = new Map();
  readonly #options: ScenarioEngineOptions;

  constructor(options: ScenarioEngineOptions) {
    this.#options = options;
    this.#defaultScenario = options.defaultScenario;
    this.sessions = options.sessions;
    this.#seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
    this.random = createSeededRandom(this.#seed);
  }

  readonly #seed: number;

  /** The draws of one call of a rule in a session: the same on every replica sharing the session (keyedRandom). */
  drawsOf(session: SessionId, rule: string, call: number): () => number {
    return keyedRandom(this.#seed, `${session ?? ''}\u0000${rule}\u0000${call}`);
  }

  /**
   * The draws of the session's next call counted under `key` (an operation's delay range outside
   * scenarios): the count advances in the session store (with `--store`, one atomic call for a session
   * not held), so the k-th call draws the same on a lone mock and on any replica.
   */
  callDraws(session: SessionId, key: string): Maybe<() => number> {
    return andThen(this.sessions.advance(session, key), (calls) => this.drawsOf(session, key, calls));
  }

  get defaultScenario(): string | undefined {
    return this.#defaultScenario;
  }

  get catalogue(): Catalogue {
    return this.#catalogue;
  }

  /**
   * Loads and checks the files against these operations and webhook names, without using them yet; the answers are made
   * with the load's response plans and selector (`checked`: the files the build already checked, see
   * checked-at-build.ts). Throws MockConfigError.
   */
  async load(
    operations: readonly MockOperation[],
    webhooks: readonly string[],
    answering: Answering,
    checked?: CheckedAtBuild,
  ): Promise<LoadedScenarios> {
    const parts = { generator: this.#options.generator, plans: answering.plans, compose: answering.compose };
    const catalogue = await loadScenarios(this.#options.dirs, operations, webhooks, parts, this.#options.document, checked);
    const name = this.#options.defaultScenario;
    // With several documents, `--scenario` names one document's scenario; the server checks that one has it.
    const several = (this.#options.document?.names.length ?? 1) > 1;
    if (name !== undefined && !catalogue.has(name) && !several)
      throw new MockConfigError(`option "scenario": no scenario "${name}"; available: ${namesOf(catalogue)}`);
    const defaultScenario = name !== undefined && catalogue.has(name) ? name : undefined;
    return { catalogue, responder: createScenarioResponder(this, catalogue, parts), defaultScenario };
  }

  use(loaded: LoadedScenarios): void {
    this.#catalogue = loaded.catalogue;
    this.#defaultScenario = loaded.defaultScenario;
  }

  /** The scenario requests of a session get: its own choice, the default session's, then `--scenario`. */
  scenarioOf(session: SessionId): Maybe<string | undefined> {
    return andThen(this.sessions.scenarioOf(session), (chosen) => chosen ?? this.defaultScenario);
  }
}
