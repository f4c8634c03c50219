<?php
/**
 * Writes what MediaWiki's language converters make of HTML texts holding the `-{…}-` markup in
 * each variant (`convertTo`, a fresh converter for each text, as a page's parse starts): the test
 * fixture test/fixtures/mediawiki-converter-markup-samples.json, read by
 * test/site/converter-markup.test.ts. The texts are drawn with a fixed seed from words of each
 * language's scripts and the markup's forms: rules per variant (both ways and one way, some
 * naming no variant), each flag and a converter's own names for them, variants named as flags,
 * nested and unclosed rules, rules nested too deep, markup in tags' attributes, in `pre`, `code`
 * and `script` elements, character references, and a `<` that opens no tag. The fixture holds
 * the texts of the two errors a rule may show, in the wiki's content language.
 *
 *   MW_INSTALL_PATH=/usr/share/mediawiki MW_CONFIG_FILE=/path/LocalSettings.php \
 *     php tools/mediawiki-converter-markup-samples.php > test/fixtures/mediawiki-converter-markup-samples.json
 */
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

use MediaWiki\MediaWikiServices;

class ConverterMarkupSamples extends Maintenance {
	/** Words of each language, in its scripts. */
	private const WORDS = [
		'zh' => [ '电脑', '電腦', '计算机', '軟體', '网络', '头发', '發展', '中文', '汉字 漢字', 'abc', '信息', '資訊' ],
		'sr' => [ 'Београд', 'beograd', 'шума', 'šuma', 'XIV век', 'Ђорђе', 'džep', 'http://example.org/šuma' ],
		'kk' => [ 'Қазақстан', 'qazaqstan', 'тіл', 'Алматы', 'әлем' ],
		'uz' => [ 'Oʻzbekiston', 'Ўзбекистон', 'yer', 'ер' ],
		'crh' => [ 'Qırım', 'Къырым', 'tatar', 'XIV' ],
		'ku' => [ 'Kurdistan', 'کوردستان' ],
		'tg' => [ 'Тоҷикистон', 'забон' ],
		'gan' => [ '电脑', '電腦', '贛語' ],
		'iu' => [ 'ᐃᓄᒃᑎᑐᑦ', 'inuktitut' ],
		'shi' => [ 'ⵜⴰⵛⵍⵃⵉⵜ', 'tashelhit' ],
	];
	private const PER_LANGUAGE = 150;

	/** @var string[] */
	private $words;
	/** @var string[] */
	private $variants;
	/** @var string */
	private $code;

	private function pick( array $list ) {
		return $list[mt_rand( 0, count( $list ) - 1 )];
	}

	private function chance( float $p ): bool {
		return mt_rand( 0, 999 ) < $p * 1000;
	}

	private function variant(): string {
		if ( $this->chance( 0.1 ) ) {
			return $this->pick( [ 'xx', 'en', strtoupper( $this->code ), strtoupper( $this->variants[1] ),
				'zh-Hans-CN', 'sr-Latn' ] );
		}
		return $this->pick( $this->variants );
	}

	private function rules(): string {
		$parts = [];
		$n = mt_rand( 1, 3 );
		for ( $i = 0; $i < $n; $i++ ) {
			$r = mt_rand( 0, 99 );
			$word = $this->pick( $this->words );
			if ( $r < 60 ) {
				$parts[] = $this->pick( [ '', ' ' ] ) . $this->variant() . $this->pick( [ '', ' ' ] ) . ':' .
					$this->pick( [ '', ' ' ] ) . $word;
			} elseif ( $r < 80 ) {
				$parts[] = $this->pick( $this->words ) . '=>' . $this->variant() . ':' . $word;
			} elseif ( $r < 85 ) {
				$parts[] = $this->pick( $this->words ) . '=&gt;' . $this->variant() . ':' . $word;
			} elseif ( $r < 90 ) {
				$parts[] = $this->variant() . ':';
			} elseif ( $r < 95 ) {
				$parts[] = $this->variant() . ':&amp;' . $word;
			} else {
				$parts[] = $word;
			}
		}
		return implode( $this->pick( [ ';', '; ' ] ), $parts ) . $this->pick( [ '', '', ';' ] );
	}

