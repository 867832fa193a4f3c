import type { DataGenerator } from '../generate/data-generator.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Responder } from '../pipeline/types.js';
import { describeModel, inferResources, type StateModel } from './infer-resources.js';
import { type SeedData, type SessionDirectory, SessionResources } from './resource-store.js';
import { loadSeedData } from './seed-data.js';
import { createStateResponder } from './state-responder.js';

export interface SimulatorOptions {
  /** `--stateful`: simulate for every request, not only for those of a stateful scenario. */
  readonly stateful: boolean;
  readonly maxResources: number;
  /** `--data FILE`: seed records every new session starts with. */
  readonly dataFile: string | undefined;
  readonly sessions: SessionDirectory;
  readonly generator: DataGenerator;
}

/** One document load's resources and the responder answering from them. */
export interface LoadedState {
  readonly model: StateModel;
  /** Undefined when nothing can turn the simulator on (then the pipeline never asks it). */
  readonly responder: Responder | undefined;
  /** One line per resource, for the start-up log. */
  readonly summary: readonly string[];
}

/** The stateful simulator of one server: the session's records and the model of the current document. */
export class StateSimulator {
  #model: StateModel = { resources: [], bindings: new Map() };
  #seeds: SeedData = new Map();
  readonly resources: SessionResources;
  readonly #options: SimulatorOptions;

  constructor(options: SimulatorOptions) {
    this.#options = options;
    const idFieldOf = (path: string) => this.#model.resources.find((r) => r.collection === path)?.idField ?? 'id';
    this.resources = new SessionResources(options.sessions, this.#seeds, idFieldOf);
  }

  get model(): StateModel {
    return this.#model;
  }

  /**
   * Infers the resources of a document, once per load; the first load also reads and checks the seed
   * data. `scenariosMayEnable`: some scenario turns the simulator on for its requests.
   */
  async load(operations: readonly MockOperation[], scenariosMayEnable: boolean): Promise<LoadedState> {
    const model = inferResources(operations);
    const { stateful, dataFile, generator, maxResources } = this.#options;
    if (dataFile !== undefined && this.#seeds.size === 0) {
      const seeds = await loadSeedData(dataFile, model);
      for (const [path, records] of seeds) (this.#seeds as Map<string, readonly Record<string, unknown>[]>).set(path, records);
    }
    const enabled = stateful || scenariosMayEnable;
    const responder = enabled
      ? createStateResponder({ model, resources: this.resources, generator, maxResources, always: stateful })
      : undefined;
    return { model, responder, summary: describeModel(model) };
  }

  use(loaded: LoadedState): void {
    this.#model = loaded.model;
  }

  /** A session's records by collection path, in creation order (seed data for a session not yet seen). */
  view(session: string | undefined): Record<string, unknown[]> {
    const store = this.resources.peek(session);
    const out: Record<string, unknown[]> = {};
    for (const resource of this.#model.resources) if (!resource.collection.includes('{')) out[resource.collection] = [];
    if (!store) {
      for (const [path, records] of this.#seeds) out[path] = [...records];
      return out;
    }
    for (const [path, collection] of store.collections) out[path] = [...collection.records.values()];
    return out;
  }
}
