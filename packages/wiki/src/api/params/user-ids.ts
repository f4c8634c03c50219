/**
 * User parameters that accept a user id (`#123`, MediaWiki's `id` user type) stand for the name of
 * the account with that id, as MediaWiki reads them: modules see the name. An id no account has
 * stands for MediaWiki's placeholder `Unknown user`, a reserved name no account can hold, so it
 * matches nobody.
 */
import type { WikiStore } from '../../store/database.js';
import { DEFAULT_USER_SUBTYPES, type ParamDescriptor, type ParamValues } from './descriptor.js';

/** The name MediaWiki gives a user id without an account. */
const UNKNOWN_USER = 'Unknown user';

const USER_ID = /^#(\d+)$/;

/** A module's user parameters that accept ids, found once per descriptor. */
const idParams = new WeakMap<readonly ParamDescriptor[], readonly ParamDescriptor[]>();

function userIdParams(params: readonly ParamDescriptor[]): readonly ParamDescriptor[] {
  let found = idParams.get(params);
  if (found === undefined) {
    found = params.filter((p) => p.type === 'user' && (p.subtypes ?? DEFAULT_USER_SUBTYPES).includes('id'));
    idParams.set(params, found);
  }
  return found;
}

/**
 * Replaces, in the validated `values`, each `#id` of a user parameter that accepts ids by the
 * account's name; undefined, without waiting, when the request names no user by id.
 */
export function resolveUserIds(
  params: readonly ParamDescriptor[],
  values: ParamValues,
  store: WikiStore,
): Promise<void> | undefined {
  const named = userIdParams(params).filter((p) => {
    const value = values[p.name];
    return Array.isArray(value) ? value.some((v) => USER_ID.test(String(v))) : USER_ID.test(String(value));
  });
  return named.length === 0 ? undefined : replaceIds(named, values, store);
}

async function replaceIds(params: readonly ParamDescriptor[], values: ParamValues, store: WikiStore): Promise<void> {
  for (const param of params) {
    const value = values[param.name];
    if (typeof value === 'string') {
      values[param.name] = await nameOfId(store, value);
    } else if (Array.isArray(value)) {
      const names: string[] = [];
      for (const v of value as readonly string[]) names.push(USER_ID.test(v) ? await nameOfId(store, v) : v);
      values[param.name] = names;
    }
  }
}

async function nameOfId(store: WikiStore, value: string): Promise<string> {
  const id = Number(USER_ID.exec(value)?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return UNKNOWN_USER;
  const row = await store.db.selectFrom('user').select('user_name').where('user_id', '=', id).executeTakeFirst();
  return row?.user_name ?? UNKNOWN_USER;
}
