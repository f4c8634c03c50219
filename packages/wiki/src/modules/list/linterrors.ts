import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';

/** `list=linterrors`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'linterrors',
  group: 'list',
  prefix: 'lnt',
  readrights: true,
  source: 'Linter',
  classname: 'MediaWiki\\Linter\\ApiQueryLintErrors',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Linter#API',
  parameters: [
    {
      name: 'categories',
      type: [
        'bogus-image-options',
        'deletable-table-tag',
        'duplicate-ids',
        'empty-heading',
        'fostered',
        'fostered-transparent',
        'html5-misnesting',
        'large-tables',
        'misc-tidy-replacement-issues',
        'misnested-tag',
        'missing-end-tag',
        'missing-end-tag-in-heading',
        'multi-colon-escape',
        'multiline-html-table-in-list',
        'multiple-unclosed-formatting-tags',
        'night-mode-unaware-background-color',
        'obsolete-tag',
        'pwrap-bug-workaround',
        'self-closed-tag',
        'stripped-tag',
        'tidy-font-bug',
        'tidy-whitespace-bug',
        'unclosed-quotes-in-heading',
        'wikilink-in-extlink',
      ],
      default:
        'bogus-image-options|deletable-table-tag|duplicate-ids|empty-heading|fostered|html5-misnesting|misc-tidy-replacement-issues|misnested-tag|missing-end-tag|missing-end-tag-in-heading|multi-colon-escape|multiline-html-table-in-list|multiple-unclosed-formatting-tags|night-mode-unaware-background-color|obsolete-tag|pwrap-bug-workaround|self-closed-tag|stripped-tag|tidy-font-bug|tidy-whitespace-bug|unclosed-quotes-in-heading|wikilink-in-extlink',
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'pageid', type: 'integer', multi: true },
    { name: 'title', type: 'string' },
    { name: 'from', type: 'integer' },
  ],
};
