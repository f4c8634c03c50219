import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useHarness } from '../harness.js';
import { PageClient, textOf } from '../support/page-client.js';

describeEachEngine('portal webhook pages', (engine) => {
  const harness = useHarness(engine);
  let counter = 0;

  async function signedUp(name: string) {
    const client = new PageClient(harness().app);
    const answer = await client.signUp({
      name,
      email: `hooks${++counter}-${Date.now()}@example.test`,
      password: 'a long enough secret',
    });
    assert.equal(answer.status, 303, answer.body);
    await client.get('/portal/webhooks');
    return client;
  }

  test('webhook forms need the session CSRF token; endpoints are the merchant’s own', async () => {
    const client = await signedUp('Hook shop');
    const other = await signedUp('Other shop');
    const forged = await client.post('/portal/webhooks', { url: 'https://93.184.215.14/hooks' }, null);
    assert.equal(forged.status, 403);
    const foreign = await client.post('/portal/webhooks', { url: 'https://93.184.215.14/hooks' }, other.lastCsrf);
    assert.equal(foreign.status, 403);
    assert.match((await client.get('/portal/webhooks')).body, /No endpoints yet/);

    const created = await client.post('/portal/webhooks', {
      url: 'https://93.184.215.14/hooks',
      description: '<script>x</script>',
      'event_invoice.paid': '1',
    });
    assert.equal(created.status, 201);
    const secret = /id="new-secret"[^>]*>([^<]+)</.exec(created.body)?.[1] ?? /whsec_[\w+/=]+/.exec(created.body)?.[0];
    assert.match(secret ?? '', /whsec_/);
    assert.ok(!created.body.includes('<script>x</script>'), 'the description is escaped');
    assert.match(String(created.headers['content-security-policy']), /default-src 'self'/);
    const id = /data-endpoint="(we_[\w-]+)"/.exec(created.body)![1]!;

    const list = await client.get('/portal/webhooks');
    assert.ok(!list.body.includes(secret!), 'the secret is shown once');
    assert.match(textOf(list.body), /invoice\.paid/);

    await other.get('/portal/webhooks');
    assert.equal((await other.get(`/portal/webhooks/${id}`)).status, 404, 'another merchant sees no such endpoint');
    assert.equal((await other.post(`/portal/webhooks/${id}/delete`, {})).status, 404);
    assert.equal((await client.get(`/portal/webhooks/${id}`)).status, 200, 'still there');

    const refused = await client.post('/portal/webhooks', { url: 'https://192.168.1.20/hooks' });
    assert.equal(refused.status, 400);
    assert.match(textOf(refused.body), /private/);
  });
});
