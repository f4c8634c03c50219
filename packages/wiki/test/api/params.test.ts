/**
 * The parameter validator on its own: every type, multi-values, limits, defaults, deprecation and
 * the errors and warnings MediaWiki gives, with the exact English texts clients see.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, type ApiMessage } from '../../src/api/errors.js';
import { renderMessage, stripMarkup } from '../../src/api/messages/render.js';
import type { ParamDescriptor } from '../../src/api/params/descriptor.js';
import { fromLegacyEncoding, legacyEncodingOf } from '../../src/api/params/legacy-encoding.js';
import { phpParameterName, RequestParams } from '../../src/api/params/request.js';
import { parseTimestamp, toMwTimestamp } from '../../src/api/params/timestamp.js';
import { ParamValidator } from '../../src/api/params/validate.js';
import { TitleCodec } from '../../src/site/title.js';
import { germanSite } from '../helpers/german-site.js';

const NOW = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

function validator(entries: [string, string][], highLimits = false) {
  const warnings: string[] = [];
  const messages: ApiMessage[] = [];
  const limits = new Map<string, number>();
  const site = germanSite();
  const v = new ParamValidator(new RequestParams(entries), {
    site,
    titles: new TitleCodec(site),
    highLimits,
    now: NOW,
    warn: (module: string, message: ApiMessage) => {
      messages.push(message);
      warnings.push(`${module}: ${stripMarkup(renderMessage(message.key, message.params, 'en'))}`);
    },
    recordLimit: (name, value) => limits.set(name, value),
  });
  const scope = { prefix: 'xx', path: 'query+test', name: 'test' };
  return {
    read: (p: ParamDescriptor) => v.read(p, scope),
    readAll: (ps: readonly ParamDescriptor[]) => v.readAll(ps, scope),
    warnings,
    messages,
    limits,
  };
}

function errorOf(fn: () => unknown): { code: string; text: string; data: unknown } {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ApiError);
    const m = error.messages[0];
    return { code: m.code, text: stripMarkup(renderMessage(m.key, m.params, 'en')), data: m.data };
  }
  assert.fail('expected an error');
}

describe('legacy 8-bit encodings', () => {
  const bytes = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');

  test("each content language's encoding as MediaWiki 1.39 resolves it through the fallbacks", () => {
    const expected = { de: 'windows-1252', en: 'windows-1252', ltg: 'windows-1252', ru: 'windows-1251' };
    const more = { uk: 'windows-1251', hu: 'iso8859-2', 'zh-hk': 'Big5-HKSCS' };
    for (const [code, encoding] of Object.entries({ ...expected, ...more })) {
      assert.equal(legacyEncodingOf(code), encoding, code);
    }
  });

  test("bytes are converted as PHP's iconv with //IGNORE converts them", () => {
    // Each text is what PHP 8.2's iconv gave for the same bytes; a character cut off at the end
    // makes iconv fail, and MediaWiki then reads an empty value.
    const cases: [string, string, string][] = [
      ['619862e4', 'windows-1251', 'abд'],
      ['8a81e8', 'cp1250', 'Šč'],
      ['61a1', 'iso8859-2', 'aĄ'],
      ['c1e1ae', 'iso-8859-7', 'Αα'],
      ['61c4e362', 'windows-936', 'a你b'],
      ['61a440', 'Big5-HKSCS', 'a一'],
      ['42a3', 'windows-936', ''],
      ['61c462e4', 'UTF-8', ''],
      ['4181e4', 'windows-1252', 'Aä'],
    ];
    for (const [hex, encoding, text] of cases) assert.equal(fromLegacyEncoding(bytes(hex), encoding), text, hex);
  });
});

describe('parameter validation', () => {
  test('names as PHP reads them: dots and spaces as underscores, array syntax without a value, first place kept', () => {
    assert.deepEqual(phpParameterName('a.b c'), { name: 'a_b_c', array: false });
    assert.deepEqual(phpParameterName('  titles[]'), { name: 'titles', array: true });
    assert.deepEqual(phpParameterName('baz[x][y]'), { name: 'baz', array: true });
    assert.deepEqual(phpParameterName('e[f.g'), { name: 'e_f.g', array: false });
    assert.equal(phpParameterName('[]'), undefined);
    assert.equal(phpParameterName(''), undefined);
    const params = new RequestParams([
      ['foo[]', '1'],
      ['bar', '2'],
      ['foo', '3'],
      ['xxa[]', 'Berlin'],
      ['a.b', '4'],
    ]);
    assert.deepEqual(params.names(), ['foo', 'bar', 'xxa', 'a_b']);
    assert.equal(params.get('foo'), '3');
    assert.equal(params.get('a_b'), '4');
    const { read, warnings } = validator([['xxa[]', 'Berlin']]);
    assert.equal(read({ name: 'a', type: 'string' }), undefined);
    assert.deepEqual(warnings, ['main: Parameter "xxa" uses unsupported PHP array syntax.']);
    // Also after another parameter was refused.
    const after = validator([
      ['xxa', 'bogus'],
      ['xxb[]', '1'],
    ]);
    assert.throws(() =>
      after.readAll([
        { name: 'a', type: ['x', 'y'] },
        { name: 'b', type: 'integer', multi: true },
      ]),
    );
    assert.deepEqual(after.warnings, ['main: Parameter "xxb" uses unsupported PHP array syntax.']);
  });

  test('strings are NFC-normalised and absent parameters take their default', () => {
    const { read } = validator([['xxa', 'Cafe\u0301']]);
    assert.equal(read({ name: 'a', type: 'string' }), 'Café');
    assert.equal(read({ name: 'b', type: 'string', default: 'x' }), 'x');
    assert.equal(read({ name: 'c', type: 'string' }), undefined);
  });

  test('booleans are true when present, whatever the value', () => {
    const { read } = validator([
      ['xxa', '0'],
      ['xxb', ''],
    ]);
    assert.equal(read({ name: 'a', type: 'boolean' }), true);
    assert.equal(read({ name: 'b', type: 'boolean' }), true);
    assert.equal(read({ name: 'c', type: 'boolean' }), false);
  });

  test('integers are checked and clamped with MediaWiki’s warning', () => {
    const { read, warnings } = validator([
      ['xxa', '1500'],
      ['xxb', '-3'],
      ['xxc', '12x'],
    ]);
    assert.equal(read({ name: 'a', type: 'integer', min: 1, max: 1200 }), 1200);
    assert.equal(read({ name: 'b', type: 'integer', min: 0 }), 0);
    assert.deepEqual(warnings, [
      'query+test: The value "1500" for parameter "xxa" must be between 1 and 1,200.',
      'query+test: The value "-3" for parameter "xxb" must be no less than 0.',
    ]);
    const error = errorOf(() => read({ name: 'c', type: 'integer' }));
    assert.equal(error.code, 'badinteger');
    assert.equal(error.text, 'Invalid value "12x" for integer parameter "xxc".');
  });

  test('limit=max takes the bound of the caller and is recorded for the limits block', () => {
    const low = validator([['xxlimit', 'max']]);
    assert.equal(low.read({ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000 }), 500);
    assert.deepEqual([...low.limits], [['test', 500]]);
    const high = validator([['xxlimit', 'max']], true);
    assert.equal(high.read({ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000 }), 5000);
    const over = validator([['xxlimit', '501']]);
    assert.equal(over.read({ name: 'limit', type: 'limit', min: 1, max: 500, highmax: 5000 }), 500);
  });

  test('single enums refuse unknown values; multi enums drop them with a warning', () => {
    const { read, warnings } = validator([
      ['xxa', 'bogus'],
      ['xxb', 'x|bogus|y|x|other'],
    ]);
    const error = errorOf(() => read({ name: 'a', type: ['x', 'y'] }));
    assert.equal(error.code, 'badvalue');
    assert.equal(error.text, 'Unrecognized value for parameter "xxa": bogus.');
    assert.deepEqual(read({ name: 'b', type: ['x', 'y'], multi: true }), ['x', 'y']);
    assert.deepEqual(warnings, ['query+test: Unrecognized values for parameter "xxb": bogus, other']);
  });

  test('multi-values split on | or on U+001F when the value starts with it', () => {
    const { read } = validator([
      ['xxa', '\u001fa|b\u001fc'],
      ['xxb', ''],
    ]);
    assert.deepEqual(read({ name: 'a', type: 'string', multi: true }), ['a|b', 'c']);
    assert.deepEqual(read({ name: 'b', type: 'string', multi: true }), []);
  });

  test('* stands for every value where allowed; duplicates stay only where allowed', () => {
    const { read } = validator([
      ['xxa', '*'],
      ['xxb', 'p|p'],
    ]);
    assert.deepEqual(read({ name: 'a', type: ['x', 'y', 'z'], multi: true, allspecifier: true }), ['x', 'y', 'z']);
    assert.deepEqual(read({ name: 'b', type: 'string', multi: true, allowsduplicates: true }), ['p', 'p']);
  });

  test('more than 50 values is toomanyvalues, 500 with apihighlimits', () => {
    const values = Array.from({ length: 51 }, (_, i) => `v${i}`).join('|');
    const error = errorOf(() => validator([['xxa', values]]).read({ name: 'a', type: 'string', multi: true }));
    assert.equal(error.code, 'toomanyvalues');
    assert.equal(error.text, 'Too many values supplied for parameter "xxa". The limit is 50.');
    assert.deepEqual(error.data, { limit: 50, lowlimit: 50, highlimit: 500 });
    assert.equal(
      (validator([['xxa', values]], true).read({ name: 'a', type: 'string', multi: true }) as string[]).length,
      51,
    );
  });

  test('namespaces accept the site’s ids, * means the non-negative ones', () => {
    const { read } = validator([
      ['xxa', '14'],
      ['xxb', '*'],
      ['xxc', '-1'],
    ]);
    assert.equal(read({ name: 'a', type: 'namespace' }), 14);
    const all = read({ name: 'b', type: 'namespace', multi: true, allspecifier: true }) as number[];
    assert.ok(all.includes(0) && all.includes(2302) && !all.includes(-1));
    assert.equal(errorOf(() => read({ name: 'c', type: 'namespace' })).code, 'badvalue');
    assert.equal(validator([['xxc', '-1']]).read({ name: 'c', type: 'namespace', extranamespaces: [-2, -1] }), -1);
  });

  test('required parameters are missingparam when absent', () => {
    const error = errorOf(() => validator([]).read({ name: 'a', type: 'string', required: true }));
    assert.equal(error.code, 'missingparam');
    assert.equal(error.text, 'The "xxa" parameter must be set.');
  });

  test('required parameters sent empty are missingparam too', () => {
    const error = errorOf(() => validator([['xxa', '']]).read({ name: 'a', type: 'string', required: true }));
    assert.equal(error.code, 'missingparam');
    assert.equal(validator([['xxa', '']]).read({ name: 'a', type: 'string' }), '');
  });

  test('deprecated parameters and values are warned about', () => {
    const { read, warnings } = validator([
      ['xxa', '1'],
      ['xxb', 'old|new'],
    ]);
    read({ name: 'a', type: 'string', deprecated: true });
    read({ name: 'b', type: ['new', 'old'], multi: true, deprecatedvalues: ['old'] });
    assert.deepEqual(warnings, [
      'query+test: The parameter "xxa" has been deprecated.',
      'query+test: The value "old" to parameter "xxb" has been deprecated.',
    ]);
  });

  test('deprecated values are told as they are read, before the unknown values of the same parameter', () => {
    const { read, warnings } = validator([['xxb', '|old|bogus|new|*|old']]);
    assert.deepEqual(read({ name: 'b', type: ['new', 'old'], multi: true, deprecatedvalues: ['old'] }), ['old', 'new']);
    assert.deepEqual(warnings, [
      'query+test: The value "old" to parameter "xxb" has been deprecated.',
      'query+test: Unrecognized values for parameter "xxb": , bogus, *',
    ]);
  });

  test('a title parameter takes what the title parser takes', () => {
    const { read } = validator([
      ['xxa', 'Diskussion:Berlin'],
      ['xxb', 'Kategorie:'],
    ]);
    assert.equal(read({ name: 'a', type: 'title' }), 'Diskussion:Berlin');
    const refused = errorOf(() => read({ name: 'b', type: 'title' }));
    assert.equal(refused.code, 'badtitle');
    assert.equal(refused.text, 'Invalid value "Kategorie:" for title parameter "xxb": not a valid title string.');
  });

  test('a deprecated boolean is named with the value read, "1", whatever was sent', () => {
    const { read, messages } = validator([['xxa', '0']]);
    assert.equal(read({ name: 'a', type: 'boolean', deprecated: true }), true);
    assert.deepEqual(messages[0].params, ['xxa', '1']);
  });

  test('unrecognized values are named as often as they were sent', () => {
    const { read, messages, warnings } = validator([['xxa', 'x|new|x|y']]);
    assert.deepEqual(read({ name: 'a', type: ['new', 'old'], multi: true }), ['new']);
    assert.deepEqual(messages[0].data, { values: ['x', 'x', 'y'] });
    assert.deepEqual(warnings, ['query+test: Unrecognized values for parameter "xxa": x, x, y']);
  });

  test('names in English texts are marked as MediaWiki marks them, quotes in plain text', () => {
    const error = errorOf(() => validator([['xxc', 'Bad#Name']]).read({ name: 'c', type: 'user' }));
    assert.equal(error.text, 'Invalid value "Bad#Name" for user parameter "xxc".');
    assert.equal(
      renderMessage('paramvalidator-baduser', ['xxc', 'Bad#Name'], 'en'),
      'Invalid value "Bad#Name" for user parameter <var>xxc</var>.',
    );
    assert.equal(
      renderMessage('apierror-invalidparammix', [{ list: ['a', 'b'], quoted: true }, 2], 'en'),
      'The parameters <var>a</var> and <var>b</var> can not be used together.',
    );
    assert.equal(stripMarkup('The <kbd>a</kbd> parameter, <code>b</code>.'), 'The "a" parameter, "b".');
  });

  test('user values are canonical names, IPs or ranges as the subtypes allow', () => {
    const { read } = validator([
      ['xxa', 'alice_smith'],
      ['xxb', '192.0.2.0/24'],
      ['xxc', 'Bad#Name'],
      ['xxd', '#12'],
      ['xxe', 'imported>Foo_bar'],
      ['xxf', '<>'],
      ['xxg', 'Benutzer:a>b>c'],
      ['xxh', 'x#y>z'],
    ]);
    assert.equal(read({ name: 'a', type: 'user' }), 'Alice smith');
    assert.equal(read({ name: 'b', type: 'user', subtypes: ['name', 'ip', 'cidr'] }), '192.0.2.0/24');
    const error = errorOf(() => read({ name: 'c', type: 'user' }));
    assert.equal(error.code, 'baduser');
    assert.equal(error.text, 'Invalid value "Bad#Name" for user parameter "xxc".');
    assert.equal(read({ name: 'd', type: 'user' }), '#12');
    // Another wiki's user names (with `>`) are taken as given, unless they hold `#` or the parameter takes none.
    const external = ['name', 'ip', 'interwiki'];
    assert.equal(read({ name: 'e', type: 'user', subtypes: external }), 'imported>Foo_bar');
    assert.equal(read({ name: 'f', type: 'user', subtypes: external }), '<>');
    assert.equal(read({ name: 'g', type: 'user', subtypes: external }), 'Benutzer:a>b>c');
    assert.equal(errorOf(() => read({ name: 'h', type: 'user', subtypes: external })).code, 'baduser');
    assert.equal(errorOf(() => read({ name: 'e', type: 'user', subtypes: ['name', 'ip', 'cidr'] })).code, 'baduser');
  });

  test("user values as MediaWiki's UserDef reads them: a colon naming no namespace is part of the name", () => {
    // Each as MediaWiki 1.39 answered list=usercontribs&ucuser=… on the reference wiki.
    const cases: [string, string | undefined][] = [
      ['Xyz:Bob', 'Xyz:Bob'],
      ['Benutzer:Xyz:Bob', 'Xyz:Bob'],
      ['Bob:', 'Bob:'],
      ['Benutzerin:Alice', 'Alice'],
      [' Bob_ ', 'Bob'],
      ['User:127.0.0.001', '127.0.0.1'],
      ['1.2.3.xxx', '1.2.3.xxx'],
      ['::1', '0:0:0:0:0:0:0:1'],
      ['Hilfe:Bob', undefined],
      ['Spezial:Bob', undefined],
      ['en:Bob', undefined],
      ['Alice/x', undefined],
      ['a\u00a0b', 'A b'],
      ['#abc', undefined],
    ];
    const { read } = validator(cases.map(([value], i) => [`xx${String.fromCharCode(97 + i)}`, value]));
    for (const [i, [value, expected]] of cases.entries()) {
      const param: ParamDescriptor = {
        name: String.fromCharCode(97 + i),
        type: 'user',
        subtypes: ['name', 'ip', 'cidr'],
      };
      if (expected === undefined) assert.throws(() => read(param), ApiError, value);
      else assert.equal(read(param), expected, value);
    }
  });

  test('timestamps: every accepted form becomes MediaWiki’s 14 digits; "" and 0 mean now, with a warning', () => {
    const { read, warnings } = validator([
      ['xxa', '2001-01-15T14:56:00Z'],
      ['xxb', ''],
      ['xxc', 'yesterday'],
    ]);
    assert.equal(read({ name: 'a', type: 'timestamp' }), '20010115145600');
    assert.equal(read({ name: 'b', type: 'timestamp' }), toMwTimestamp(NOW));
    assert.match(warnings[0], /Passing "" for timestamp parameter "xxb" has been deprecated/);
    const error = errorOf(() => read({ name: 'c', type: 'timestamp' }));
    assert.equal(error.code, 'badtimestamp');
    assert.equal(error.text, 'Invalid value "yesterday" for timestamp parameter "xxc".');
  });
});

describe('timestamp formats', () => {
  const expected = '20010115145600';
  for (const form of [
    '20010115145600',
    '979570560',
    '2001-01-15T14:56:00Z',
    '2001-01-15T14:56:00.000Z',
    '2001-01-15T15:56:00+01:00',
    '2001-01-15 14:56:00',
    '2001:01:15 14:56:00',
    'Mon, 15 Jan 2001 14:56:00 GMT',
    '15-01-2001 14:56:00.000000',
    '20010115T145600Z',
    'Monday, 15-Jan-01 14:56:00 GMT',
    'Mon Jan 15 14:56:00 2001',
    'Mon, 15 Jan 2001 09:56:00 EST',
  ]) {
    test(form, () => {
      const date = parseTimestamp(form);
      assert.ok(date, `${form} parses`);
      assert.equal(toMwTimestamp(date), expected);
    });
  }
  test('fields beyond their range carry over, as MediaWiki reads them', () => {
    assert.equal(toMwTimestamp(parseTimestamp('2001-13-40T00:00:00Z') as Date), '20020209000000');
    assert.equal(toMwTimestamp(parseTimestamp('20011231250000') as Date), '20020101010000');
  });
  test('what MediaWiki refuses is refused', () => {
    for (const form of [
      'not a time',
      // before the year 0000 or after 9999
      '1000000000000',
      '253402300800',
      '-62167219201',
      // a date without its time, minutes without seconds, surrounding space
      '2001-01-15',
      '15 Jan 2001 14:56',
      ' 20010115145600',
      '20010115145600 ',
      // more than six digits of a second, Oracle's names of months
      '2001-01-15T14:56:00.1234567Z',
      '15-Jan-01 02.56.00.000000 PM',
    ]) {
      assert.equal(parseTimestamp(form), null, form);
    }
  });
});
