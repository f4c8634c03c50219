import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { armorFrenchSpaces, parsedPlainHtml, serializerEscapes } from '../../src/text/french-spaces.js';

describe('French spacing and the serializer escapes of parsed HTML', () => {
  test('spaces before closing punctuation and after opening guillemets become no-break, in text only', () => {
    assert.equal(
      armorFrenchSpaces('« a » : b ?x <i title="a :">c !</i>', '&#160;'),
      '«&#160;a&#160;»&#160;: b ?x <i title="a :">c&#160;!</i>',
    );
    // A word character right after the mark keeps the space (`: b` is spaced, ` :b` is not).
    assert.equal(armorFrenchSpaces('a :b', '&#160;'), 'a :b');
  });

  test('a no-break space is written as a reference in text and attributes, U+0338 in text', () => {
    assert.equal(
      serializerEscapes('a\u00a0b <a title="c\u00a0d">e\u0338</a>'),
      'a&#160;b <a title="c&#160;d">e&#x338;</a>',
    );
    assert.equal(serializerEscapes('plain'), 'plain');
  });

  test("a message's own no-break spaces (French typography) and its plain spaces come out alike", () => {
    assert.equal(parsedPlainHtml('Nouveau mot de passe\u00a0:'), 'Nouveau mot de passe&#160;:');
    assert.equal(
      parsedPlainHtml('La valeur «\u00a00\u00a0» ou « 1 » ?'),
      'La valeur «&#160;0&#160;» ou «&#160;1&#160;»&#160;?',
    );
  });
});
