import type { ParamDescriptor } from '../params/descriptor.js';

/** The parameters of `action=help`, as paraminfo describes them (apart from help.ts, which reads the descriptors). */
export const HELP_PARAMETERS: ParamDescriptor[] = [
  { name: 'modules', type: 'string', multi: true, default: 'main' },
  { name: 'submodules', type: 'boolean' },
  { name: 'recursivesubmodules', type: 'boolean' },
  { name: 'wrap', type: 'boolean' },
  { name: 'toc', type: 'boolean' },
];
