import type { Answering } from '../answer/compose.js';
import type { DataGenerator } from '../generate/data-generator.js';
import { type ByteBudget, jsonBytes, type OverBudget } from '../json/byte-budget.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Responder } from '../pipeline/types.js';
import { describeModel, inferResources, type StateModel } from './infer-resources.js';
import { idKey, type SeedData, type SessionDirectory, SessionResources } from './resource-store.js';
import { loadSeedData, readSeedCollections } from './seed-data.js';
import { createStateResponder } from './state-responder.js';

export interface SimulatorOptions {
  /** `--stateful`: simulate for every request, not only for those of a stateful scenario. */
  readonly stateful: boolean;
  readonly maxResources: number;
  /** `--data FILE`: seed records every new session starts with. */
  readonly dataFile: string | undefined;
  readonly sessions: SessionDirectory;
  readonly generator: DataGenerator;
  /** Bytes of records per session and in all (shared with the scenarios' stored bodies). */
  readonly budget: ByteBudget;
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

/** The stateful simulator of one server: the session's records and the model of the current document. */
export class StateSimulator {
  #loaded: Pick<LoadedState, 'model'> = { model: { resources: [], bindings: new Map() } };
  /** Read by the sessions' stores as each new session starts; refilled in place by use(). */
  readonly #seeds = new Map<string, readonly Record<string, unknown>[]>();
  readonly resources: SessionResources;
  readonly #options: SimulatorOptions;

  constructor(options: SimulatorOptions) {
    this.#options = options;
    const idFieldOf = (path: string) => this.model.resources.find((r) => r.collection === path)?.idField ?? 'id';
    this.resources = new SessionResources(options.sessions, this.#seeds, idFieldOf);
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
    const { stateful, dataFile, generator, maxResources, budget } = this.#options;
    const enabled = stateful || scenariosMayEnable;
    if (!enabled && dataFile === undefined) return lazyState(operations);
    const model = inferResources(operations);
    const seeds = dataFile === undefined ? new Map() : await loadSeedData(dataFile, model);
    const responder = enabled
      ? createStateResponder({ model, resources: this.resources, generator, errorShapes, compose, maxResources, budget, always: stateful })
      : undefined;
    return { model, responder, seeds, summary: describeModel(model) };
  }

  /** Serves a load: sessions that start from now on begin with its seed data; running ones keep their records. */
  use(loaded: LoadedState): void {
    this.#loaded = loaded;
    this.#seeds.clear();
    for (const [path, records] of loaded.seeds) this.#seeds.set(path, records);
  }

  /**
   * Replaces the records of the collections given, for one session (`PUT /__mock/state`), each checked
   * as `--data` records are; the others are kept. The byte budget and `--max-resources` hold as for
   * records the API creates. A problem is answered as a message and nothing changes.
   */
  replace(
    session: string | undefined,
    collections: unknown,
  ): { readonly problem: string } | { readonly over: OverBudget; readonly bytes: number } | undefined {
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
    const store = this.resources.of(session);
    const owner = this.resources.owner(session);
    let delta = 0;
    let count = store.count;
    for (const [path, records] of seeds) {
      const existing = store.collections.get(path);
      for (const record of existing?.records.values() ?? []) delta -= jsonBytes(record);
      for (const record of records) delta += jsonBytes(record);
      count += records.length - (existing?.records.size ?? 0);
    }
    if (count > this.#options.maxResources)
      return { problem: `the session would hold ${count} records, beyond --max-resources (${this.#options.maxResources})` };
    const over = this.#options.budget.charge(owner, delta);
    if (over) return { over, bytes: delta };
    for (const [path, records] of seeds) {
      const collection = store.collection(path);
      for (const key of [...collection.records.keys()]) store.remove(collection, key);
      collection.next = 1;
      const field = this.resources.idFieldOf(path);
      for (const record of records) store.put(collection, idKey(record[field]), structuredClone(record));
    }
    return undefined;
  }

  /** A session's records by collection path, in creation order (seed data for a session not yet seen). */
  view(session: string | undefined): Record<string, unknown[]> {
    const store = this.resources.peek(session);
    const out: Record<string, unknown[]> = {};
    for (const resource of this.model.resources) if (!resource.collection.includes('{')) out[resource.collection] = [];
    if (!store) {
      for (const [path, records] of this.#seeds) out[path] = [...records];
      return out;
    }
    for (const [path, collection] of store.collections) out[path] = [...collection.records.values()];
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
