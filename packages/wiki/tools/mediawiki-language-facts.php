<?php
/**
 * Writes the language facts this service ships (src/site/mediawiki/language-facts.json) from a
 * MediaWiki installation: for each language MediaWiki has, its magic words' synonyms (with those
 * of the wiki's extensions), special page aliases, namespace names and aliases, the user
 * namespaces' names by gender, fallbacks, writing direction, link trail, main page title,
 * ellipsis, the default date format (of a date with its time, a date, a time) with its month and weekday names, the plural rules, the `{{GRAMMAR:}}` rules and
 * the link prefix's characters (for the languages that have one), as
 * that MediaWiki resolves them (special pages: those the wiki has, in siteinfo's order).
 *
 *   MW_INSTALL_PATH=/usr/share/mediawiki MW_CONFIG_FILE=/path/LocalSettings.php \
 *     php tools/mediawiki-language-facts.php --output src/site/mediawiki/language-facts.json
 *
 * The file is kept small: English's magic words and special page aliases are written whole; for
 * another language, each list keeps only what comes before English's list at its end (written
 * whole, as `{"all": [...]}`, where it does not end so), entries that add nothing are left out,
 * the order of the names is given (as indexes into English's, or names) only where it is not
 * English's, and languages with the same magic words or aliases share one set.
 */
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

use MediaWiki\MediaWikiServices;

