<?php
/**
 * Writes what MediaWiki's Kazakh, Uzbek, Kurdish, Crimean Tatar, Inuktitut and Tachelhit converters
 * make of a set of texts in each variant
 * (`translate` and `autoConvert`): the test fixture test/fixtures/mediawiki-variant-samples.json,
 * read by test/site/language-variants.test.ts. The texts are words and sentences in the
 * languages' scripts, markup, variables (`$1`), Crimean Tatar's exception words and, drawn with a
 * fixed seed, strings of their letters, digits and punctuation.
 *
 *   MW_INSTALL_PATH=/usr/share/mediawiki MW_CONFIG_FILE=/path/LocalSettings.php \
 *     php tools/mediawiki-variant-samples.php > test/fixtures/mediawiki-variant-samples.json
 */
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

use MediaWiki\MediaWikiServices;

class VariantSamples extends Maintenance {
	private const FIXED = [
		'Қазақстан Республикасы', 'Аллаһ', 'Алматы қаласы — 1997 жылға дейін астана', '№ 5', 'No. 7',
		'Şçʹ', 'Ёлка', 'Юрта', 'Ящик', 'Щука', 'Ё', "Ё\n", 'мәтін $1 сөз', '$1 жаңа', 'Ye yo yu ya YE YO',
		'Kitob va Yetti', 'Тошкент', 'Oʻzbekiston', 'gʻalaba', 'TEST Be BE bE',
		'<b title="Қала">Қала</b> &amp; Әке', '<code>Қала</code> Әке', 'Ал-Фараби: тарих.', '1-ші', 'Иә',
		'Ұлы Отан', 'Тарих/Мәдениет', 'Әке-шеше', 'ОРЫС', 'Ыдыс', 'Ілияс', 'Эмир', 'үй',
		'Wikipedia:Басты бет', 'Санат:Қазақстан', 'Қатысушы:Әке', '<img alt="Әке" src="a.png"/> үй',
		"<span title='Әке &amp; үй' class=x data-a=\"1\">Әке</span>", '<a href="http://x" title="http://Әке">Әке</a>',
		'<abbr TITLE="Әке" title="үй">үй</abbr>', '<i title="Oʻzbekiston">Ye</i>',
	];

	private const ALPHABETS = [
		'АӘБВГҒДЕЁЖЗИЙКҚЛМНҢОӨПРСТУҰҮФХҺЦЧШЩЪЫІЬЭЮЯаәбвгғдеёжзийкқлмнңоөпрстуұүфхһцчшщъыіьэюя',
		'AÄBCÇDEÉFGĞHIİÏJKLMNÑOÖPQRSŞTUÜVWXYÝZaäbcçdeéfgğhıiïjklmnñoöpqrsştuüvwxyýz',
		'abdefghijklmnopqrstuvxyzABDEFGHIJKLMNOPQRSTUVXYZʻ‘ʼ',
		'абвгдеёжзийклмнопрстуфхцчшщъыьэюяўқғҳАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЎҚҒҲ',
	];

	/** Each further language's letters, both scripts. */
	private const MORE_ALPHABETS = [
		'ku' => [ 'abcçdeêfghiîjklmnopqrsştuûvwxyzABCÇDEÊFGHIÎJKLMNOPQRSŞTUÛVWXYZ', 'ئابپتجچحخدرڕزژسشعغفڤقکگلڵمنوۆەهیێ' ],
		'crh' => [ 'aâbcçdefgğhıijklmnñoöpqrsştuüvyzAÂBCÇDEFGĞHIİJKLMNÑOÖPQRSŞTUÜVYZ',
			'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ' ],
		'iu' => [ 'aiuptkgmnslrjvqAIUPTKGMNSLRJVQ&', 'ᐃᐄᐅᐆᐊᐋᐱᐲᐳᐴᐸᐹᑉᑎᑏᑐᑑᑕᑖᑦᑭᑮᑯᑰᑲᑳᒃᒋᒌᒍᒎᒐᒑᒡᒥᒦᒧᒨᒪᒫᒻᓂᓃᓄᓅᓇᓈᓐᓯᓰᓱᓲᓴᓵᔅᓕᓖᓗᓘᓚᓛᓪᔨᔩᔪᔫᔭᔮᔾᕕᕖᕗᕘᕙᕚᕝᕿᖀᖁᖂᖃᖄᖅᖏᖑᖓᖕ' ],
		'shi' => [ 'abcčdḍeɛfgǧɣhḥijklmnqrṛsṣtṭuwxyzẓABCČDḌEƐFGǦƔHḤIJKLMNQRṚSṢTṬUWXYZẒ',
			'ⴰⴱⵛⴷⴹⴻⵄⴼⴳⴳⵯⵖⵀⵃⵉⵊⴽⴽⵯⵍⵎⵏⵇⵔⵕⵙⵚⵜⵟⵓⵡⵅⵢⵣⵥ' ],
	];

