<?php
/**
 * Writes the script conversion tables this service ships (src/site/mediawiki/language-variants.json)
 * from a MediaWiki installation: for each language whose converter translates by replacement
 * tables alone (Chinese, Gan, Tajik, Talysh, Kurdish), its variants and, for each variant, the
 * tables whose union (the first table's entry winning) is the variant's, as the converter has them
 * before a wiki's own conversion pages are read; those of Serbian, Uzbek, Inuktitut, Tachelhit and
 * Crimean Tatar too, marked for the rules their converters add (Serbian: Roman numerals kept, a
 * text already mostly in the wanted script left as it is; Uzbek: `ye` and `e` after a consonant
 * read as `е`; Inuktitut and Tachelhit: Latin lowercased before the table to their own script;
 * Crimean Tatar: its exception words and regular expressions, written here too); Kazakh's lists
 * of regular expressions (pattern and replacement, applied in turn) for each of its scripts; and
 * whether the converter leaves user pages' titles alone when it looks for a title in other
 * variants; and, for every language, what the converter's `-{…}-` markup reads (its flags, manual
 * rule levels, variant fallbacks and names, separators). Balinese, whose converter is ICU's
 * transliterator, is listed with its variants and markup only.
 *
 *   MW_INSTALL_PATH=/usr/share/mediawiki MW_CONFIG_FILE=/path/LocalSettings.php \
 *     php tools/mediawiki-language-variants.php --output src/site/mediawiki/language-variants.json
 */
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

use MediaWiki\MediaWikiServices;

class LanguageVariants extends Maintenance {
	/**
	 * Converters that translate by their tables (no translate() or autoConvert() of their own), and
	 * those whose rules around the tables this service knows.
	 */
	private const TABLE_ONLY = [ 'zh', 'gan', 'tg', 'tly', 'ku' ];
	private const TABLES_WITH_RULES = [
		'sr' => 'serbian', 'uz' => 'uzbek', 'iu' => 'lowercase', 'shi' => 'lowercase', 'crh' => 'crimean',
	];
	/** The variant whose conversion first lowercases Latin letters by the converter's `lowercase` table. */
	private const LOWERCASED = [ 'iu' => 'ike-cans', 'shi' => 'shi-tfng' ];
	/**
	 * Converters that translate by lists of regular expressions (pattern and replacement, applied
	 * in turn), with each list's name and the method that has it.
	 */
	private const PATTERN_RULES = [
		'kk' => [ 'kazakh', [ 'latn' => 'getMCyrl2Latn', 'cyrl' => 'getMLatn2Cyrl', 'arab' => 'getMCyLa2Arab' ] ],
	];

	public function __construct() {
		parent::__construct();
		$this->addOption( 'output', 'The JSON file to write', true, true );
	}