class LanguageFacts extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->addOption( 'output', 'The JSON file to write', true, true );
	}

	/**
	 * A language's map of lists against English's: [order or null, entries]. With $caseFlag, each
	 * list starts with MediaWiki's case-sensitivity flag, kept where it differs from English's.
	 */
	private static function against( array $map, array $english, bool $caseFlag ): array {
		$englishNames = array_keys( $english );
		$names = array_keys( $map );
		$order = null;
		if ( $names !== $englishNames ) {
			$order = [];
			foreach ( $names as $name ) {
				$index = array_search( $name, $englishNames, true );
				$order[] = $index === false ? $name : $index;
			}
		}
		$entries = [];
		foreach ( $map as $name => $list ) {
			$case = $caseFlag ? array_shift( $list ) : null;
			$theirs = $english[$name] ?? null;
			$theirCase = $caseFlag && $theirs !== null ? array_shift( $theirs ) : null;
			$n = $theirs === null ? 0 : count( $theirs );
			if ( $theirs === null || count( $list ) < $n || array_slice( $list, count( $list ) - $n ) !== $theirs ) {
				$entries[$name] = [ 'all' => $caseFlag ? array_merge( [ $case ], $list ) : $list ];
				continue;
			}
			$own = array_slice( $list, 0, count( $list ) - $n );
			if ( $case !== $theirCase ) {
				$entries[$name] = array_merge( [ $case ], $own );
			} elseif ( $own !== [] ) {
				$entries[$name] = $own;
			}
		}
		return [ $order, (object)$entries ];
	}

	/** A language's aliases of the wiki's special pages, in the order siteinfo lists them. */
	private static function installedPages( Language $language, array $pages ): array {
		$aliases = $language->getSpecialPageAliases();
		$installed = [];
		foreach ( $pages as $page ) {
			if ( isset( $aliases[$page] ) ) {
				$installed[$page] = $aliases[$page];
			}
		}
		return $installed;
	}

	/**
	 * A language's namespace aliases, those of the project talk namespace as the language writes
	 * them (`$1` for the project's name), not with this wiki's name; a namespace's own name (which
	 * a language with variants lists among them, this wiki's project name too) is none.
	 */
	private static function namespaceAliases( Language $language, LocalisationCache $cache ): array {
		$aliases = $language->getNamespaceAliases();
		$names = $language->getNamespaces();
		foreach ( $aliases as $name => $index ) {
			if ( $index === NS_PROJECT_TALK || (string)$name === ( $names[$index] ?? null ) ) {
				unset( $aliases[$name] );
			}
		}
		foreach ( $cache->getItem( $language->getCode(), 'namespaceAliases' ) ?: [] as $name => $index ) {
			if ( $index === NS_PROJECT_TALK ) {
				$aliases[$name] = $index;
			}
		}
		return $aliases;
	}

	/**
	 * The names dates are written with: the months (`january`), their short forms (`jan`) and
	 * genitives (`january-gen`), and the weekdays (`sun`, `sunday`), as the language's messages have them.
	 */
	private static function dateNames( string $code ): array {
		$months = [ 'january', 'february', 'march', 'april', 'may_long', 'june', 'july', 'august',
			'september', 'october', 'november', 'december' ];
		$short = [ 'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec' ];
		$text = static function ( string $key ) use ( $code ): string {
			return wfMessage( $key )->inLanguage( $code )->text();
		};
		return [
			'F' => array_map( $text, $months ),
			'M' => array_map( $text, $short ),
			'xg' => array_map( static function ( $key ) use ( $text ) {
				return $text( ( $key === 'may_long' ? 'may' : $key ) . '-gen' );
			}, $months ),
			'D' => array_map( $text, [ 'sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat' ] ),
			'l' => array_map( $text, [ 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday' ] ),
		];
	}

	/**
	 * The month names of the calendars `sprintfDate` writes besides the Gregorian: the Iranian
	 * (`xi`), the Hijri (`xm`) and the Hebrew (`xj`, Tishrei first, Adar I and II last; `xjx` their
	 * genitives), as the language's messages have them.
	 */
	private static function calendarMonths( string $code ): array {
		// The Hebrew calendar's 13th and 14th months (Adar I and II) are the messages `m6a` and `m6b`.
		$months = [ '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '6a', '6b' ];
		$names = static function ( string $prefix, int $count, string $suffix = '' ) use ( $code, $months ): array {
			return array_map( static function ( string $month ) use ( $code, $prefix, $suffix ): string {
				return wfMessage( "$prefix$month$suffix" )->inLanguage( $code )->text();
			}, array_slice( $months, 0, $count ) );
		};
		return [
			'xi' => $names( 'iranian-calendar-m', 12 ),
			'xm' => $names( 'hijri-calendar-m', 12 ),
			'xj' => $names( 'hebrew-calendar-m', 14 ),
			'xjx' => $names( 'hebrew-calendar-m', 14, '-gen' ),
		];
	}

	/** The index of a set in $sets, added if new. */
	private static function shared( array &$sets, array &$index, array $set ): int {
		$key = json_encode( $set );
		if ( !isset( $index[$key] ) ) {
			$index[$key] = count( $sets );
			$sets[] = $set;
		}
		return $index[$key];
	}

	/**
	 * A language's `{{GRAMMAR:}}` rules by case: [pattern, replacement] pairs tried in order (the
	 * first pattern that matches is applied), an alias naming the case it stands for.
	 */
	private static function grammarRules( array $transformations ): array {
		$rules = [];
		foreach ( $transformations as $case => $forms ) {
			if ( $case === '@metadata' ) {
				continue;
			}
			if ( is_string( $forms ) ) {
				$rules[$case] = $forms;
				continue;
			}
			$rules[$case] = array_values( array_filter( $forms, static function ( $rule ) {
				return $rule[0] !== '@metadata';
			} ) );
		}
		return $rules;
	}

	public function execute() {
		$services = MediaWikiServices::getInstance();
		$factory = $services->getLanguageFactory();
		$cache = $services->getLocalisationCache();
		$codes = array_keys( $services->getLanguageNameUtils()->getLanguageNames( null, 'mw' ) );
		sort( $codes );
		$english = $factory->getLanguage( 'en' );
		$englishMagic = $english->getMagicWords();
		$pages = $services->getSpecialPageFactory()->getNames();
		$englishSpecial = self::installedPages( $english, $pages );
		$magicSets = [];
		$magicIndex = [];
		$calendarSets = [];
		$calendarIndex = [];
		$specialSets = [];
		$specialIndex = [];
		$languages = [];
		foreach ( $codes as $code ) {
			$language = $factory->getLanguage( $code );
			$languages[$code] = [
				'fallback' => $language->getFallbackLanguages(),
				'rtl' => $language->isRTL(),
				'linkTrail' => $language->linkTrail(),
				'namespaces' => $cache->getItem( $code, 'namespaceNames' ),
				'namespaceAliases' => self::namespaceAliases( $language, $cache ),
				'genderNamespaces' => (object)( $cache->getItem( $code, 'namespaceGenderAliases' ) ?: [] ),
				'mainPage' => wfMessage( 'mainpage' )->inLanguage( $code )->plain(),
				'ellipsis' => wfMessage( 'ellipsis' )->inLanguage( $code )->plain(),
				'dateFormat' => $language->getDateFormatString( 'both', $language->getDefaultDateFormat() ),
				'dateOnlyFormat' => $language->getDateFormatString( 'date', $language->getDefaultDateFormat() ),
				'timeFormat' => $language->getDateFormatString( 'time', $language->getDefaultDateFormat() ),
				// CLDR's conditions (its samples after `@` left out), in the order MediaWiki numbers
				// the forms; a language without its own has its fallbacks' (the localisation cache's).
				'pluralRules' => array_map( static function ( $rule ) {
					return trim( explode( '@', $rule )[0] );
				}, $language->getPluralRules() ?? [] ),
				'dateNames' => self::dateNames( $code ),
				'calendarMonths' => self::shared( $calendarSets, $calendarIndex, self::calendarMonths( $code ) ),
				'magicWords' => self::shared( $magicSets, $magicIndex,
					self::against( $language->getMagicWords(), $englishMagic, true ) ),
				'specialPageAliases' => self::shared( $specialSets, $specialIndex,
					self::against( self::installedPages( $language, $pages ), $englishSpecial, false ) ),
			];
			if ( $language->linkPrefixExtension() ) {
				$languages[$code]['linkPrefixCharset'] = $language->linkPrefixCharset();
			}
			$grammar = self::grammarRules( $language->getGrammarTransformations() );
			if ( $grammar !== [] ) {
				$languages[$code]['grammar'] = $grammar;
			}
		}
		$facts = [
			'englishMagicWords' => $englishMagic,
			'englishSpecialPageAliases' => $englishSpecial,
			'magicWordSets' => $magicSets,
			'specialPageAliasSets' => $specialSets,
			'calendarMonthSets' => $calendarSets,
			'languages' => $languages,
		];
		file_put_contents(
			$this->getOption( 'output' ),
			json_encode( $facts, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) . "\n"
		);
	}
}

$maintClass = LanguageFacts::class;
require_once RUN_MAINTENANCE_IF_MAIN;
