import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkCharacter, hasValidCheckCharacter } from '../src/domain/check-character.js';
import { formatMinorUnits, parseExactDecimal, toMinorUnits } from '../src/domain/decimal.js';
import {
  amountRequired,
  applyPayment,
  expireIfDue,
  type Invoice,
  openInvoice,
  priceInvoice,
} from '../src/domain/invoice.js';
import { coinForEur, eurForCoin, formatCoin } from '../src/domain/money.js';
import { isOrderReference, newInvoiceId, newOrderReference, normaliseMessage } from '../src/domain/references.js';
import { newSimulatedAddress, validateSimulatedAddress } from '../src/ledger/simulated-address.js';
import { parseRate } from '../src/rates/rate-source.js';

test('decimal text becomes exact minor units and prints back unchanged', () => {
  const cases: [string, number, bigint][] = [
    ['0.1', 2, 10n],
    ['12.30', 2, 1230n],
    ['1e2', 2, 10000n],
    ['1.5E-1', 2, 15n],
    ['123456789.1234567', 7, 1234567891234567n],
    ['92233720368.5477580', 7, 922337203685477580n],
  ];
  for (const [text, decimals, minor] of cases) {
    const parsed = parseExactDecimal(text);
    assert.notEqual(typeof parsed, 'string');
    assert.equal(toMinorUnits(parsed as never, decimals), minor, text);
  }
  assert.equal(toMinorUnits(parseExactDecimal('12.345') as never, 2), 'too_precise');
  assert.equal(parseExactDecimal('NaN'), 'not_finite');
  assert.equal(parseExactDecimal('12,5'), 'not_a_number');
  assert.equal(parseExactDecimal('1e999999'), 'too_large');
  assert.equal(formatMinorUnits(5n, 2), '0.05');
  assert.equal(formatCoin(1234567891234567n), '123456789.1234567');
  assert.equal(formatCoin(400000000n), '40');
});

test('EUR prices convert to coin rounded up, and coin to EUR rounded to the nearest cent', () => {
  const rate = parseRate('0.3')!;
  // 0.01 EUR / 0.3 = 0.0333333… coin: rounded up to 0.0333334.
  assert.equal(formatCoin(coinForEur(1n, rate)), '0.0333334');
  assert.ok(eurForCoin(coinForEur(1n, rate), rate) >= 1n);
  for (let cents = 1n; cents < 2000n; cents += 7n) {
    const coin = coinForEur(cents, rate);
    // Paying the coin amount is worth at least the price, and one minor unit less is worth less.
    assert.ok(coin * rate * 100n >= cents * 10n ** 17n, `${cents}`);
    assert.ok((coin - 1n) * rate * 100n < cents * 10n ** 17n, `${cents}`);
  }
  assert.equal(eurForCoin(10_000_000n, parseRate('0.125')!), 13n);
  assert.equal(eurForCoin(10_000_000n, parseRate('0.124')!), 12n);
  assert.equal(parseRate('0'), undefined);
  assert.equal(parseRate('-1'), undefined);
  assert.equal(parseRate('abc'), undefined);
});

test('invoice ids and references are distinct across many, past the random pool boundaries', () => {
  const ids = new Set<string>();
  const refs = new Set<string>();
  for (let i = 0; i < 5000; i++) {
    const id = newInvoiceId();
    assert.match(id, /^[A-Za-z0-9_-]{24}$/);
    ids.add(id);
    refs.add(newOrderReference('INV'));
  }
  assert.equal(ids.size, 5000);
  assert.equal(refs.size, 5000);
});

