/**
 * `{{GRAMMAR:}}` of the languages whose cases MediaWiki 1.39 forms in its language classes' code
 * rather than from data: Armenian, Latin, Ossetian, Irish, Church Slavonic, Colognian, Tuvan and
 * Kazakh (in Cyrillic),
 * each giving what MediaWiki gives for a word and a case (see `convertGrammar` in
 * language-facts.ts, which also has Finnish and the languages that put words around the word).
 * These rules are meant for site names: they are rough, and kept as rough as MediaWiki's.
 */

type Grammar = (word: string, grammaticalCase: string, language?: string) => string;

/** Whether the word holds a Latin letter or an underscore (Armenian and Church Slavonic decline only words without). */
const LATIN_LETTER = /[a-zA-Z_]/;

/** Armenian: the genitive only (`-ի`, `-այի` after `ա`, `-ոյի` after `ո`, `գիրք` → `գրքի`). */
const armenian: Grammar = (word, grammaticalCase) => {
  if (grammaticalCase !== 'genitive' || LATIN_LETTER.test(word)) return word;
  const chars = [...word];
  const last = chars.at(-1);
  if (last === 'ա') return `${chars.slice(0, -1).join('')}այի`;
  if (last === 'ո') return `${chars.slice(0, -1).join('')}ոյի`;
  if (chars.slice(-4).join('') === 'գիրք') return `${chars.slice(0, -4).join('')}գրքի`;
  return `${word}ի`;
};

/**
 * Church Slavonic: a genitive for words ending in `ї` followed by U+F011 (as MediaWiki's code
 * writes it), except words ending in `вики`.
 */
const churchSlavonic: Grammar = (word, grammaticalCase) => {
  if (grammaticalCase !== 'genitive' || LATIN_LETTER.test(word)) return word;
  const chars = [...word];
  const lastFour = chars.slice(-4).join('');
  if (lastFour === 'вики' || lastFour === 'Вики') return word;
  if (chars.slice(-2).join('') === '\u0457\uF011') return `${chars.slice(0, -2).join('')}їѩ`;
  return word;
};

/** Irish: the days of the week in the `ainmlae` case (`an Luan` → `Dé Luain`). */
const IRISH_DAYS: Readonly<Record<string, string>> = {
  'an Domhnach': 'Dé Domhnaigh',
  'an Luan': 'Dé Luain',
  'an Mháirt': 'Dé Mháirt',
  'an Chéadaoin': 'Dé Chéadaoin',
  'an Déardaoin': 'Déardaoin',
  'an Aoine': 'Dé hAoine',
  'an Satharn': 'Dé Sathairn',
};

const irish: Grammar = (word, grammaticalCase) =>
  grammaticalCase === 'ainmlae' && Object.hasOwn(IRISH_DAYS, word) ? (IRISH_DAYS[word] as string) : word;

/**
 * Latin: by case, endings replaced one after another (each replacement sees the word as the ones
 * before left it, as PHP's `preg_replace` with lists does).
 */
const LATIN_ENDINGS: Readonly<Record<string, ReadonlyArray<readonly [RegExp, string]>>> = {
  genitive: [
    [/u[ms]$/, 'i'],
    [/ommunia$/, 'ommunium'],
    [/a$/, 'ae'],
    [/libri$/, 'librorum'],
    [/nuntii$/, 'nuntiorum'],
    [/datae$/, 'datorum'],
    [/tio$/, 'tionis'],
    [/ns$/, 'ntis'],
    [/as$/, 'atis'],
    [/es$/, 'ei'],
  ],
  accusative: [
    [/u[ms]$/, 'um'],
    [/a$/, 'am'],
    [/ommuniam$/, 'ommunia'],
    [/libri$/, 'libros'],
    [/nuntii$/, 'nuntios'],
    [/datam$/, 'data'],
    [/tio$/, 'tionem'],
    [/ns$/, 'ntem'],
    [/as$/, 'atem'],
    [/es$/, 'em'],
  ],
  ablative: [
    [/u[ms]$/, 'o'],
    [/ommunia$/, 'ommunibus'],
    [/a$/, 'a'],
    [/libri$/, 'libris'],
    [/nuntii$/, 'nuntiis'],
    [/data$/, 'datis'],
    [/tio$/, 'tione'],
    [/ns$/, 'nte'],
    [/as$/, 'ate'],
    [/es$/, 'e'],
  ],
};

