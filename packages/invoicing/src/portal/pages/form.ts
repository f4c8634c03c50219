import { html, type SafeHtml } from '../../web/html.js';

/** A form as it is shown again after a failed post: what was typed, and what is wrong with it. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

export const emptyForm: FormState = { values: {}, errors: {} };

export interface FieldOptions {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'search';
  hint?: string;
  required?: boolean;
  autocomplete?: string;
  inputmode?: 'decimal' | 'numeric' | 'email';
  placeholder?: string;
  /** Password fields never echo what was typed. */
  keepValue?: boolean;
  extra?: SafeHtml;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function field(form: FormState, options: FieldOptions): SafeHtml {
  const id = `f-${options.name}`;
  const error = form.errors[options.name];
  const describedBy = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const value = options.keepValue === false || options.type === 'password' ? '' : (form.values[options.name] ?? '');
  return html`<div class="field">
<label for="${id}">${options.label}</label>
<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}" value="${value}"${options.required ? html` required` : ''}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ''}${options.inputmode ? html` inputmode="${options.inputmode}"` : ''}${options.placeholder ? html` placeholder="${options.placeholder}"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${error ? html` aria-invalid="true"` : ''}>
${options.hint ? html`<span class="hint" id="${id}-hint">${options.hint}</span>` : ''}
${error ? html`<span class="error-text" id="${id}-error">${error}</span>` : ''}
${options.extra ?? ''}
</div>`;
}

export function selectField(
  form: FormState,
  options: { name: string; label: string; choices: { value: string; label: string }[]; hint?: string },
): SafeHtml {
  const id = `f-${options.name}`;
  const current = form.values[options.name] ?? options.choices[0]?.value;
  const error = form.errors[options.name];
  return html`<div class="field">
<label for="${id}">${options.label}</label>
<select id="${id}" name="${options.name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${options.choices.map(
    (c) => html`<option value="${c.value}"${c.value === current ? html` selected` : ''}>${c.label}</option>`,
  )}</select>
${error ? html`<span class="error-text" id="${id}-error">${error}</span>` : ''}
</div>`;
}

/** A summary at the top of a form with errors, announced when the page loads. */
export function errorSummary(form: FormState, text: string): SafeHtml {
  const general = form.errors._form;
  if (Object.keys(form.errors).length === 0) return html``;
  return html`<div class="notice notice-bad" role="alert"><p>${general ?? text}</p></div>`;
}
