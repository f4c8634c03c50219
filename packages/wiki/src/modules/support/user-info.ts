/**
 * What `meta=userinfo`, `list=users` and `list=allusers` say alike about an account: the block
 * that applies to it and its central ids (this wiki is its own central wiki, so the local id).
 */
import type { UserBlock } from '../../accounts/blocks.js';
import { readerDateFormatter } from '../../api/messages/dates.js';
import type { ModuleContext } from '../../api/module.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';

/** MediaWiki's block fields (`blockid`, `blockedby`, ...), dates also formatted for the reader. */
export function blockDetails(
  block: UserBlock,
  reader: Pick<ModuleContext, 'userLanguage' | 'storedMessages'>,
): ResultObject {
  const formatDate = readerDateFormatter(reader.userLanguage, reader.storedMessages);
  const details: ResultObject = {
    blockid: block.id,
    blockedby: block.by,
    blockedbyid: block.byId,
    blockreason: block.reason,
    blockedtimestamp: mwToIso(block.timestamp),
    blockexpiry: block.expiry === 'infinity' ? 'infinite' : mwToIso(block.expiry),
    blockpartial: !block.sitewide,
    blocknocreate: block.noCreate,
    blockanononly: block.anonOnly,
    blockedtimestampformatted: formatDate(block.timestamp),
  };
  if (block.expiry !== 'infinity') {
    details.blockexpiryformatted = formatDate(block.expiry);
    details.blockexpiryrelative = formatDate(block.expiry);
  }
  return details;
}

/**
 * `centralids` and `attachedlocal` (and `attachedwiki` when asked about a wiki): the local id,
 * attached when the account exists.
 */
export function centralIdDetails(userId: number, wikiId: string, attachedWiki: string | undefined): ResultObject {
  // Maps even when formatversion 1 leaves them empty (a `false` dropped); a wiki id of `""` or `0`
  // asks about none, as PHP's truth of the parameter has it in MediaWiki.
  const details: ResultObject = {
    centralids: assoc({ local: userId }),
    attachedlocal: assoc({ local: userId !== 0 }),
  };
  if (attachedWiki !== undefined && attachedWiki !== '' && attachedWiki !== '0')
    details.attachedwiki = assoc({ local: userId !== 0 && attachedWiki === wikiId });
  return details;
}