const latin: Grammar = (word, grammaticalCase) => {
  const endings = Object.hasOwn(LATIN_ENDINGS, grammaticalCase) ? LATIN_ENDINGS[grammaticalCase] : undefined;
  if (endings === undefined) return word;
  let declined = word;
  for (const [ending, replacement] of endings) declined = declined.replace(ending, replacement);
  return declined;
};

const OSSETIAN_VOWEL_END = /[аæеёиоыэюя]$/;
const OSSETIAN_CONSONANT_END = /[бвгджзйклмнопрстфхцчшщьъ]$/;

/**
 * Ossetian: an ending after the word, with `й` between vowels, a hyphen after a word not ending in
 * an Ossetian letter, and the plural's `тæ` shortened to `т` before its own endings.
 */
const ossetian: Grammar = (word, grammaticalCase) => {
  let allative = 'мæ';
  let jot = '';
  let hyphen = '';
  if (/тæ$/.test(word)) {
    word = [...word].slice(0, -1).join('');
    allative = 'æм';
  } else if (OSSETIAN_VOWEL_END.test(word)) {
    jot = 'й';
  } else if (/у$/.test(word)) {
    // `у` is a consonant after a vowel (`аунеу`), a vowel otherwise (`лæппу`).
    const before = [...word].at(-2) ?? '';
    if (!OSSETIAN_VOWEL_END.test(before)) jot = 'й';
  } else if (!OSSETIAN_CONSONANT_END.test(word)) {
    hyphen = '-';
  }
  const endings: Readonly<Record<string, string>> = {
    genitive: `${hyphen}${jot}ы`,
    dative: `${hyphen}${jot}æн`,
    allative: `${hyphen}${allative}`,
    ablative: jot === 'й' ? `${hyphen}${jot}æ` : `${hyphen}${jot}æй`,
    superessive: `${hyphen}${jot}ыл`,
    equative: `${hyphen}${jot}ау`,
    comitative: `${hyphen}имæ`,
  };
  return word + (Object.hasOwn(endings, grammaticalCase) ? endings[grammaticalCase] : '');
};

/** Colognian: the grammatical gender of the Wikimedia projects' names (masculine otherwise, neuter for `…wiki`). */
const COLOGNIAN_GENDERS: Readonly<Record<string, 'f' | 'n'>> = {
  wikipedia: 'f',
  wikiversity: 'f',
  wiktionary: 'n',
  wikibooks: 'n',
  wikiquote: 'n',
  wikisource: 'n',
  wikitravel: 'n',
  wikia: 'f',
  'translatewiki.net': 'n',
};

/** PHP's `strtolower`: ASCII letters only. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * Colognian: articles and prepositions before the word by its gender; the case is a list of words
 * of which only the first letters count (`genitive`, `2`, `vun`; `b` for the stressed forms, `m`
 * for the plural of a possessive).
 */
