<?php
/**
 * Writes the names and aliases of Scribunto's namespaces (Module, Module talk) in each language
 * Scribunto has them for (src/site/mediawiki/scribunto-namespaces.json), from the Scribunto
 * extension of a MediaWiki installation. The language facts lack them where the installation they
 * are written from does not load Scribunto; a wiki that has it takes them from here.
 *
 *   MW_INSTALL_PATH=/usr/share/mediawiki \
 *     php tools/mediawiki-scribunto-namespaces.php src/site/mediawiki/scribunto-namespaces.json
 */
$file = getenv( 'MW_INSTALL_PATH' ) . '/extensions/Scribunto/Scribunto.namespaces.php';
if ( !is_readable( $file ) ) {
	fwrite( STDERR, "Scribunto's namespace file is not readable: $file\n" );
	exit( 1 );
}
if ( !isset( $argv[1] ) ) {
	fwrite( STDERR, "usage: php mediawiki-scribunto-namespaces.php OUTPUT.json\n" );
	exit( 1 );
}
// The file assigns the two arrays, one entry per language.
$namespaceNames = [];
$namespaceAliases = [];
require $file;
ksort( $namespaceNames );
ksort( $namespaceAliases );
$json = json_encode(
	[ 'names' => $namespaceNames, 'aliases' => $namespaceAliases ],
	JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_FORCE_OBJECT
);
file_put_contents( $argv[1], $json . "\n" );
echo count( $namespaceNames ), " languages' names, ", count( $namespaceAliases ), " languages' aliases\n";
