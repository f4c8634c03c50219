/**
 * User parameters that accept a user id (`#123`, MediaWiki's `id` user type) stand for the name of
 * the account with that id, as MediaWiki reads them: modules see the name. An id no account has
 * stands for MediaWiki's placeholder name, which no account holds.
 */
import type { WikiStore } from '../../store/database.js';
import { DEFAULT_USER_SUBTYPES, type ParamDescriptor, type ParamValues } from './descriptor.js';

/** The name MediaWiki gives a user id without an account. */
const UNKNOWN_USER = 'Unknown user';

const USER_ID = /^#(\d+)$/;

function acceptsIds(param: ParamDescriptor): boolean {
  return param.type === 'user' && (param.subtypes ?? DEFAULT_USER_SUBTYPES).includes('id');
}

/** Replaces, in the validated `values`, each `#id` of a user parameter that accepts ids by the account's name. */
export async function resolveUserIds(
  params: readonly ParamDescriptor[],
  values: ParamValues,
  store: WikiStore,
): Promise<void> {
  for (const param of params) {
    if (!acceptsIds(param)) continue;
    const value = values[param.name];
    if (typeof value === 'string' && USER_ID.test(value)) {
      values[param.name] = await nameOfId(store, value);
    } else if (Array.isArray(value) && value.some((v) => typeof v === 'string' && USER_ID.test(v))) {
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
