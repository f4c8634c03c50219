import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as codexIcons from '@wikimedia/codex-icons';
import { useReferenceApi } from '../helpers/reference-api.js';

describe('list=codexicons', () => {
  const api = useReferenceApi();

  test('icons by name: plain, direction-dependent and language-dependent forms', async () => {
    const answer = await api().query({ list: 'codexicons', names: 'cdxIconAdd|cdxIconArrowNext|cdxIconBold' });
    const icons = answer.query.codexicons;
    assert.deepEqual(Object.keys(icons), ['cdxIconAdd', 'cdxIconArrowNext', 'cdxIconBold']);
    assert.equal(icons.cdxIconAdd, (codexIcons as unknown as Record<string, unknown>).cdxIconAdd);
    assert.match(icons.cdxIconAdd, /^<path d="/);
    assert.equal(icons.cdxIconArrowNext.shouldFlip, true);
    assert.match(icons.cdxIconArrowNext.ltr, /^<path/);
    assert.match(icons.cdxIconBold.langCodeMap.de, /<path/);
    assert.match(icons.cdxIconBold.default, /<path/);
  });

  test('every icon with *, unknown names warned about, names required', async () => {
    const all = await api().query({ list: 'codexicons', names: '*' });
    const names = Object.keys(all.query.codexicons);
    assert.ok(names.length > 250);
    assert.ok(names.includes('cdxIconZoomIn') && names.some((n) => n.startsWith('cdxIconLogo')));
    const unknown = await api().query({ list: 'codexicons', names: 'cdxIconAdd|Kein' });
    assert.deepEqual(Object.keys(unknown.query.codexicons), ['cdxIconAdd']);
    assert.ok(JSON.stringify(unknown.warnings).includes('Kein'));
    const none = await api().query({ list: 'codexicons' });
    assert.equal(none.error.code, 'missingparam');
  });
});
