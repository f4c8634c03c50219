import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useReferenceApi } from '../helpers/reference-api.js';

describe('meta=languageinfo', () => {
  const api = useReferenceApi();

  test('names in the user language, autonyms, directions and BCP 47 tags from CLDR', async () => {
    const answer = await api().query({
      meta: 'languageinfo',
      licode: 'ar|sr-ec|fr|de-at',
      liprop: 'code|bcp47|dir|autonym|name|fallbacks',
    });
    assert.deepEqual(answer.query.languageinfo, {
      ar: { code: 'ar', bcp47: 'ar', dir: 'rtl', autonym: 'العربية', name: 'Arabisch', fallbacks: [] },
      'de-at': {
        code: 'de-at',
        bcp47: 'de-AT',
        dir: 'ltr',
        autonym: 'Österreichisches Deutsch',
        name: 'Österreichisches Deutsch',
        fallbacks: ['de'],
      },
      fr: { code: 'fr', bcp47: 'fr', dir: 'ltr', autonym: 'français', name: 'Französisch', fallbacks: [] },
      'sr-ec': {
        code: 'sr-ec',
        bcp47: 'sr-Cyrl',
        dir: 'ltr',
        autonym: 'српски (ћирилица)',
        name: 'Serbisch (Kyrillisch)',
        fallbacks: ['sr'],
      },
    });
    const english = await api().query({ meta: 'languageinfo', licode: 'fr', liprop: 'name', uselang: 'en' });
    assert.equal(english.query.languageinfo.fr.name, 'French');
  });

  test('variants and their names, every known code with *, continuation', async () => {
    const zh = await api().query({
      meta: 'languageinfo',
      licode: 'zh',
      liprop: 'variants|variantnames',
      uselang: 'en',
    });
    assert.ok(zh.query.languageinfo.zh.variants.includes('zh-hant'));
    assert.equal(zh.query.languageinfo.zh.variantnames['zh-hant'], 'Traditional Chinese');
    const all = await api().query({ meta: 'languageinfo', licontinue: 'zu' });
    assert.deepEqual(Object.keys(all.query.languageinfo).slice(0, 2), ['zu', 'zun']);
    // Every code, in as many answers as the work budget takes (the codes are looked up on first use).
    const every: Record<string, unknown> = {};
    let continuation: Record<string, string> | undefined = {};
    while (continuation) {
      const part = await api().query({ meta: 'languageinfo', ...continuation });
      Object.assign(every, part.query.languageinfo);
      continuation = part.continue;
    }
    assert.ok(Object.keys(every).length > 500);
    assert.deepEqual(every.de, { code: 'de' });
  });

  test('codes the wiki does not know are left out with a warning; * among other codes is one of them', async () => {
    const answer = await api().query({ meta: 'languageinfo', licode: 'xx-bogus|de|*|Be', liprop: 'code' });
    assert.deepEqual(answer.query.languageinfo, { de: { code: 'de' } });
    assert.equal(answer.warnings.languageinfo.warnings, 'Unrecognized values for parameter "licode": xx-bogus, *, Be.');
  });
});
