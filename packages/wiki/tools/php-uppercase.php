<?php
/**
 * Writes what PHP's `mb_strtoupper` makes of every character beyond ASCII whose uppercase is
 * another text (code point => uppercase), the rule MediaWiki uppercases titles' first letters by:
 * the test fixture test/fixtures/php-uppercase.json, read by test/site/first-letter.test.ts.
 *
 *   php tools/php-uppercase.php > test/fixtures/php-uppercase.json
 */
$upper = [ 'php' => PHP_VERSION, 'map' => [] ];
for ( $cp = 0x80; $cp <= 0x10ffff; $cp++ ) {
	if ( $cp >= 0xd800 && $cp <= 0xdfff ) {
		continue;
	}
	$char = mb_chr( $cp, 'UTF-8' );
	$mapped = mb_strtoupper( $char, 'UTF-8' );
	if ( $mapped !== $char ) {
		$upper['map'][$cp] = $mapped;
	}
}
echo json_encode( $upper, JSON_UNESCAPED_UNICODE ), "\n";
