<?php
/**
 * Writes the pairs MediaWiki's Arabic and Malayalam normalisation replaces (its `NormalizeAr` and
 * `NormalizeMl` data, [text, replacement] as code points): the test fixture
 * test/fixtures/mediawiki-normalize-pairs.json, read by test/api/text-normalize.test.ts.
 *
 *   MW_INSTALL_PATH=/usr/share/mediawiki php tools/mediawiki-normalize-pairs.php \
 *     > test/fixtures/mediawiki-normalize-pairs.json
 */
$ip = getenv( 'MW_INSTALL_PATH' ) ?: '/usr/share/mediawiki';
require "$ip/includes/languages/data/NormalizeAr.php";
require "$ip/includes/languages/data/NormalizeMl.php";

function codePoints( string $text ): array {
	return array_map( 'mb_ord', mb_str_split( $text ) );
}

$out = [];
foreach ( [
	'ar' => MediaWiki\Languages\Data\NormalizeAr::PAIRS,
	'ml' => MediaWiki\Languages\Data\NormalizeMl::PAIRS,
] as $language => $pairs ) {
	foreach ( $pairs as $from => $to ) {
		$out[$language][] = [ codePoints( $from ), codePoints( $to ) ];
	}
}
echo json_encode( $out ), "\n";