	private function flags(): string {
		return $this->pick( [ 'A', 'H', '-', 'T', 'R', 'N', 'D', 'S', 'A;T', 'H;D', 'T;D', 'A;D', 'S;A', 'zz', 'E',
			' A ', $this->variants[1], $this->variants[1] . ';' . ( $this->variants[2] ?? $this->variants[0] ),
			'писмо', 'pismo', 'W', 'reč' ] );
	}

	private function markup( int $depth ): string {
		$r = mt_rand( 0, 99 );
		$word = $this->pick( $this->words );
		if ( $r < 20 ) {
			$inner = $word;
		} elseif ( $r < 55 ) {
			$inner = $this->rules();
		} elseif ( $r < 85 ) {
			$inner = $this->flags() . '|' . ( $this->chance( 0.5 ) ? $this->rules()
				: ( $this->chance( 0.3 ) ? $this->variant() : $word ) );
		} elseif ( $r < 95 && $depth < 12 ) {
			$inner = $word . ' ' . $this->markup( $depth + 1 ) . ' ' . $this->pick( $this->words );
		} else {
			$inner = $word . '|' . $this->pick( $this->words );
		}
		return '-{' . $inner . '}-';
	}

	private function piece(): string {
		$r = mt_rand( 0, 99 );
		$word = $this->pick( $this->words );
		if ( $r < 35 ) {
			return $word;
		} elseif ( $r < 75 ) {
			return $this->markup( 0 );
		} elseif ( $r < 80 ) {
			return '<b>' . $this->markup( 0 ) . '</b>';
		} elseif ( $r < 83 ) {
			return '<span title="' . $word . ' -{' . $this->pick( $this->words ) . '}-">' . $word . '</span>';
		} elseif ( $r < 85 ) {
			return '<a href="/wiki/' . $word . '" title="' . $word . '">' . $word . '</a>';
		} elseif ( $r < 87 ) {
			return '<pre>' . $word . ' ' . $this->markup( 0 ) . '</pre>';
		} elseif ( $r < 89 ) {
			return '<code>' . $word . '</code>';
		} elseif ( $r < 90 ) {
			return '<script>' . $this->markup( 0 ) . '</script>';
		} elseif ( $r < 92 ) {
			return '-{' . $word;
		} elseif ( $r < 94 ) {
			return $word . '}-';
		} elseif ( $r < 96 ) {
			return '&lt;' . $word . '&gt;';
		} elseif ( $r < 97 ) {
			return '< ' . $this->markup( 0 ) . "\n" . $word;
		} elseif ( $r < 98 ) {
			return str_repeat( '-{', 12 ) . $word . str_repeat( '}-', 12 );
		}
		return '-{' . $this->markup( 0 );
	}

	public function execute() {
		mt_srand( 46 );
		$services = MediaWikiServices::getInstance();
		$samples = [];
		foreach ( self::WORDS as $code => $words ) {
			$language = $services->getLanguageFactory()->getLanguage( $code );
			$class = get_class( $services->getLanguageConverterFactory()->getLanguageConverter( $language ) );
			$this->code = $code;
			$this->words = $words;
			$this->variants = array_values( ( new $class( $language ) )->getVariants() );
			for ( $i = 0; $i < self::PER_LANGUAGE; $i++ ) {
				$pieces = [];
				$n = mt_rand( 1, 6 );
				for ( $j = 0; $j < $n; $j++ ) {
					$pieces[] = $this->piece();
				}
				$html = implode( $this->pick( [ ' ', '', "\n", '<p>' ] ), $pieces );
				$variant = $this->pick( $this->variants );
				// A converter of its own for each text: manual rules change the tables for the
				// rest of a converter's life. Its tables loaded first, as a parse has them.
				$converter = new $class( $language );
				$converter->autoConvert( 'x', $variant );
				$samples[] = [ $code, $variant, $html, $converter->convertTo( $html, $variant ) ];
			}
		}
		$messages = [
			'ruleError' => wfMessage( 'converter-manual-rule-error' )->inContentLanguage()->escaped(),
			'depthWarning' => wfMessage( 'language-converter-depth-warning' )->numParams( 10 )
				->inContentLanguage()->text(),
		];
		echo json_encode( [ 'messages' => $messages, 'samples' => $samples ],
			JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) . "\n";
	}
}

$maintClass = ConverterMarkupSamples::class;
require_once RUN_MAINTENANCE_IF_MAIN;