	/**
	 * The other codes (lowercased) that name a variant where the converter validates one: BCP 47
	 * names (`zh-hans-cn`) and deprecated codes.
	 */
	private function variantAliases( ILanguageConverter $converter, array $variants ): array {
		$candidates = array_keys( LanguageCode::getDeprecatedCodeMapping() );
		foreach ( $variants as $variant ) {
			$candidates[] = strtolower( LanguageCode::bcp47( $variant ) );
		}
		$aliases = [];
		foreach ( $candidates as $candidate ) {
			$valid = $converter->validateVariant( $candidate );
			if ( $valid !== null && $valid !== $candidate ) {
				$aliases[$candidate] = $valid;
			}
		}
		return $aliases;
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$languages = $services->getLanguageFactory();
		$converters = $services->getLanguageConverterFactory();
		$tables = [];
		$ids = [];
		$out = [];
		$codes = array_keys( $services->getLanguageNameUtils()->getLanguageNames( null, 'mwfile' ) );
		sort( $codes );
		foreach ( $codes as $code ) {
			$converter = $converters->getLanguageConverter( $languages->getLanguage( $code ) );
			$variants = $converter->getVariants();
			if ( count( $variants ) < 2 || $converter->getMainCode() !== $code ) {
				continue;
			}
			$entry = [ 'variants' => $variants ];
			if ( $converter instanceof LanguageConverterSpecific ) {
				// Its findVariantLink leaves user pages' titles as they are.
				$entry['keepsUserTitles'] = true;
			}
			if ( isset( self::TABLES_WITH_RULES[$code] ) ) {
				$entry['rules'] = self::TABLES_WITH_RULES[$code];
			}
			if ( isset( self::PATTERN_RULES[$code] ) ) {
				[ $rules, $methods ] = self::PATTERN_RULES[$code];
				$entry['rules'] = $rules;
				$entry['patterns'] = [];
				foreach ( $methods as $name => $method ) {
					$list = Closure::bind( function () use ( $method ) {
						return $this->$method();
					}, $converter, get_class( $converter ) )();
					$pairs = [];
					foreach ( $list as $pattern => $replacement ) {
						$pairs[] = [ $pattern, $replacement ];
					}
					$entry['patterns'][$name] = $pairs;
				}
			}
			if ( isset( self::LOWERCASED[$code] ) ) {
				$entry['lowercased'] = self::LOWERCASED[$code];
			}
			if ( $code === 'crh' ) {
				// Whole-word exceptions (replaced as strtr does), then patterns, before each table;
				// clean-up patterns after the table to Cyrillic.
				$entry['exceptions'] = [
					'crh-latn' => (object)$converter->mCyrl2LatnExceptions,
					'crh-cyrl' => (object)$converter->mLatn2CyrlExceptions,
				];
				$pairs = static function ( array $list ): array {
					$out = [];
					foreach ( $list as $pattern => $replacement ) {
						$out[] = [ $pattern, $replacement ];
					}
					return $out;
				};
				$entry['patterns'] = [
					'crh-latn' => $pairs( $converter->mCyrl2LatnPatterns ),
					'crh-cyrl' => $pairs( $converter->mLatn2CyrlPatterns ),
					'cleanup' => $pairs( $converter->mCyrlCleanUpRegexes ),
				];
			}
			if ( in_array( $code, self::TABLE_ONLY, true ) || isset( self::TABLES_WITH_RULES[$code] ) ) {
				// The default tables, then the merged ones: read without the wiki's conversion pages.
				$read = Closure::bind( function () {
					$this->loadDefaultTables();
					$default = [];
					foreach ( $this->mTables as $variant => $table ) {
						$default[$variant] = $table->getArray();
					}
					$this->postLoadTables();
					$merged = [];
					foreach ( $this->mTables as $variant => $table ) {
						$merged[$variant] = $table->getArray();
					}
					return [ $default, $merged ];
				}, $converter, get_class( $converter ) );
				[ $default, $merged ] = $read();
				$idOf = static function ( array $table ) use ( &$tables, &$ids ): string {
					$hash = md5( serialize( $table ) );
					if ( !isset( $ids[$hash] ) ) {
						$ids[$hash] = (string)count( $tables );
						$tables[$ids[$hash]] = (object)$table;
					}
					return $ids[$hash];
				};
				$entry['tables'] = [];
				foreach ( isset( self::LOWERCASED[$code] ) ? [ ...$variants, 'lowercase' ] : $variants as $variant ) {
					$final = $merged[$variant] ?? [];
					$own = $default[$variant] ?? [];
					$parts = null;
					if ( $final === $own ) {
						$parts = [ $own ];
					} else {
						foreach ( $default as $other ) {
							if ( $own + $other === $final ) {
								$parts = [ $own, $other ];
								break;
							}
						}
					}
					if ( $parts === null ) {
						$this->fatalError( "$code: the table of $variant is no union of default tables" );
					}
					$entry['tables'][$variant] = array_map( $idOf, array_values( array_filter( $parts ) ) );
				}
			}
			// What the `-{…}-` markup reads: the flags (a converter's own names for them too), the
			// variants whose manual rules convert one way or not at all, each variant's fallbacks
			// (a list or a single code, as the converter has them), the variants' names (the `N` and
			// `D` flags), the separators of the `D` flag's description and the pattern that
			// splits a rule's text between variants.
			$entry['markup'] = [
				'flags' => (object)$converter->getFlags(),
				'manualLevels' => (object)array_filter( $converter->getManualLevel(),
					static fn ( $level ) => $level !== 'bidirectional' ),
				'fallbacks' => (object)$converter->getVariantsFallbacks(),
				'names' => (object)array_intersect_key( $converter->getVariantNames(), array_flip( $variants ) ),
				'descriptionSeparators' => [ $converter->getDescCodeSeparator(), $converter->getDescVarSeparator() ],
				'separatorPattern' => $converter->getVarSeparatorPattern(),
				'aliases' => (object)$this->variantAliases( $converter, $variants ),
			];
			$out[$code] = $entry;
		}
		// The `N` flag names any language MediaWiki defines, in its own words.
		$autonyms = $services->getLanguageNameUtils()->getLanguageNames();
		ksort( $autonyms );
		$json = json_encode( [ 'languages' => $out, 'tables' => $tables, 'autonyms' => $autonyms ],
			JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
		file_put_contents( $this->getOption( 'output' ), $json . "\n" );
		$this->output( count( $out ) . " languages with variants, " . count( $tables ) . " tables\n" );
	}
}

$maintClass = LanguageVariants::class;
require_once RUN_MAINTENANCE_IF_MAIN;
