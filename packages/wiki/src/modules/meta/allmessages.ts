import type { ModuleDescriptor } from '../../api/params/descriptor.js';

/** `meta=allmessages`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allmessages',
  group: 'meta',
  prefix: 'am',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllMessages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages',
  parameters: [
    { name: 'messages', type: 'string', default: '*', multi: true },
    { name: 'prop', type: ['default'], multi: true },
    { name: 'enableparser', type: 'boolean' },
    { name: 'nocontent', type: 'boolean' },
    { name: 'includelocal', type: 'boolean' },
    { name: 'args', type: 'string', multi: true, allowsduplicates: true },
    { name: 'filter', type: 'string' },
    { name: 'customised', type: ['all', 'modified', 'unmodified'], default: 'all' },
    { name: 'lang', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'prefix', type: 'string' },
  ],
};
