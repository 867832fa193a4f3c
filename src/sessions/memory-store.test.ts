import { describeSessionStore } from '../../test/support/session-store-contract.js';
import { MemorySessionStore } from './memory-store.js';

describeSessionStore('MemorySessionStore', (limits) => new MemorySessionStore(limits));