	private const OTHER = " ,.;:?%*-#№$1$20()\n\t'\"ʺʹ0123456789ieyoYE";

	public function execute() {
		mt_srand( 46 );
		$texts = self::FIXED;
		$alphabets = array_map( 'mb_str_split', self::ALPHABETS );
		$other = mb_str_split( self::OTHER );
		for ( $n = 0; $n < 200; $n++ ) {
			$pick = mt_rand( 0, 8 );
			$letters = $pick === 8
				? array_merge( $alphabets[0], $alphabets[1], $other )
				: ( $pick < 4 ? $alphabets[$pick] : array_merge( $alphabets[$pick - 4], $other ) );
			$text = '';
			for ( $i = mt_rand( 1, 25 ); $i > 0; $i-- ) {
				$text .= $letters[mt_rand( 0, count( $letters ) - 1 )];
			}
			$texts[] = $text;
		}
		$services = MediaWikiServices::getInstance();
		$converterOf = static function ( string $code ) use ( $services ) {
			return $services->getLanguageConverterFactory()
				->getLanguageConverter( $services->getLanguageFactory()->getLanguage( $code ) );
		};
		$textsOf = [ 'kk' => $texts, 'uz' => $texts ];
		// Crimean Tatar's exceptions: every 40th word in both scripts, as written and capitalised.
		$crh = $converterOf( 'crh' );
		$words = array_merge( array_keys( $crh->mCyrl2LatnExceptions ), array_keys( $crh->mLatn2CyrlExceptions ) );
		foreach ( array_values( $words ) as $i => $word ) {
			if ( $i % 40 === 0 ) {
				$textsOf['crh'][] = "$word " . mb_strtoupper( mb_substr( $word, 0, 1 ) ) . mb_substr( $word, 1 ) . '.';
			}
		}
		$textsOf['crh'][] = 'XIV asır, I. Ivanov ve XX-XXI asırlar';
		$textsOf['crh'][] = 'Пётр I, XIX-XX асырлар «къырым»';
		foreach ( self::MORE_ALPHABETS as $code => $scripts ) {
			$letters = array_merge( ...array_map( 'mb_str_split', $scripts ) );
			foreach ( array_merge( $scripts, [ implode( ' ', $scripts ) ] ) as $whole ) {
				$textsOf[$code][] = $whole;
			}
			for ( $n = 0; $n < 120; $n++ ) {
				$pick = mt_rand( 0, 2 );
				$from = $pick === 2 ? array_merge( $letters, $other ) : array_merge( mb_str_split( $scripts[$pick] ), $other );
				$text = '';
				for ( $i = mt_rand( 1, 25 ); $i > 0; $i-- ) {
					$text .= $from[mt_rand( 0, count( $from ) - 1 )];
				}
				$textsOf[$code][] = $text;
			}
		}
		$out = [];
		foreach ( $textsOf as $code => $texts ) {
			$converter = $converterOf( $code );
			foreach ( $texts as $text ) {
				foreach ( $converter->getVariants() as $variant ) {
					$out[] = [ $code, $variant, $text, $converter->translate( $text, $variant ),
						$converter->autoConvert( $text, $variant ) ];
				}
			}
		}
		$this->output( json_encode( $out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) . "\n" );
	}
}

$maintClass = VariantSamples::class;
require_once RUN_MAINTENANCE_IF_MAIN;
