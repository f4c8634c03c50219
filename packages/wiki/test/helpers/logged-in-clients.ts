/**
 * Inside a describe using `useReferenceApi`: sessions logged in as reference users, for tests of
 * what each user's rights show (in the reference wiki Bob is an administrator, Admin also in the
 * suppress group).
 */
import assert from 'node:assert/strict';
import { before } from 'node:test';
import { REFERENCE_PASSWORDS } from './reference-accounts.js';
import type { ReferenceApi } from './reference-api.js';
import { SessionClient } from './session-client.js';

export interface LoggedInClients {
  /** The session of a user logged in before the tests. */
  session(name: string): SessionClient;
  /** `action=query` as JSON (formatversion 2) in that user's session. */
  query(name: string, params: Record<string, string>): Promise<any>;
}

export function useLoggedInClients(api: () => ReferenceApi, names: readonly string[]): LoggedInClients {
  const sessions = new Map<string, SessionClient>();
  before(async () => {
    for (const name of names) {
      const client = new SessionClient(api().app);
      const answer = await client.logIn(name, REFERENCE_PASSWORDS[name] as string);
      assert.equal(answer.json.login.result, 'Success', `${name} logs in`);
      sessions.set(name, client);
    }
  });
  const session = (name: string) => {
    const client = sessions.get(name);
    if (!client) throw new Error(`${name} is not logged in`);
    return client;
  };
  return {
    session,
    query: async (name, params) =>
      (await session(name).get({ action: 'query', format: 'json', formatversion: '2', ...params })).json,
  };
}
