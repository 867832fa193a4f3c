import { afterAll, beforeAll } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

export const STREAMS = new URL('./fixtures/streams.yaml', import.meta.url).pathname;
export const CHAT = new URL('./fixtures/chat-completions.yaml', import.meta.url).pathname;

export interface StreamServers {
  readonly streams: MockServer;
  readonly chat: MockServer;
  readonly streamsUrl: string;
  readonly chatUrl: string;
}

/** The two fixture servers of a test file (streams and chat completions), listening for its tests and closed after them. */
export function useStreamServers(): StreamServers {
  const servers: { -readonly [K in keyof StreamServers]?: StreamServers[K] } = {};
  beforeAll(async () => {
    servers.streams = await createMockServer({ spec: STREAMS, port: 0, logLevel: 'silent' });
    servers.chat = await createMockServer({ spec: CHAT, port: 0, logLevel: 'silent' });
    servers.streamsUrl = await servers.streams.listen();
    servers.chatUrl = await servers.chat.listen();
  });
  afterAll(async () => {
    await servers.streams?.close();
    await servers.chat?.close();
  });
  const ready = <K extends keyof StreamServers>(key: K): StreamServers[K] => {
    const value = servers[key];
    if (value === undefined) throw new Error(`the stream servers are not listening yet (${key})`);
    return value as StreamServers[K];
  };
  return {
    get streams() {
      return ready('streams');
    },
    get chat() {
      return ready('chat');
    },
    get streamsUrl() {
      return ready('streamsUrl');
    },
    get chatUrl() {
      return ready('chatUrl');
    },
  };
}
