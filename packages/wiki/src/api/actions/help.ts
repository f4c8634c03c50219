/**
 * `action=help`: a readable HTML page about the API, generated from the module descriptors (the
 * same data paraminfo and the validator use). `modules=query+allpages` describes single modules,
 * `modules=compare` an action.
 */
import { QUERY_MODULES } from '../../modules/registry.js';
import { escapeHtml } from '../../text/escape.js';
import { ACTIONS } from '../main-params.js';
import type { ModuleDescriptor, ParamDescriptor } from '../params/descriptor.js';
import { resolveDefault, valuesForHelp } from '../params/validate.js';
import type { RequestState } from '../request-state.js';
import { moduleAt } from './paraminfo-modules.js';
import { helpLanguage, MODULE_HELP, OTHER_MODULE_HELP, parameterHelp } from './paraminfo-texts.js';

function typeText(p: ParamDescriptor, state: RequestState): string {
  const values = valuesForHelp(p, state.services.site);
  if (values) return `one of: ${values.map((v) => (v === '' ? '(empty)' : v)).join(', ')}`;
  return String(p.type);
}

function paramRows(d: ModuleDescriptor, state: RequestState): string {
  return [...d.parameters, ...(d.templatedparameters ?? [])]
    .map((p) => {
      const notes: string[] = [];
      if (p.required) notes.push('required');
      if (p.multi) notes.push(`several values separated by "|" (at most 50, 500 with higher limits)`);
      if (p.allspecifier) notes.push('"*" means all values');
      const fallback = resolveDefault(p, state.services.site);
      if (fallback !== undefined) notes.push(`default: ${fallback === '' ? '(empty)' : fallback}`);
      if (p.min !== undefined || p.max !== undefined)
        notes.push(`range ${p.min ?? '…'}–${p.max ?? '…'}${p.highmax ? ` (${p.highmax} with higher limits)` : ''}`);
      if (p.deprecated) notes.push('deprecated');
      if (p.deprecatedvalues) notes.push(`deprecated values: ${p.deprecatedvalues.join(', ')}`);
      const description = parameterHelp(d.name, p.name, helpLanguage(state.userLanguage)) ?? '';
      return `<tr><td><code>${escapeHtml(d.prefix + p.name)}</code></td><td>${escapeHtml(description)}</td><td>${escapeHtml(typeText(p, state))}</td><td>${escapeHtml(notes.join('; '))}</td></tr>`;
    })
    .join('\n');
}

/** The module's summary and its example request, in the reader's language. */
function summary(d: ModuleDescriptor, state: RequestState): string {
  const texts = MODULE_HELP[d.name];
  if (!texts) return '';
  const example = `api.php?action=query&${d.group}=${d.name}${texts.example ? `&${texts.example}` : ''}`;
  return `<p>${escapeHtml(texts[helpLanguage(state.userLanguage)])}</p>\n<p><code>${escapeHtml(example)}</code></p>\n`;
}

function moduleSection(d: ModuleDescriptor, state: RequestState): string {
  const flags = [
    d.group,
    d.generator ? 'usable as generator' : '',
    d.deprecated ? 'deprecated' : '',
    d.readrights ? 'needs read right' : '',
  ]
    .filter(Boolean)
    .join(', ');
  const implemented = QUERY_MODULES.find((m) => m.descriptor === d)?.execute ? '' : ' (described; not answered yet)';
  return `<section id="query+${escapeHtml(d.name)}"><h2>${escapeHtml(`${d.group}=${d.name}`)}${escapeHtml(implemented)}</h2>
${summary(d, state)}<p>Prefix <code>${escapeHtml(d.prefix || '(none)')}</code>; ${escapeHtml(flags)}. Source: ${escapeHtml(d.source)}, licence ${escapeHtml(d.licensetag)}. <a href="${escapeHtml(d.helpurl)}">Documentation</a>.</p>
<table><thead><tr><th>Parameter</th><th>Description</th><th>Type</th><th>Notes</th></tr></thead><tbody>
${paramRows(d, state)}
</tbody></table></section>`;
}

/** An action's section: its summary and parameters (`fromtext-{slot}` and the like among them). */
function actionSection(name: string, state: RequestState): string {
  const found = moduleAt(name);
  if (!('descriptor' in found)) return '';
  const d = found.descriptor;
  const text = OTHER_MODULE_HELP[name]?.[helpLanguage(state.userLanguage)] ?? '';
  return `<section id="${escapeHtml(name)}"><h2>${escapeHtml(`action=${name}`)}</h2>
<p>${escapeHtml(text)}</p><p>Source: ${escapeHtml(d.source)}, licence ${escapeHtml(d.licensetag)}. <a href="${escapeHtml(d.helpurls?.[0] ?? d.helpurl)}">Documentation</a>.</p>
<table><thead><tr><th>Parameter</th><th>Description</th><th>Type</th><th>Notes</th></tr></thead><tbody>
${paramRows(d, state)}
</tbody></table></section>`;
}

/** The help page; `servedAt` is the origin the request came to, named as the endpoint. */
export function executeHelp(state: RequestState, servedAt: string): string {
  const requested = state.params.get('modules');
  state.params.markUsed('recursivesubmodules');
  state.params.markUsed('toc');
  state.params.markUsed('wrap');
  let modules = QUERY_MODULES.map((m) => m.descriptor);
  let actions: string[] = [];
  if (requested && requested !== 'main') {
    const names = requested.split('|');
    actions = ACTIONS.filter((name) => names.includes(name) || names.includes('*'));
    const queryNames = names.filter((n) => !actions.includes(n)).map((n) => n.replace(/^query\+/, ''));
    modules = modules.filter((d) => queryNames.includes(d.name) || queryNames.includes('*'));
  }
  const site = state.services.site;
  const sections = [
    ...actions.map((name) => actionSection(name, state)),
    ...modules.map((d) => moduleSection(d, state)),
  ].join('\n');
  const actionLinks = ACTIONS.map((name) => `<a href="?action=help&amp;modules=${name}"><code>${name}</code></a>`).join(
    ', ',
  );
  const toc = modules
    .map((d) => `<li><a href="#query+${escapeHtml(d.name)}">${escapeHtml(`${d.group}=${d.name}`)}</a></li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="UTF-8"/><title>API help – ${escapeHtml(site.siteName)}</title>
<style>body{font-family:sans-serif;margin:1em 2em;max-width:70em}table{border-collapse:collapse}td,th{border:1px solid #c8ccd1;padding:.2em .5em;text-align:left;vertical-align:top}</style></head>
<body><h1>API of ${escapeHtml(site.siteName)}</h1>
<p>Endpoint: <code>${escapeHtml(`${servedAt}${site.scriptPath}/api.php`)}</code>. Actions: ${actionLinks}. Formats: json, jsonfm, xml, xmlfm, php, phpfm, rawfm, none; <code>formatversion=2</code> for modern JSON.</p>
<h2>Query modules</h2><ul>${toc}</ul>
${sections}
</body></html>
`;
}