const colognian: Grammar = (word, grammaticalCase) => {
  const lower = asciiLower(word);
  let gender: 'm' | 'f' | 'n' = /wiki$/.test(lower) ? 'n' : 'm';
  if (Object.hasOwn(COLOGNIAN_GENDERS, lower)) gender = COLOGNIAN_GENDERS[lower] as 'f' | 'n';
  const spec = ` ${asciiLower(grammaticalCase)}`;
  const stressed = / b/.test(spec);
  const feminine = gender === 'f';
  if (/ [is]/.test(spec)) {
    const article = stressed ? (feminine ? 'dä' : 'däm') : feminine ? 'de' : 'dem';
    return `${article} ${word} ${feminine ? 'ier' : 'sing'}${/ m/.test(spec) ? 'e' : ''}`;
  }
  if (/ e/.test(spec))
    return stressed ? `en ${feminine ? 'dä' : 'däm'} ${word}` : `${feminine ? 'en de' : 'em'} ${word}`;
  if (/ [fv]/.test(spec) || / [2jg]/.test(spec))
    return stressed ? `vun ${feminine ? 'dä' : 'däm'} ${word}` : `${feminine ? 'vun de' : 'vum'} ${word}`;
  if (/ [3d]/.test(spec))
    return stressed ? `${feminine ? 'dää' : 'dämm'} ${word}` : `${feminine ? 'de' : 'dem'} ${word}`;
  const articles = stressed ? { m: 'dä', f: 'di', n: 'dat' } : { m: 'der', f: 'de', n: 'et' };
  return `${articles[gender]} ${word}`;
};

const TUVAN_VOWELS = 'еиэөүаёоуыюя';
/** Each Tuvan vowel's class: front or back, rounded or not. */
const TUVAN_VOWEL_CLASS: Readonly<Record<string, 'unroundFront' | 'roundFront' | 'unroundBack' | 'roundBack'>> = {
  е: 'unroundFront',
  и: 'unroundFront',
  э: 'unroundFront',
  ө: 'roundFront',
  ү: 'roundFront',
  а: 'unroundBack',
  ы: 'unroundBack',
  я: 'unroundBack',
  ё: 'roundBack',
  о: 'roundBack',
  у: 'roundBack',
  ю: 'roundBack',
};
const TUVAN_UNVOICED = new Set(['т', 'п', 'с', 'ш', 'к', 'ч', 'х']);
const TUVAN_DIRECTIVE_UNVOICED = new Set(['т', 'п', 'с', 'ш', 'к', 'ч', 'х', 'л', 'м', 'н', 'ң']);
const TUVAN_DIRECTIVE_VOICED = new Set(['д', 'б', 'з', 'ж', 'г', 'р', 'й']);
/** The vowel of a four-way suffix after a last vowel of each class. */
const FOUR_WAY = { unroundFront: 'и', roundFront: 'ү', unroundBack: 'ы', roundBack: 'у' } as const;

/**
 * Tuvan: a suffix by vowel harmony with the word's last vowel (four ways, or front and back) and
 * by its last letter (unvoiced, `л`, or other); a word without a vowel stays as it is.
 */
const tuvan: Grammar = (word, grammaticalCase) => {
  const chars = [...word];
  const ending = chars.at(-1) ?? '';
  let vowelClass: (typeof TUVAN_VOWEL_CLASS)[string] | undefined;
  for (let i = chars.length - 1; i >= 0 && vowelClass === undefined; i--) {
    const char = chars[i] as string;
    if (TUVAN_VOWELS.includes(char)) vowelClass = TUVAN_VOWEL_CLASS[char];
  }
  const unvoiced = TUVAN_UNVOICED.has(ending);
  const fourWay = vowelClass && FOUR_WAY[vowelClass];
  const twoWay = vowelClass && (vowelClass.endsWith('Front') ? 'е' : 'а');
  // The consonant of the suffixes that have three: after an unvoiced letter, after `л`, after others.
  const threeWay = unvoiced ? 'т' : ending === 'л' ? 'д' : 'н';
  switch (grammaticalCase) {
    case 'genitive':
      return fourWay ? `${word}${threeWay}${fourWay}ң` : word;
    case 'accusative':
      return fourWay ? `${word}${threeWay}${fourWay}` : word;
    case 'dative':
      return twoWay ? `${word}${unvoiced ? 'к' : 'г'}${twoWay}` : word;
    case 'locative':
      return twoWay ? `${word}${unvoiced ? 'т' : 'д'}${twoWay}` : word;
    case 'ablative':
      return twoWay ? `${word}${unvoiced ? 'т' : 'д'}${twoWay}н` : word;
    case 'directive1':
      if (TUVAN_DIRECTIVE_VOICED.has(ending)) return `${word}же`;
      return TUVAN_DIRECTIVE_UNVOICED.has(ending) ? `${word}че` : word;
    case 'directive2':
      return fourWay ? `${word}${unvoiced ? 'т' : 'д'}${fourWay}ве` : word;
    default:
      return word;
  }
};