test('order references have a prefix, an unambiguous suffix and a check character', () => {
  for (let i = 0; i < 200; i++) {
    const ref = newOrderReference('INV');
    assert.match(ref, /^INV-[0-9A-HJKMNP-TV-Z]{11}$/);
    assert.ok(isOrderReference(ref));
    assert.ok(Buffer.byteLength(ref) <= 28);
  }
  const ref = newOrderReference('SHOP42');
  const suffix = ref.slice(ref.indexOf('-') + 1);
  // Any single changed character is caught.
  for (let i = 0; i < suffix.length; i++) {
    for (const c of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
      if (c === suffix[i]) continue;
      const typo = suffix.slice(0, i) + c + suffix.slice(i + 1);
      assert.equal(hasValidCheckCharacter(typo), false, typo);
    }
  }
  assert.equal(checkCharacter('ABC'), checkCharacter('ABC'));
  assert.equal(normaliseMessage('  inv-7kq2m9xh4tr \n'), 'INV-7KQ2M9XH4TR');
});

test('simulated addresses are validated by prefix and check character', () => {
  const address = newSimulatedAddress();
  assert.equal(validateSimulatedAddress(address), null);
  assert.match(validateSimulatedAddress(`GAB${address.slice(3)}`)!, /starts with SIM/);
  const last = address.at(-1) === '0' ? '1' : '0';
  assert.match(validateSimulatedAddress(address.slice(0, -1) + last)!, /check character/);
  assert.match(validateSimulatedAddress(address.slice(0, -2))!, /characters/);
});

function invoice(amountCoin: bigint, toleranceBp = 0): Invoice {
  return openInvoice({
    id: 'x'.repeat(24),
    merchantId: 'm',
    orderRef: 'INV-0000000000X',
    recipient: 'SIM',
    pricedIn: 'coin',
    amountCoin,
    amountEur: 0n,
    rate: { eurPerCoin: 1n, source: 'fixed', at: 0 },
    toleranceBp,
    expiresMin: 10,
    now: 0,
  }).invoice;
}

test('payments add up; tolerance, overpayment, lateness by ledger time', () => {
  const start = invoice(1000n);
  const half = applyPayment(start, { amount: 400n, ledgerTime: 1000 }, 1000);
  assert.equal(half.invoice.status, 'open');
  assert.equal(half.invoice.flags.partial, true);
  assert.equal(half.statusChange, null);
  const paid = applyPayment(half.invoice, { amount: 700n, ledgerTime: 2000 }, 2000);
  assert.equal(paid.invoice.status, 'paid');
  assert.deepEqual(paid.invoice.flags, { partial: false, overpaid: true, late: false });
  assert.equal(paid.invoice.paidAt, 2000);

  // Made in time, credited after expiry: paid.
  const expired = expireIfDue(start, 11 * 60_000)!.invoice;
  assert.equal(expired.status, 'expired');
  const revived = applyPayment(expired, { amount: 1000n, ledgerTime: 9 * 60_000 }, 20 * 60_000);
  assert.equal(revived.invoice.status, 'paid');
  assert.equal(revived.invoice.flags.late, false);

  // Made after expiry: stays expired, flagged late.
  const late = applyPayment(expired, { amount: 1000n, ledgerTime: 10 * 60_000 + 1 }, 20 * 60_000);
  assert.equal(late.invoice.status, 'expired');
  assert.deepEqual(late.invoice.flags, { partial: false, overpaid: false, late: true });

  // 1 % tolerance: 990 of 1000 pays.
  assert.equal(amountRequired(invoice(1000n, 100)), 990n);
  const tolerated = applyPayment(invoice(1000n, 100), { amount: 990n, ledgerTime: 0 }, 0);
  assert.equal(tolerated.invoice.status, 'paid');
  assert.equal(expireIfDue(tolerated.invoice, 99 * 60_000), null);
});

test('prices are checked against the limits', () => {
  const rate = { eurPerCoin: parseRate('0.25')!, source: 'fixed', at: 0 };
  const limits = { maxEurCents: 100_00n, minCoinMinor: 100n };
  assert.deepEqual(priceInvoice({ currency: 'eur', value: '100' }, rate, limits), {
    amountCoin: 4_000_000_000n,
    amountEur: 10_000n,
  });
  assert.throws(() => priceInvoice({ currency: 'eur', value: '100.01' }, rate, limits), /maximum/);
  assert.throws(() => priceInvoice({ currency: 'coin', value: '0.0000099' }, rate, limits), /minimum/);
});
