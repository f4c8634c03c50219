/**
 * Parameter groups the module reference defines once and several modules share (REV-COMMON,
 * BL-COMMON, LINK-PROP). Descriptors spread them where the reference says "REV-COMMON plus …".
 */
import {
  type ParamDescriptor,
  type ParamInfoMarker,
  STANDARD_LIMIT,
  type TemplatedParamDescriptor,
} from '../api/params/descriptor.js';
import { CONTENT_FORMATS, REVISION_PROPS } from './values.js';

export const SINGLE_PAGE_ONLY: readonly ParamInfoMarker[] = [{ name: 'singlepageonly' }];

/** REV-COMMON: the revision content parameters of revisions, allrevisions, deletedrevisions, alldeletedrevisions. */
export const REVISION_CONTENT_PARAMETERS = [
  {
    name: 'prop',
    type: REVISION_PROPS,
    default: 'ids|timestamp|flags|comment|user',
    multi: true,
    deprecatedvalues: ['parsetree'],
  },
  { name: 'slots', type: ['main'], multi: true, allspecifier: true },
  { name: 'limit', ...STANDARD_LIMIT },
  { name: 'expandtemplates', type: 'boolean', deprecated: true },
  { name: 'generatexml', type: 'boolean', deprecated: true },
  { name: 'parse', type: 'boolean', deprecated: true },
  { name: 'section', type: 'string' },
  { name: 'diffto', type: 'string', deprecated: true },
  { name: 'difftotext', type: 'string', deprecated: true },
  { name: 'difftotextpst', type: 'boolean', deprecated: true },
  { name: 'contentformat', type: CONTENT_FORMATS, deprecated: true },
] as const satisfies readonly ParamDescriptor[];

/** REV-COMMON's templated parameter: a content format per slot. */
export const REVISION_TEMPLATED_PARAMETERS = [
  { name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: CONTENT_FORMATS },
] as const satisfies readonly TemplatedParamDescriptor[];

/** BL-COMMON: backlinks, embeddedin, imageusage. */
export const BACKLINK_PARAMETERS = [
  { name: 'title', type: 'string' },
  { name: 'pageid', type: 'integer' },
  { name: 'continue', type: 'string' },
  { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
  { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  { name: 'filterredir', type: ['all', 'redirects', 'nonredirects'], default: 'all' },
  { name: 'limit', ...STANDARD_LIMIT, default: '10' },
] as const satisfies readonly ParamDescriptor[];

/**
 * BL-COMMON with `redirect` (backlinks, imageusage): listing the links to redirects as well halves
 * the limit's bounds, as in MediaWiki.
 */
export const REDIRECT_BACKLINK_PARAMETERS = [
  ...BACKLINK_PARAMETERS.map((p) => (p.name === 'limit' ? { ...p, halvedBy: 'redirect' } : p)),
  { name: 'redirect', type: 'boolean' },
] as const satisfies readonly ParamDescriptor[];

/** LINK-PROP: fileusage, linkshere, transcludedin. */
export const LINK_PROP_PARAMETERS = [
  { name: 'prop', type: ['pageid', 'redirect', 'title'], default: 'pageid|title|redirect', multi: true },
  { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
  { name: 'show', type: ['!redirect', 'redirect'], multi: true },
  { name: 'limit', ...STANDARD_LIMIT, default: '10' },
  { name: 'continue', type: 'string' },
] as const satisfies readonly ParamDescriptor[];