/** The grammar of each of these languages' classes, by language code. */
/**
 * Kazakh, as its class declines: a suffix chosen by the class of the word's last letter and, for
 * most, whether its last vowel is a front or a back one (a word without either gets none). The
 * script is the one of the variant the language's code names (Latin for `kk-latn` and `kk-tr`,
 * Arabic for `kk-arab` and `kk-cn`), else Cyrillic, the main variant's. Each case lists the
 * letter classes in the order they are tried and, for each script, the front and the back
 * suffix; one suffix serves both where the vowel does not choose.
 */
interface KazakhScript {
  front: string;
  back: string;
  /** nasal, sonant, consonant, sibilant, first, second, third person's endings. */
  letters: Record<'nasal' | 'sonant' | 'consonant' | 'sibilant' | 'first' | 'second' | 'third', string>;
}
const KAZAKH_LETTERS: Readonly<Record<'cyrl' | 'latn' | 'arab', KazakhScript>> = {
  cyrl: {
    front: 'еөүіәэяёи',
    back: 'аоұы',
    letters: {
      nasal: 'мнң',
      sonant: 'ийлрую',
      consonant: 'пфкқтшсхцчщбвгд',
      sibilant: 'жз',
      first: 'мң',
      second: 'з',
      third: 'ыі',
    },
  },
  latn: {
    front: 'eöüiäé',
    back: 'aouı',
    letters: {
      nasal: 'mnñ',
      sonant: 'ïyýlrw',
      consonant: 'pfkqtşsxcçbvgd',
      sibilant: 'jz',
      first: 'mñ',
      second: 'z',
      third: 'ıi',
    },
  },
  arab: {
    front: 'ەٶٷٸٵ',
    back: 'اوۇى',
    letters: {
      nasal: 'منڭ',
      sonant: 'يلرۋ',
      consonant: 'پفكقتشسحچبۆگد',
      sibilant: 'جز',
      first: 'مڭ',
      second: 'ز',
      third: 'ىٸ',
    },
  },
};
/** A rule: the classes of last letters it takes, then per script [front, back] or one suffix. */
type KazakhRule = [classes: string, cyrl: string, latn: string, arab: string];
/** `a|b`: a for a front vowel, b for a back one; a suffix without `|` whatever the vowel. */
const KAZAKH_CASES: Readonly<Record<string, readonly KazakhRule[]>> = {
  genitive: [
    ['consonant', 'тің|тың', 'tiñ|tıñ', 'تٸڭ|تىڭ'],
    ['vowel nasal', 'нің|ның', 'niñ|nıñ', 'نٸڭ|نىڭ'],
    ['sonant sibilant', 'дің|дың', 'diñ|dıñ', 'دٸڭ|دىڭ'],
  ],
  dative: [
    ['consonant', 'ке|қа', 'ke|qa', 'كە|قا'],
    ['vowel sonorant', 'ге|ға', 'ge|ğa', 'گە|عا'],
  ],
  'possessive dative': [
    ['first', 'е|а', 'e|a', 'ە|ا'],
    ['second', 'ге|ға', 'ge|ğa', 'گە|عا'],
    ['third', 'не|на', 'ne|na', 'نە|نا'],
  ],
  accusative: [
    ['consonant', 'ті|ты', 'ti|tı', 'تٸ|تى'],
    ['vowel', 'ні|ны', 'ni|nı', 'نٸ|نى'],
    ['sonorant', 'ді|ды', 'di|dı', 'دٸ|دى'],
  ],
  'possessive accusative': [
    ['first second', 'ді|ды', 'di|dı', 'دٸ|دى'],
    ['third', 'н', 'n', 'ن'],
  ],
  locative: [
    ['consonant', 'те|та', 'te|ta', 'تە|تا'],
    ['vowel sonorant', 'де|да', 'de|da', 'دە|دا'],
  ],
  'possessive locative': [
    ['first second', 'де|да', 'de|da', 'دە|دا'],
    ['third', 'нде|нда', 'nde|nda', 'ندە|ندا'],
  ],
  ablative: [
    ['consonant', 'тен|тан', 'ten|tan', 'تەن|تان'],
    ['vowel sonant sibilant', 'ден|дан', 'den|dan', 'دەن|دان'],
    ['nasal', 'нен|нан', 'nen|nan', 'نەن|نان'],
  ],
  'possessive ablative': [
    ['first third', 'нен|нан', 'nen|nan', 'نەن|نان'],
    ['second', 'ден|дан', 'den|dan', 'دەن|دان'],
  ],
  comitative: [
    ['consonant', 'пен', 'pen', 'پەن'],
    ['vowel nasal sonant', 'мен', 'men', 'مەن'],
    ['sibilant', 'бен', 'ben', 'بەن'],
  ],
  'possessive comitative': [
    ['consonant', 'пенен', 'penen', 'پەنەن'],
    ['vowel nasal sonant', 'менен', 'menen', 'مەنەن'],
    ['sibilant', 'бенен', 'benen', 'بەنەن'],
  ],
};
/** The cases' other names (`dc1` for the genitive, ...). */
const KAZAKH_CASE_CODES: Readonly<Record<string, string>> = {
  dc1: 'genitive',
  dc2: 'dative',
  dc21: 'possessive dative',
  dc3: 'accusative',
  dc31: 'possessive accusative',
  dc4: 'locative',
  dc41: 'possessive locative',
  dc5: 'ablative',
  dc51: 'possessive ablative',
  dc6: 'comitative',
  dc61: 'possessive comitative',
};
const KAZAKH_SCRIPT_OF: Readonly<Record<string, 'latn' | 'arab'>> = {
  'kk-latn': 'latn',
  'kk-tr': 'latn',
  'kk-arab': 'arab',
  'kk-cn': 'arab',
};

