/**
 * Changes made to a real MediaWiki through its API, the way a user or bot makes them: logged in
 * with `action=login`, each write with a CSRF token, uploads as multipart forms.
 */
export class SourceEditor {
  private readonly cookies = new Map<string, string>();
  private token = '';

  constructor(readonly api: string) {}

  private async send(body: URLSearchParams | FormData): Promise<any> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const response = await fetch(this.api, { method: 'POST', headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`${this.api} answered ${response.status}: ${text.slice(0, 200)}`);
    }
  }

  private form(params: Record<string, string | number | boolean>): URLSearchParams {
    const form = new URLSearchParams({ format: 'json', formatversion: '2' });
    for (const [k, v] of Object.entries(params)) if (v !== false) form.set(k, v === true ? '1' : String(v));
    return form;
  }

  async logIn(name: string, password: string): Promise<void> {
    const tokens = await this.send(this.form({ action: 'query', meta: 'tokens', type: 'login' }));
    const login = await this.send(
      this.form({ action: 'login', lgname: name, lgpassword: password, lgtoken: tokens.query.tokens.logintoken }),
    );
    if (login.login?.result !== 'Success') throw new Error(`login as ${name}: ${JSON.stringify(login)}`);
    const csrf = await this.send(this.form({ action: 'query', meta: 'tokens' }));
    this.token = csrf.query.tokens.csrftoken;
  }

  /** A token of another type (`userrights`, `createaccount`, ...). */
  async tokenOf(type: string): Promise<string> {
    const answer = await this.send(this.form({ action: 'query', meta: 'tokens', type }));
    return answer.query.tokens[`${type}token`];
  }

  /** A write action (with the CSRF token unless another is given); throws when the source reports an error. */
  async act(action: string, params: Record<string, string | number | boolean>): Promise<any> {
    const answer = await this.send(this.form({ action, token: this.token, ...params }));
    if (answer.error)
      throw new Error(`${action} ${JSON.stringify(params).slice(0, 200)}: ${answer.error.code}: ${answer.error.info}`);
    return answer;
  }

  /** `action=import` of an XML dump sent as a file (unknown users named with `prefix>`). */
  async importXml(xml: string, prefix: string, summary: string): Promise<any> {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      action: 'import',
      format: 'json',
      formatversion: '2',
      interwikiprefix: prefix,
      summary,
      token: this.token,
    })) {
      form.set(k, v);
    }
    form.set('xml', new Blob([xml], { type: 'application/xml' }), 'import.xml');
    const answer = await this.send(form);
    if (answer.error) throw new Error(`import: ${answer.error.code}: ${answer.error.info}`);
    return answer;
  }

  async upload(filename: string, bytes: Uint8Array, comment: string, ignorewarnings = true): Promise<any> {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      action: 'upload',
      format: 'json',
      formatversion: '2',
      filename,
      comment,
      token: this.token,
    })) {
      form.set(k, v);
    }
    if (ignorewarnings) form.set('ignorewarnings', '1');
    form.set('file', new Blob([bytes]), filename);
    const answer = await this.send(form);
    if (answer.error) throw new Error(`upload ${filename}: ${answer.error.code}: ${answer.error.info}`);
    return answer;
  }
}
