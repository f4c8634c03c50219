/** The MediaWiki release whose API this server follows; siteinfo's and export's generator name it. */
export const MEDIAWIKI_VERSION = '1.43.0';