/** Whether a letter is of a class (`vowel`, `sonorant` and the script's own). */
function kazakhClass(script: KazakhScript, name: string, letter: string): boolean {
  if (name === 'vowel') return script.front.includes(letter) || script.back.includes(letter);
  if (name === 'sonorant')
    return `${script.letters.sonant}${script.letters.nasal}${script.letters.sibilant}`.includes(letter);
  return script.letters[name as keyof KazakhScript['letters']]?.includes(letter) ?? false;
}

const kazakh: Grammar = (word, grammaticalCase, language = 'kk') => {
  if (word === '') return word;
  const name = KAZAKH_CASE_CODES[grammaticalCase] ?? grammaticalCase;
  const rules = Object.hasOwn(KAZAKH_CASES, name) ? KAZAKH_CASES[name] : undefined;
  if (rules === undefined) return word;
  const scriptName = KAZAKH_SCRIPT_OF[language] ?? 'cyrl';
  const script = KAZAKH_LETTERS[scriptName];
  const letters = [...word.toLowerCase()];
  const ending = letters.at(-1) ?? '';
  const lastVowel = letters.findLast((letter) => kazakhClass(script, 'vowel', letter));
  const column = { cyrl: 1, latn: 2, arab: 3 }[scriptName];
  for (const rule of rules) {
    if (!rule[0].split(' ').some((name) => kazakhClass(script, name, ending))) continue;
    const [front, back] = (rule[column] as string).split('|') as [string, string | undefined];
    if (back === undefined) return word + front;
    if (lastVowel !== undefined && script.front.includes(lastVowel)) return word + front;
    if (lastVowel !== undefined && script.back.includes(lastVowel)) return word + back;
    return word;
  }
  return word;
};

export const MORE_GRAMMAR_IN_CODE: Readonly<Record<string, Grammar>> = {
  kk: kazakh,
  hy: armenian,
  cu: churchSlavonic,
  ga: irish,
  la: latin,
  os: ossetian,
  ksh: colognian,
  tyv: tuvan,
};
