/**
 * Setting an account's password from the command line: the new password is hashed with this
 * server's scheme and the account's sessions end, so that whoever knew the old password is out.
 */
import { normalizeUserValue } from '../site/user-name.js';
import { primaryOf, type WikiStore } from '../store/database.js';
import { hashPassword } from './passwords.js';

export class NoSuchAccountError extends Error {}

export async function setPassword(store: WikiStore, rawName: string, password: string): Promise<number> {
  const name = normalizeUserValue(rawName, ['name']);
  const user =
    name === null
      ? undefined
      : await primaryOf(store).selectFrom('user').select('user_id').where('user_name', '=', name).executeTakeFirst();
  if (!user) throw new NoSuchAccountError(`no account named ${JSON.stringify(rawName)}`);
  const hash = await hashPassword(password);
  await primaryOf(store)
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('user').set({ user_password: hash }).where('user_id', '=', user.user_id).execute();
      await trx.deleteFrom('session').where('sess_user', '=', user.user_id).execute();
    });
  return user.user_id;
}
