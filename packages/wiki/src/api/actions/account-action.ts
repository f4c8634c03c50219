import type { ModuleDescriptor, ParamDescriptor } from '../params/descriptor.js';

/** An account action (`login`, `logout`, `clientlogin`) as `action=paraminfo` describes it. */
export function accountActionDescriptor(
  name: string,
  classname: string,
  prefix: string,
  parameters: readonly ParamDescriptor[],
  helpPage: string,
  flags: Pick<ModuleDescriptor, 'writerights' | 'dynamicparameters'> = {},
): ModuleDescriptor {
  return {
    name,
    group: 'action' as ModuleDescriptor['group'],
    prefix,
    ...flags,
    mustbeposted: true,
    source: 'MediaWiki',
    classname,
    licensetag: 'GPL-2.0-or-later',
    helpurl: `https://www.mediawiki.org/wiki/Special:MyLanguage/API:${helpPage}`,
    parameters,
  };
}
