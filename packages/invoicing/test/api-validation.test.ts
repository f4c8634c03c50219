import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { getInvoice, postInvoice, TEST_BASE_URL, useHarness } from './harness.js';

describeEachEngine('POST /api/invoices validation', (engine) => {
  const harness = useHarness(engine, { maxAmountEurCents: 1_000_000n });

  async function rejected(body: string | Record<string, unknown>, status: number, code: string, param?: string) {
    const h = harness();
    const withKey = typeof body === 'string' ? body : { api_key: h.key, ...body };
    const response = await postInvoice(h, withKey);
    assert.equal(response.status, status, response.text);
    assert.equal(response.body.error.code, code, response.text);
    assert.equal(typeof response.body.error.message, 'string');
    assert.equal(typeof response.body.error.type, 'string');
    if (param !== undefined) assert.equal(response.body.error.param, param, response.text);
    return response.body.error;
  }

  test('a valid request answers 201 with the ten fields, a Location and exact amounts', async () => {
    const h = harness();
    const response = await postInvoice(h, `{"api_key":"${h.key}","amount_eur":12.30,"expires_min":30}`);
    assert.equal(response.status, 201, response.text);
    const invoice = response.body;
    for (const field of [
      'id',
      'status',
      'order_ref',
      'amount_coin',
      'amount_eur',
      'eur_per_coin',
      'pay_url',
      'recipient',
      'message',
      'expires_at',
    ]) {
      assert.ok(field in invoice, `missing ${field}`);
    }
    assert.equal(invoice.status, 'open');
    assert.equal(response.headers.location, `/api/invoices/${invoice.id}`);
    assert.equal(invoice.pay_url, `${TEST_BASE_URL}/pay/${invoice.id}`);
    assert.match(invoice.id, /^[A-Za-z0-9_-]{24}$/);
    assert.match(invoice.order_ref, /^INV-[0-9A-HJKMNP-TV-Z]{11}$/);
    assert.match(invoice.message, /^INV-[0-9A-HJKMNP-TV-Z]{11}$/);
    assert.ok(Buffer.byteLength(invoice.message) <= 28);
    assert.equal(invoice.recipient, h.merchant.recipient);
    assert.ok(invoice.recipient.startsWith('SIM'));
    assert.equal(invoice.expires_at, Math.floor(h.clock.now() / 1000) + 30 * 60);
    assert.ok(Number.isInteger(invoice.expires_at));
    // 12.30 EUR at 0.25 EUR per coin is 49.2 coin, printed exactly.
    assert.match(response.text, /"amount_eur":12\.3[,}]/);
    assert.match(response.text, /"amount_coin":49\.2[,}]/);
    assert.match(response.text, /"eur_per_coin":0\.25[,}]/);
  });

  test('a coin invoice gets its EUR value rounded to cents, both printed exactly', async () => {
    const h = harness();
    const coin = await postInvoice(h, `{"api_key":"${h.key}","amount_coin":0.0001234}`);
    assert.equal(coin.status, 201, coin.text);
    assert.match(coin.text, /"amount_coin":0\.0001234[,}]/);
    assert.match(coin.text, /"amount_eur":0[,}]/);
    const big = await postInvoice(h, `{"api_key":"${h.key}","amount_coin":12345.1234567}`);
    assert.equal(big.status, 201, big.text);
    assert.match(big.text, /"amount_coin":12345\.1234567[,}]/);
    assert.match(big.text, /"amount_eur":3086\.28[,}]/);
  });

  test('expires_min defaults to the merchant setting of 15 minutes', async () => {
    const h = harness();
    const response = await postInvoice(h, { api_key: h.key, amount_coin: 5 });
    assert.equal(response.status, 201);
    assert.equal(response.body.expires_at, Math.floor(h.clock.now() / 1000) + 15 * 60);
  });

  test('missing or doubled amounts are refused', async () => {
    await rejected({}, 400, 'amount_missing', 'amount_eur');
    await rejected({ amount_eur: 1, amount_coin: 4 }, 400, 'amount_conflict', 'amount_coin');
  });

  test('non-numbers, zero, negatives, NaN and Infinity are refused naming the field', async () => {
    await rejected({ amount_eur: '10' }, 400, 'amount_invalid', 'amount_eur');
    await rejected({ amount_coin: true }, 400, 'amount_invalid', 'amount_coin');
    await rejected({ amount_eur: [1] }, 400, 'amount_invalid', 'amount_eur');
    await rejected({ amount_eur: 0 }, 400, 'amount_not_positive', 'amount_eur');
    await rejected({ amount_coin: -0 }, 400, 'amount_not_positive', 'amount_coin');
    await rejected({ amount_eur: -5 }, 400, 'amount_not_positive', 'amount_eur');
    const h = harness();
    for (const word of ['NaN', 'Infinity', '-Infinity']) {
      const response = await postInvoice(h, `{"api_key":"${h.key}","amount_eur":${word}}`);
      assert.equal(response.status, 400);
      assert.equal(response.body.error.code, 'amount_invalid');
      assert.equal(response.body.error.param, 'amount_eur');
    }
  });

  test('more decimals than the unit has are refused; trailing zeros are not extra precision', async () => {
    const h = harness();
    await rejected(`{"api_key":"${h.key}","amount_eur":12.345}`, 400, 'amount_too_precise', 'amount_eur');
    await rejected(`{"api_key":"${h.key}","amount_coin":1.00000001}`, 400, 'amount_too_precise', 'amount_coin');
    const ok = await postInvoice(h, `{"api_key":"${h.key}","amount_eur":12.3400000}`);
    assert.equal(ok.status, 201, ok.text);
    const exponent = await postInvoice(h, `{"api_key":"${h.key}","amount_eur":1.5e1}`);
    assert.equal(exponent.status, 201, exponent.text);
    assert.match(exponent.text, /"amount_eur":15[,}]/);
  });

  test('0.1 stays exactly 0.1', async () => {
    const h = harness();
    const response = await postInvoice(h, `{"api_key":"${h.key}","amount_eur":0.1}`);
    assert.equal(response.status, 201, response.text);
    assert.match(response.text, /"amount_eur":0\.1[,}]/);
    assert.match(response.text, /"amount_coin":0\.4[,}]/);
  });

  test('amounts above the configured maximum or below the ledger minimum are refused', async () => {
    await rejected({ amount_eur: 10000.01 }, 400, 'amount_too_large', 'amount_eur');
    await rejected({ amount_coin: 40000.1 }, 400, 'amount_too_large', 'amount_coin');
    await rejected({ amount_coin: 0.0000099 }, 400, 'amount_too_small', 'amount_coin');
    const h = harness();
    await rejected(`{"api_key":"${h.key}","amount_eur":1e400}`, 400, 'amount_too_large', 'amount_eur');
  });

  test('expires_min must be a whole number from 1 to 1440', async () => {
    await rejected({ amount_eur: 1, expires_min: 1.5 }, 400, 'expires_min_invalid', 'expires_min');
    await rejected({ amount_eur: 1, expires_min: '15' }, 400, 'expires_min_invalid', 'expires_min');
    await rejected({ amount_eur: 1, expires_min: 0 }, 400, 'expires_min_out_of_range', 'expires_min');
    await rejected({ amount_eur: 1, expires_min: 1441 }, 400, 'expires_min_out_of_range', 'expires_min');
    await rejected({ amount_eur: 1, expires_min: -3 }, 400, 'expires_min_out_of_range', 'expires_min');
    const h = harness();
    for (const minutes of [1, 1440]) {
      const ok = await postInvoice(h, { api_key: h.key, amount_eur: 1, expires_min: minutes });
      assert.equal(ok.status, 201, ok.text);
    }
  });

  test('unknown fields are refused by name', async () => {
    await rejected({ amount_eur: 1, currency: 'EUR' }, 400, 'unknown_parameter', 'currency');
  });

  test('bodies that are not a JSON object, not JSON, or too large are refused without a 500', async () => {
    const h = harness();
    await rejected('[1,2]', 400, 'invalid_body');
    await rejected('"text"', 400, 'invalid_body');
    await rejected('{"amount_eur": 1,', 400, 'invalid_json');
    await rejected('', 400, 'invalid_json');
    await rejected(`{"api_key":"${h.key}","amount_eur":1,"amount_eur":2}`, 400, 'invalid_json');
    const big = JSON.stringify({ api_key: h.key, amount_eur: 1, pad: 'x'.repeat(17 * 1024) });
    const tooLarge = await postInvoice(h, big);
    assert.equal(tooLarge.status, 413);
    assert.equal(tooLarge.body.error.code, 'body_too_large');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/invoices',
        headers: { 'content-type': type },
        payload: `api_key=${h.key}&amount_eur=1`,
      });
      assert.equal(response.statusCode, 415, type);
      assert.equal(response.json().error.code, 'unsupported_media_type');
    }
    const noType = await h.app.inject({ method: 'POST', url: '/api/invoices', payload: 'x' });
    assert.equal(noType.statusCode, 415);
    const noBody = await h.app.inject({ method: 'POST', url: '/api/invoices' });
    assert.equal(noBody.statusCode, 400);
    assert.equal(noBody.json().error.code, 'invalid_body');
  });

  test('an unknown invoice id is 404 with the error shape; unknown routes too', async () => {
    const h = harness();
    const unknown = await getInvoice(h, 'AAAAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'resource_missing');
    const malformed = await getInvoice(h, '..%2F..%2Fetc');
    assert.equal(malformed.status, 404);
    const route = await h.app.inject({ method: 'GET', url: '/api/nothing' });
    assert.equal(route.statusCode, 404);
    assert.equal(route.json().error.code, 'route_not_found');
  });

  test('no body a client can send makes the server answer 500', async () => {
    const h = harness();
    const values = [
      '1',
      '-1',
      '0.001',
      '1e3',
      '"x"',
      'null',
      'true',
      '[]',
      '{}',
      'NaN',
      '1.2.3',
      '"\\u0000"',
      '99999999999999999999999',
    ];
    const fields = ['amount_eur', 'amount_coin', 'expires_min', 'api_key', '__proto__', 'constructor', ''];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const parts = [`"api_key":"${h.key}"`];
      for (let j = random(4); j > 0; j--)
        parts.push(`"${fields[random(fields.length)]}":${values[random(values.length)]}`);
      let body = `{${parts.join(',')}}`;
      if (random(5) === 0) body = body.slice(0, random(body.length));
      const response = await postInvoice(h, body, random(3) === 0 ? { 'idempotency-key': `k${random(5)}` } : {});
      assert.ok(response.status < 500, `${body} -> ${response.status} ${response.text}`);
      assert.ok(response.body.error || response.body.id, response.text);
    }
  });
});
