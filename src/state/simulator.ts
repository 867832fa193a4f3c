import type { Answering } from '../answer/compose.js';
import type { DataGenerator } from '../generate/data-generator.js';
import type { OverBudget } from '../json/byte-budget.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Responder } from '../pipeline/types.js';
import type { RecordSets as SeedData, SessionId, SessionStore } from '../sessions/session-store.js';
import { describeModel, inferResources, type StateModel } from './infer-resources.js';
import { loadSeedData, readSeedCollections } from './seed-data.js';
import { createStateResponder } from './state-responder.js';

export interface SimulatorOptions {
  /** `--stateful`: simulate for every request, not only for those of a stateful scenario. */
  readonly stateful: boolean;
  readonly maxResources: number;
  /** `--data FILE`: seed records every new session starts with. */
  readonly dataFile: string | undefined;
  /** The mock's sessions: the records live there, within its byte budget. */
  readonly sessions: SessionStore;
  readonly generator: DataGenerator;
}

/** One document load's resources and the responder answering from them. */
export interface LoadedState {
  readonly model: StateModel;
  /** Undefined when nothing can turn the simulator on (then the pipeline never asks it). */
  readonly responder: Responder | undefined;
  /** The `--data` records, checked against this load's document (empty without `--data`). */
  readonly seeds: SeedData;
  /** One line per resource, for the start-up log. */
  readonly summary: readonly string[];
}

/** The stateful simulator of one server: the model of the current document; the records are the session store's. */
export class StateSimulator {
  #loaded: Pick<LoadedState, 'model' | 'seeds'> = { model: { resources: [], bindings: new Map() }, seeds: new Map() };
  readonly #options: SimulatorOptions;

  constructor(options: SimulatorOptions) {
    this.#options = options;
    const idFieldOf = (path: string) => this.model.resources.find((r) => r.collection === path)?.idField ?? 'id';
    options.sessions.useSeeds({ records: new Map(), idFieldOf });
  }

  get model(): StateModel {
    return this.#loaded.model;
  }

  /**
   * Infers the resources of a document and reads and checks the seed data against them, once per load
   * (a `--watch` reload reads both again). `scenariosMayEnable`: some scenario turns the simulator on
   * for its requests; `answering`: the load's error shapes, which the simulator's errors take their shape
   * from, and its composer, which makes its answers.
   * Nothing changes until use().
   */
  async load(
    operations: readonly MockOperation[],
    scenariosMayEnable: boolean,
    { errorShapes, compose }: Pick<Answering, 'errorShapes' | 'compose'>,
  ): Promise<LoadedState> {
    const { stateful, dataFile, generator, maxResources, sessions } = this.#options;
    const enabled = stateful || scenariosMayEnable;
    if (!enabled && dataFile === undefined) return lazyState(operations);
    const model = inferResources(operations);
    const seeds = dataFile === undefined ? new Map() : await loadSeedData(dataFile, model);
    const responder = enabled
      ? createStateResponder({ model, sessions, generator, errorShapes, compose, maxResources, always: stateful })
      : undefined;
    return { model, responder, seeds, summary: describeModel(model) };
  }

  /** Serves a load: sessions that start from now on begin with its seed data; running ones keep their records. */
  use(loaded: LoadedState): void {
    this.#loaded = loaded;
    const idFieldOf = (path: string) => loaded.model.resources.find((r) => r.collection === path)?.idField ?? 'id';
    this.#options.sessions.useSeeds({ records: loaded.seeds, idFieldOf });
  }

  /**
   * Replaces the records of the collections given, for one session (`PUT /__mock/state`), each checked
   * as `--data` records are; the others are kept. The byte budget and `--max-resources` hold as for
   * records the API creates. A problem is answered as a message and nothing changes.
   */
  async replace(
    session: SessionId,
    collections: unknown,
  ): Promise<{ readonly problem: string } | { readonly over: OverBudget; readonly bytes: number } | undefined> {
    let problem: string | undefined;
    let seeds: SeedData;
    try {
      seeds = readSeedCollections(collections, this.model, (message) => {
        problem = message;
        throw new Error(message);
      });
    } catch {
      return { problem: problem ?? 'the records cannot be read' };
    }
    const maxRecords = this.#options.maxResources;
    const refused = await this.#options.sessions.replaceRecords(session, seeds, { maxRecords });
    if (refused && 'records' in refused)
      return { problem: `the session would hold ${refused.records} records, beyond --max-resources (${maxRecords})` };
    return refused;
  }

  /** A session's records by collection path, in creation order (seed data for a session not yet seen). */
  async view(session: SessionId): Promise<Record<string, unknown[]>> {
    const sets = (await this.#options.sessions.viewRecords(session)) ?? this.#loaded.seeds;
    const out: Record<string, unknown[]> = {};
    for (const resource of this.model.resources) if (!resource.collection.includes('{')) out[resource.collection] = [];
    for (const [path, records] of sets) out[path] = [...records];
    return out;
  }
}

/**
 * The state of a load nothing can turn the simulator on for: the model (read only by the state view)
 * is inferred when first asked for, since inferring reads every operation of the document, and a
 * large document's operations are otherwise read only when they are called.
 */
function lazyState(operations: readonly MockOperation[]): LoadedState {
  let model: StateModel | undefined;
  const inferred = () => {
    model ??= inferResources(operations);
    return model;
  };
  return {
    get model() {
      return inferred();
    },
    responder: undefined,
    seeds: new Map(),
    get summary() {
      return describeModel(inferred());
    },
  };
}
