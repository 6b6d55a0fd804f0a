import { methodNames, type AppContract } from '../../../shared/contract/methods';
import type { Client } from '../../../shared/contract/define';
import { detectTransport, type Transport } from './transport';

export type ApiClient = Client<AppContract> & {
  host: Transport['host'];
  subscribe: Transport['subscribe'];
  switchToken(token: string): void;
  onReconnect(listener: () => void): () => void;
  onConnection(listener: (up: boolean) => void): () => void;
  hostUp(): boolean;
};

/** The typed client: one function per contract method, whatever the host. */
export function createClient(transport: Transport): ApiClient {
  const calls = Object.fromEntries(
    methodNames.map((name) => [name, (args: unknown) => transport.invoke(name, args)]),
  ) as unknown as Client<AppContract>;
  return {
    ...calls,
    host: transport.host,
    subscribe: transport.subscribe,
    switchToken: (token) => transport.switchToken?.(token),
    onReconnect: (listener) => transport.onReconnect?.(listener) ?? (() => {}),
    onConnection: (listener) => transport.onConnection?.(listener) ?? (() => {}),
    hostUp: () => transport.hostUp?.() ?? true,
  };
}

let client: ApiClient | undefined;
export const api = (): ApiClient => (client ??= createClient(detectTransport()));
/** Tests swap in a client whose transport is mocked at the contract. */
export const setApiClient = (c: ApiClient) => {
  client = c;
};
