/**
 * The descriptions `action=paraminfo` (with `helpformat` other than `none`) and `action=help` give
 * for the query modules and their parameters, in English and German: one summary and one example
 * request per module, and one text per parameter name, shared by the modules that use the name
 * (a module may have its own text for a name). Our own wording.
 */

export interface HelpText {
  en: string;
  de: string;
}

export interface ModuleHelp extends HelpText {
  /** The module's parameters of an example request (after `action=query&<group>=<name>`). */
  example: string;
}

export const MODULE_HELP: Readonly<Record<string, ModuleHelp>> = {
  allcategories: {
    en: 'Lists all categories in alphabetical order.',
    de: 'Listet alle Kategorien in alphabetischer Reihenfolge auf.',
    example: 'acprefix=Stadt',
  },
  alldeletedrevisions: {
    en: 'Lists every deleted revision, optionally of one user or in one namespace.',
    de: 'Listet alle gelöschten Versionen auf, auf Wunsch nur eines Benutzers oder eines Namensraums.',
    example: 'adruser=Admin&adrprop=timestamp|comment',
  },
  allfileusages: {
    en: 'Lists every use of a file, by file name.',
    de: 'Listet jede Verwendung einer Datei auf, nach Dateiname.',
    example: 'afunique=1&afprefix=B',
  },
  allimages: {
    en: 'Lists every file, by name or by upload time.',
    de: 'Listet alle Dateien auf, nach Name oder nach Hochladezeit.',
    example: 'aiprefix=B&aiprop=size|url',
  },
  alllinks: {
    en: 'Lists every link target, by title.',
    de: 'Listet alle Linkziele auf, nach Titel.',
    example: 'alunique=1&alprefix=B',
  },
  allmessages: {
    en: 'Returns the interface messages of the wiki.',
    de: 'Liefert die Systemnachrichten des Wikis.',
    example: 'amprefix=api',
  },
  allpages: {
    en: 'Lists every page of a namespace in title order.',
    de: 'Listet alle Seiten eines Namensraums in Titelreihenfolge auf.',
    example: 'apfrom=B&aplimit=5',
  },
  allredirects: {
    en: 'Lists every redirect target, by title.',
    de: 'Listet alle Weiterleitungsziele auf, nach Titel.',
    example: 'arunique=1&arprefix=B',
  },
  allrevisions: {
    en: 'Lists every revision, newest first.',
    de: 'Listet alle Versionen auf, die neueste zuerst.',
    example: 'arvuser=Admin&arvlimit=5',
  },
  alltransclusions: {
    en: 'Lists every transcluded page, by title.',
    de: 'Listet alle eingebundenen Seiten auf, nach Titel.',
    example: 'atunique=1&atnamespace=10',
  },
  allusers: {
    en: 'Lists the registered users in alphabetical order.',
    de: 'Listet die angemeldeten Benutzer in alphabetischer Reihenfolge auf.',
    example: 'aufrom=A&auprop=groups|editcount',
  },
  authmanagerinfo: {
    en: 'Tells how a login or an account operation is done here.',
    de: 'Beschreibt, wie hier eine Anmeldung oder ein Kontovorgang abläuft.',
    example: 'amirequestsfor=login',
  },
  backlinks: {
    en: 'Lists the pages that link to a page.',
    de: 'Listet die Seiten auf, die auf eine Seite verlinken.',
    example: 'bltitle=Berlin',
  },
  blocks: {
    en: 'Lists the blocked users and IP addresses.',
    de: 'Listet die gesperrten Benutzer und IP-Adressen auf.',
    example: 'bkprop=user|expiry|reason',
  },
  categories: {
    en: 'Lists the categories each page is in.',
    de: 'Listet die Kategorien auf, in denen jede Seite steht.',
    example: 'titles=Berlin&clprop=sortkey|hidden',
  },
  categoryinfo: {
    en: 'Returns the number of pages, files and subcategories of categories.',
    de: 'Liefert die Anzahl der Seiten, Dateien und Unterkategorien von Kategorien.',
    example: 'titles=Kategorie:Stadt',
  },
  categorymembers: {
    en: 'Lists the pages, files and subcategories in a category.',
    de: 'Listet die Seiten, Dateien und Unterkategorien einer Kategorie auf.',
    example: 'cmtitle=Kategorie:Stadt',
  },
  codexicons: {
    en: 'Returns icons of the Codex design system by name.',
    de: 'Liefert Symbole des Codex-Designsystems nach Namen.',
    example: 'names=cdxIconAdd',
  },
  contributors: {
    en: 'Lists the editors of each page: registered ones by name, unregistered ones as a count.',
    de: 'Listet die Bearbeiter jeder Seite auf: angemeldete mit Namen, nicht angemeldete als Anzahl.',
    example: 'titles=Berlin',
  },
  deletedrevisions: {
    en: 'Returns the deleted revisions of the given pages.',
    de: 'Liefert die gelöschten Versionen der angegebenen Seiten.',
    example: 'titles=Berlin&drvprop=user|comment',
  },
  deletedrevs: {
    en: 'Lists deleted revisions (replaced by alldeletedrevisions and deletedrevisions).',
    de: 'Listet gelöschte Versionen auf (ersetzt durch alldeletedrevisions und deletedrevisions).',
    example: 'drprop=user|comment',
  },
  duplicatefiles: {
    en: 'Lists the files with the same content as the given files.',
    de: 'Listet die Dateien mit demselben Inhalt wie die angegebenen Dateien auf.',
    example: 'titles=Datei:Beispiel.png',
  },
  embeddedin: {
    en: 'Lists the pages that transclude a page.',
    de: 'Listet die Seiten auf, die eine Seite einbinden.',
    example: 'eititle=Vorlage:Infobox Stadt',
  },
  extlinks: {
    en: 'Lists the external links of each page.',
    de: 'Listet die externen Links jeder Seite auf.',
    example: 'titles=Berlin',
  },
  extracts: {
    en: 'Returns the text of each page, or its introduction, as plain text or simple HTML.',
    de: 'Liefert den Text jeder Seite oder ihre Einleitung als reinen Text oder einfaches HTML.',
    example: 'titles=Berlin&exintro=1&explaintext=1',
  },
  exturlusage: {
    en: 'Lists the pages that link to a URL.',
    de: 'Listet die Seiten auf, die auf eine URL verlinken.',
    example: 'euquery=www.berlin.de',
  },
  filearchive: {
    en: 'Lists the deleted files.',
    de: 'Listet die gelöschten Dateien auf.',
    example: 'faprop=sha1|timestamp',
  },
  filerepoinfo: {
    en: 'Returns the file repositories the wiki uses.',
    de: 'Liefert die Dateiquellen, die das Wiki verwendet.',
    example: '',
  },
  fileusage: {
    en: 'Lists the pages that use each file.',
    de: 'Listet die Seiten auf, die jede Datei verwenden.',
    example: 'titles=Datei:Beispiel.png',
  },
  gadgetcategories: {
    en: 'Lists the sections of the gadgets list.',
    de: 'Listet die Abschnitte der Liste der Helferlein auf.',
    example: 'gcprop=name|title|members',
  },
  gadgets: {
    en: 'Lists the gadgets of the wiki.',
    de: 'Listet die Helferlein des Wikis auf.',
    example: 'gaprop=id|desc',
  },
  imageinfo: {
    en: 'Returns the versions of each file: size, uploader, URLs, metadata.',
    de: 'Liefert die Versionen jeder Datei: Größe, Hochlader, URLs, Metadaten.',
    example: 'titles=Datei:Beispiel.png&iiprop=size|url',
  },
  images: {
    en: 'Lists the files each page uses.',
    de: 'Listet die Dateien auf, die jede Seite verwendet.',
    example: 'titles=Berlin',
  },
  imageusage: {
    en: 'Lists the pages that use a file.',
    de: 'Listet die Seiten auf, die eine Datei verwenden.',
    example: 'iutitle=Datei:Beispiel.png',
  },
  info: {
    en: 'Returns basic information about each page: length, last change, protection, URLs.',
    de: 'Liefert Grundangaben zu jeder Seite: Länge, letzte Änderung, Schutz, URLs.',
    example: 'titles=Berlin&inprop=url|protection',
  },
  iwbacklinks: {
    en: 'Lists the pages that link to an interwiki target.',
    de: 'Listet die Seiten auf, die auf ein Interwiki-Ziel verlinken.',
    example: 'iwblprefix=wikipedia',
  },
  iwlinks: {
    en: 'Lists the interwiki links of each page.',
    de: 'Listet die Interwiki-Links jeder Seite auf.',
    example: 'titles=Berlin',
  },
  langbacklinks: {
    en: 'Lists the pages that link to a page in another language.',
    de: 'Listet die Seiten auf, die auf eine Seite in einer anderen Sprache verlinken.',
    example: 'lbllang=en',
  },
  langlinks: {
    en: 'Lists the language links of each page.',
    de: 'Listet die Sprachlinks jeder Seite auf.',
    example: 'titles=Berlin&llprop=url',
  },
  languageinfo: {
    en: 'Returns information about languages: names, directions, fallbacks, variants.',
    de: 'Liefert Angaben zu Sprachen: Namen, Schreibrichtung, Ausweichsprachen, Varianten.',
    example: 'licode=de|en',
  },
  links: {
    en: 'Lists the wiki links of each page.',
    de: 'Listet die Wikilinks jeder Seite auf.',
    example: 'titles=Berlin',
  },
  linkshere: {
    en: 'Lists the pages that link to each page.',
    de: 'Listet die Seiten auf, die auf jede Seite verlinken.',
    example: 'titles=Berlin',
  },
  linterrors: {
    en: 'Lists the pages with lint errors of their markup.',
    de: 'Listet die Seiten mit Fehlern in ihrem Markup auf.',
    example: 'lntcategories=obsolete-tag',
  },
  linterstats: {
    en: 'Returns the number of lint errors by category.',
    de: 'Liefert die Anzahl der Markup-Fehler nach Kategorie.',
    example: '',
  },
  logevents: {
    en: 'Lists the entries of the logs.',
    de: 'Listet die Einträge der Logbücher auf.',
    example: 'letype=upload',
  },
  mystashedfiles: {
    en: 'Lists the files the caller has stashed.',
    de: 'Listet die Dateien auf, die der Aufrufer im Hochladespeicher hat.',
    example: 'msfprop=size|type',
  },
  pageimages: {
    en: 'Returns the representative image of each page.',
    de: 'Liefert das repräsentative Bild jeder Seite.',
    example: 'titles=Berlin&piprop=thumbnail',
  },
  pagepropnames: {
    en: 'Lists the names of the page properties in use.',
    de: 'Listet die Namen der verwendeten Seiteneigenschaften auf.',
    example: '',
  },
  pageprops: {
    en: 'Returns the page properties of each page.',
    de: 'Liefert die Seiteneigenschaften jeder Seite.',
    example: 'titles=Berlin',
  },
  pageswithprop: {
    en: 'Lists the pages that have a page property.',
    de: 'Listet die Seiten auf, die eine Seiteneigenschaft haben.',
    example: 'pwppropname=defaultsort',
  },
  prefixsearch: {
    en: 'Finds pages whose title starts with a text.',
    de: 'Findet Seiten, deren Titel mit einem Text beginnt.',
    example: 'pssearch=Ber',
  },
  protectedtitles: {
    en: 'Lists the titles protected against creation.',
    de: 'Listet die gegen Erstellung geschützten Titel auf.',
    example: 'ptprop=level|expiry',
  },
  querypage: {
    en: 'Returns the list of a special page that lists pages (orphaned pages, double redirects, ...).',
    de: 'Liefert die Liste einer Spezialseite, die Seiten auflistet (verwaiste Seiten, doppelte Weiterleitungen, ...).',
    example: 'qppage=Lonelypages',
  },
  random: { en: 'Returns random pages.', de: 'Liefert zufällige Seiten.', example: 'rnnamespace=0&rnlimit=3' },
  recentchanges: {
    en: 'Lists the recent changes of the wiki.',
    de: 'Listet die letzten Änderungen des Wikis auf.',
    example: 'rcprop=title|user|timestamp',
  },
  redirects: {
    en: 'Lists the redirects to each page.',
    de: 'Listet die Weiterleitungen auf jede Seite auf.',
    example: 'titles=Deutschland',
  },
  revisions: {
    en: "Returns revisions: the latest of each page, the given ones, or a page's history.",
    de: 'Liefert Versionen: die neueste jeder Seite, die angegebenen oder die Geschichte einer Seite.',
    example: 'titles=Berlin&rvprop=timestamp|user|comment',
  },
  search: {
    en: 'Searches the text and titles of the pages.',
    de: 'Durchsucht Text und Titel der Seiten.',
    example: 'srsearch=Hauptstadt',
  },
  siteinfo: {
    en: 'Returns information about the wiki: general settings, namespaces, statistics, ...',
    de: 'Liefert Angaben zum Wiki: allgemeine Einstellungen, Namensräume, Statistiken, ...',
    example: 'siprop=general|namespaces',
  },
  stashimageinfo: {
    en: "Returns information about the caller's stashed files.",
    de: 'Liefert Angaben zu Dateien des Aufrufers im Hochladespeicher.',
    example: 'siifilekey=1d3q2mhxiv7w.v7eknk.1.png',
  },
  tags: {
    en: 'Lists the change tags.',
    de: 'Listet die Änderungsmarkierungen auf.',
    example: 'tgprop=displayname|hitcount',
  },
  templates: {
    en: 'Lists the pages each page transcludes.',
    de: 'Listet die Seiten auf, die jede Seite einbindet.',
    example: 'titles=Berlin',
  },
  tokens: {
    en: 'Returns tokens for actions that change data.',
    de: 'Liefert Token für Aktionen, die Daten ändern.',
    example: 'type=csrf|login',
  },
  trackingcategories: {
    en: 'Lists the tracking categories and the pages in them.',
    de: 'Listet die Wartungskategorien und ihre Seiten auf.',
    example: '',
  },
  transcludedin: {
    en: 'Lists the pages that transclude each page.',
    de: 'Listet die Seiten auf, die jede Seite einbinden.',
    example: 'titles=Vorlage:Infobox Stadt',
  },
  usercontribs: {
    en: 'Lists the edits of users.',
    de: 'Listet die Bearbeitungen von Benutzern auf.',
    example: 'ucuser=Admin',
  },
  userinfo: {
    en: 'Returns information about the caller: name, groups, rights, blocks.',
    de: 'Liefert Angaben zum Aufrufer: Name, Gruppen, Rechte, Sperren.',
    example: 'uiprop=groups|rights',
  },
  users: {
    en: 'Returns information about users.',
    de: 'Liefert Angaben zu Benutzern.',
    example: 'ususers=Admin|Alice&usprop=groups|editcount',
  },
  watchlist: {
    en: "Lists the recent changes of the pages on the caller's watchlist.",
    de: 'Listet die letzten Änderungen der Seiten auf der Beobachtungsliste des Aufrufers auf.',
    example: 'wlprop=title|timestamp',
  },
  watchlistraw: {
    en: "Lists the pages on the caller's watchlist.",
    de: 'Listet die Seiten auf der Beobachtungsliste des Aufrufers auf.',
    example: 'wrnamespace=0',
  },
};

/** Summaries of the modules outside `query` (the main module, actions, formats), by path. */
export const OTHER_MODULE_HELP: Readonly<Record<string, HelpText>> = {
  main: {
    en: 'The entry point of the API: chooses the action and the format of the answer.',
    de: 'Der Einstiegspunkt der API: wählt die Aktion und das Format der Antwort.',
  },
  query: {
    en: 'Reads data from the wiki: pages and their properties, lists and site information.',
    de: 'Liest Daten aus dem Wiki: Seiten und ihre Eigenschaften, Listen und Angaben zum Wiki.',
  },
  login: {
    en: "Logs in with a bot password (or, deprecated, the main account's password).",
    de: 'Meldet mit einem Bot-Passwort an (oder, veraltet, mit dem Passwort des Hauptkontos).',
  },
  logout: { en: 'Logs out and ends the session.', de: 'Meldet ab und beendet die Sitzung.' },
  expandtemplates: {
    en: "Expands a text's templates, parser functions and variables for a page.",
    de: 'Expandiert die Vorlagen, Parserfunktionen und Variablen eines Textes für eine Seite.',
  },
  clientlogin: { en: 'Logs in the way interactive clients do.', de: 'Meldet so an, wie es interaktive Programme tun.' },
  compare: {
    en: 'Shows the difference between two revisions, texts or sections of a page.',
    de: 'Zeigt den Unterschied zwischen zwei Versionen, Texten oder Abschnitten einer Seite.',
  },
  json: { en: 'Gives the answer as JSON.', de: 'Liefert die Antwort als JSON.' },
  jsonfm: { en: 'Gives the answer as JSON in an HTML page.', de: 'Liefert die Antwort als JSON in einer HTML-Seite.' },
  xml: { en: 'Gives the answer as XML.', de: 'Liefert die Antwort als XML.' },
  xmlfm: { en: 'Gives the answer as XML in an HTML page.', de: 'Liefert die Antwort als XML in einer HTML-Seite.' },
  php: { en: 'Gives the answer serialized for PHP.', de: 'Liefert die Antwort für PHP serialisiert.' },
  phpfm: {
    en: 'Gives the answer serialized for PHP in an HTML page.',
    de: 'Liefert die Antwort für PHP serialisiert in einer HTML-Seite.',
  },
  rawfm: {
    en: 'Gives the answer with its debugging elements as JSON in an HTML page.',
    de: 'Liefert die Antwort mit ihren Debug-Elementen als JSON in einer HTML-Seite.',
  },
  none: { en: 'Gives no answer.', de: 'Liefert keine Antwort.' },
  help: {
    en: 'Describes the API and its modules as an HTML page.',
    de: 'Beschreibt die API und ihre Module als HTML-Seite.',
  },
  paraminfo: {
    en: 'Describes modules and their parameters as data, for clients that learn the API.',
    de: 'Beschreibt Module und ihre Parameter als Daten, für Programme, die die API erkunden.',
  },
  pageset: {
    en: 'The pages a query works on: titles, page IDs, revision IDs or a generator.',
    de: 'Die Seiten, mit denen eine Abfrage arbeitet: Titel, Seitenkennungen, Versionskennungen oder ein Generator.',
  },
};

/** Texts of parameters by name. */
export const PARAMETER_HELP: Readonly<Record<string, HelpText>> = {
  formatversion: { en: 'The version of the output format.', de: 'Die Version des Ausgabeformats.' },
  wrappedhtml: {
    en: 'Give the HTML page and its modules as JSON.',
    de: 'Die HTML-Seite und ihre Module als JSON liefern.',
  },
  callback: {
    en: 'Wrap the answer in a call of this JavaScript function (anonymous).',
    de: 'Die Antwort in einen Aufruf dieser JavaScript-Funktion einpacken (anonym).',
  },
  utf8: {
    en: 'Write non-ASCII characters as they are, not escaped.',
    de: 'Nicht-ASCII-Zeichen unverändert statt maskiert schreiben.',
  },
  ascii: { en: 'Escape every non-ASCII character.', de: 'Jedes Nicht-ASCII-Zeichen maskieren.' },
  xslt: { en: 'A stylesheet page to apply to the XML.', de: 'Eine Stylesheet-Seite, die auf das XML angewendet wird.' },
  includexmlnamespace: { en: 'Give the XML namespace of the answer.', de: 'Den XML-Namensraum der Antwort angeben.' },
  messages: { en: 'Which messages to give (* for all).', de: 'Welche Nachrichten geliefert werden (* für alle).' },
  enableparser: {
    en: 'Expand the wikitext of the messages (magic words, templates).',
    de: 'Den Wikitext der Nachrichten expandieren (magische Wörter, Vorlagen).',
  },
  nocontent: { en: "Leave out the messages' texts.", de: 'Die Texte der Nachrichten weglassen.' },
  includelocal: {
    en: 'Also give messages changed on the wiki that the software does not define.',
    de: 'Auch Nachrichten liefern, die im Wiki geändert wurden, aber nicht von der Software stammen.',
  },
  args: {
    en: 'The arguments to put into the messages.',
    de: 'Die Argumente, die in die Nachrichten eingesetzt werden.',
  },
  filter: {
    en: 'Only give messages whose name contains this text.',
    de: 'Nur Nachrichten liefern, deren Name diesen Text enthält.',
  },
  customised: {
    en: 'Only give messages that were or were not changed on the wiki.',
    de: 'Nur Nachrichten liefern, die im Wiki geändert oder nicht geändert wurden.',
  },
  filterlanglinks: {
    en: 'Which pages to list by their language links.',
    de: 'Welche Seiten nach ihren Sprachlinks aufgelistet werden.',
  },
  prtype: {
    en: 'Only list pages protected against these actions.',
    de: 'Nur Seiten auflisten, die gegen diese Aktionen geschützt sind.',
  },
  prlevel: {
    en: 'Only list protections of these levels (with prtype).',
    de: 'Nur Schutz dieser Stufen auflisten (mit prtype).',
  },
  prfiltercascade: {
    en: 'Which protections to list by whether they cascade.',
    de: 'Welcher Schutz danach aufgelistet wird, ob er kaskadiert.',
  },
  prexpiry: {
    en: 'Which protections to list by their expiry.',
    de: 'Welcher Schutz nach seinem Ablauf aufgelistet wird.',
  },
  witheditsonly: { en: 'Only list users who have edited.', de: 'Nur Benutzer auflisten, die bearbeitet haben.' },
  activeusers: {
    en: 'Only list users active in the last days.',
    de: 'Nur Benutzer auflisten, die in den letzten Tagen aktiv waren.',
  },
  excludenamed: {
    en: 'Do not list named (permanent) accounts.',
    de: 'Keine benannten (dauerhaften) Konten auflisten.',
  },
  excludetemp: { en: 'Do not list temporary accounts.', de: 'Keine temporären Konten auflisten.' },
  securitysensitiveoperation: {
    en: "The security-sensitive operation to check the caller's authentication for.",
    de: 'Der sicherheitskritische Vorgang, für den die Anmeldung des Aufrufers geprüft wird.',
  },
  requestsfor: {
    en: 'The account operation whose requests to describe.',
    de: 'Der Kontovorgang, dessen Anfragen beschrieben werden.',
  },
  mergerequestfields: {
    en: 'Merge the fields of every request into one list.',
    de: 'Die Felder aller Anfragen zu einer Liste zusammenfassen.',
  },
  messageformat: { en: 'The format of the messages in the answer.', de: 'Das Format der Nachrichten in der Antwort.' },
  ip: {
    en: 'Only list blocks that apply to this IP address or range.',
    de: 'Nur Sperren auflisten, die für diese IP-Adresse oder diesen Bereich gelten.',
  },
  starthexsortkey: {
    en: 'The sort key (hexadecimal) to start listing from.',
    de: 'Der Sortierschlüssel (hexadezimal), ab dem aufgelistet wird.',
  },
  endhexsortkey: {
    en: 'The sort key (hexadecimal) to stop listing at.',
    de: 'Der Sortierschlüssel (hexadezimal), bis zu dem aufgelistet wird.',
  },
  startsortkeyprefix: {
    en: 'The sort key prefix to start listing from.',
    de: 'Das Präfix des Sortierschlüssels, ab dem aufgelistet wird.',
  },
  endsortkeyprefix: {
    en: 'The sort key prefix to stop listing at.',
    de: 'Das Präfix des Sortierschlüssels, bis zu dem aufgelistet wird.',
  },
  startsortkey: {
    en: 'The sort key to start listing from (deprecated).',
    de: 'Der Sortierschlüssel, ab dem aufgelistet wird (veraltet).',
  },
  endsortkey: {
    en: 'The sort key to stop listing at (deprecated).',
    de: 'Der Sortierschlüssel, bis zu dem aufgelistet wird (veraltet).',
  },
  excluderights: { en: 'Do not list users with these rights.', de: 'Keine Benutzer mit diesen Rechten auflisten.' },
  allowedonly: {
    en: 'Only list gadgets the caller may use.',
    de: 'Nur Helferlein auflisten, die der Aufrufer verwenden darf.',
  },
  enabledonly: {
    en: 'Only list gadgets the caller has turned on.',
    de: 'Nur Helferlein auflisten, die der Aufrufer eingeschaltet hat.',
  },
  linkcontext: {
    en: 'The page from which link classes are judged.',
    de: 'Die Seite, von der aus Linkklassen beurteilt werden.',
  },
  testactions: {
    en: 'Check whether the caller may do these actions on each page.',
    de: 'Prüfen, ob der Aufrufer diese Aktionen auf jeder Seite ausführen darf.',
  },
  testactionsdetail: {
    en: 'How much to tell about each testactions check.',
    de: 'Wie viel zu jeder Prüfung von testactions gesagt wird.',
  },
  testactionsautocreate: {
    en: 'Check whether the account would be created automatically.',
    de: 'Prüfen, ob das Konto automatisch angelegt würde.',
  },
  preloadcustom: {
    en: 'The page whose text to preload instead of the default.',
    de: 'Die Seite, deren Text statt der Vorgabe vorausgefüllt wird.',
  },
  preloadparams: {
    en: 'The values of $1, $2, ... in the preloaded text.',
    de: 'Die Werte von $1, $2, ... im vorausgefüllten Text.',
  },
  preloadnewsection: {
    en: 'Give the preloaded text of a new section.',
    de: 'Den vorausgefüllten Text eines neuen Abschnitts liefern.',
  },
  editintrostyle: { en: 'How the edit notices are given.', de: 'Wie die Bearbeitungshinweise geliefert werden.' },
  editintroskip: { en: 'Which edit notices to leave out.', de: 'Welche Bearbeitungshinweise weggelassen werden.' },
  editintrocustom: {
    en: 'A page to give as an additional edit notice.',
    de: 'Eine Seite, die als weiterer Bearbeitungshinweis geliefert wird.',
  },
  action: {
    en: 'Only list log entries of this type and action.',
    de: 'Nur Logbucheinträge dieses Typs und dieser Aktion auflisten.',
  },
  thumbsize: { en: 'The width of the thumbnail in pixels.', de: 'Die Breite des Vorschaubilds in Pixeln.' },
  license: {
    en: 'Which images may be given, by their licence.',
    de: 'Welche Bilder nach ihrer Lizenz geliefert werden dürfen.',
  },
  langcode: {
    en: "The language variant of the image's page to use.",
    de: 'Die Sprachvariante der Bildseite, die verwendet wird.',
  },
  generaterevisions: {
    en: 'As a generator, give revision IDs rather than titles.',
    de: 'Als Generator Versionskennungen statt Titel liefern.',
  },
  slot: { en: 'Only list changes that touch this slot.', de: 'Nur Änderungen auflisten, die diesen Slot betreffen.' },
  what: {
    en: 'What to search: titles, text or the nearest match.',
    de: 'Was durchsucht wird: Titel, Text oder der beste Treffer.',
  },
  info: { en: 'Which information about the search to give.', de: 'Welche Angaben zur Suche geliefert werden.' },
  interwiki: { en: 'Also give results from other wikis.', de: 'Auch Ergebnisse anderer Wikis liefern.' },
  enablerewrites: { en: 'Let the search correct the query.', de: 'Die Suche darf die Anfrage korrigieren.' },
  filteriw: {
    en: 'Only give local or only non-local interwiki prefixes.',
    de: 'Nur lokale oder nur nicht lokale Interwiki-Präfixe liefern.',
  },
  showalldb: {
    en: 'Give every database server, not just the one with the most lag.',
    de: 'Jeden Datenbankserver liefern, nicht nur den mit der größten Verzögerung.',
  },
  numberingroup: {
    en: 'Give the number of users in each group.',
    de: 'Die Anzahl der Benutzer in jeder Gruppe liefern.',
  },
  trackingcatname: { en: 'Only list this tracking category.', de: 'Nur diese Wartungskategorie auflisten.' },
  allrev: {
    en: 'List every change, not only the latest of each page.',
    de: 'Alle Änderungen auflisten, nicht nur die neueste jeder Seite.',
  },
  limit: { en: 'How many items to return at most.', de: 'Wie viele Einträge höchstens geliefert werden.' },
  continue: {
    en: 'When more results are available, use this to continue.',
    de: 'Wenn weitere Ergebnisse vorhanden sind, damit fortsetzen.',
  },
  prop: { en: 'Which properties to get.', de: 'Welche Eigenschaften abgefragt werden.' },
  dir: { en: 'The direction in which to list.', de: 'Die Richtung, in der aufgelistet wird.' },
  namespace: { en: 'Only list pages in these namespaces.', de: 'Nur Seiten in diesen Namensräumen auflisten.' },
  prefix: {
    en: 'Only list titles that begin with this text.',
    de: 'Nur Titel auflisten, die mit diesem Text beginnen.',
  },
  start: { en: 'The timestamp to start listing from.', de: 'Der Zeitstempel, ab dem aufgelistet wird.' },
  end: { en: 'The timestamp to stop listing at.', de: 'Der Zeitstempel, bis zu dem aufgelistet wird.' },
  from: { en: 'The title to start listing from.', de: 'Der Titel, ab dem aufgelistet wird.' },
  to: { en: 'The title to stop listing at.', de: 'Der Titel, bis zu dem aufgelistet wird.' },
  title: { en: 'The title to look for.', de: 'Der gesuchte Titel.' },
  user: { en: 'Only list items by this user.', de: 'Nur Einträge dieses Benutzers auflisten.' },
  show: { en: 'Only show items that meet these criteria.', de: 'Nur Einträge zeigen, die diese Bedingungen erfüllen.' },
  excludeuser: { en: 'Do not list items by this user.', de: 'Keine Einträge dieses Benutzers auflisten.' },
  tag: { en: 'Only list items with this change tag.', de: 'Nur Einträge mit dieser Änderungsmarkierung auflisten.' },
  unique: {
    en: 'List each value once, without the pages that use it.',
    de: 'Jeden Wert nur einmal auflisten, ohne die Seiten, die ihn verwenden.',
  },
  filterredir: {
    en: 'Which pages to list: all, only redirects, or no redirects.',
    de: 'Welche Seiten aufgelistet werden: alle, nur Weiterleitungen oder keine Weiterleitungen.',
  },
  pageid: {
    en: 'The page ID to look for (instead of a title).',
    de: 'Die gesuchte Seitenkennung (anstelle eines Titels).',
  },
  type: { en: 'Which types of items to list.', de: 'Welche Arten von Einträgen aufgelistet werden.' },
  slots: {
    en: 'Which revision slots to give the content and properties of.',
    de: 'Von welchen Slots der Versionen Inhalt und Eigenschaften geliefert werden.',
  },
  expandtemplates: {
    en: 'Expand templates in the content (deprecated; not supported by this server).',
    de: 'Vorlagen im Inhalt expandieren (veraltet; von diesem Server nicht unterstützt).',
  },
  generatexml: {
    en: 'Generate the XML parse tree of the content (deprecated; not supported by this server).',
    de: 'Den XML-Syntaxbaum des Inhalts erzeugen (veraltet; von diesem Server nicht unterstützt).',
  },
  parse: {
    en: 'Parse the content into HTML (deprecated; not supported by this server).',
    de: 'Den Inhalt als HTML parsen (veraltet; von diesem Server nicht unterstützt).',
  },
  section: {
    en: 'Only give the content of the section with this number.',
    de: 'Nur den Inhalt des Abschnitts mit dieser Nummer liefern.',
  },
  diffto: {
    en: 'The revision to compare each revision with (deprecated).',
    de: 'Die Version, mit der jede Version verglichen wird (veraltet).',
  },
  difftotext: {
    en: 'A text to compare each revision with (deprecated).',
    de: 'Ein Text, mit dem jede Version verglichen wird (veraltet).',
  },
  difftotextpst: {
    en: 'Apply the pre-save transform to difftotext first (deprecated).',
    de: 'Vorher die Umwandlung beim Speichern auf difftotext anwenden (veraltet).',
  },
  contentformat: {
    en: 'The serialization format of the content (deprecated).',
    de: 'Das Serialisierungsformat des Inhalts (veraltet).',
  },
  sort: { en: 'The order in which to list.', de: 'Die Reihenfolge, in der aufgelistet wird.' },
  minsize: {
    en: 'Only list pages or files at least this many bytes long.',
    de: 'Nur Seiten oder Dateien mit mindestens so vielen Bytes auflisten.',
  },
  maxsize: {
    en: 'Only list pages or files at most this many bytes long.',
    de: 'Nur Seiten oder Dateien mit höchstens so vielen Bytes auflisten.',
  },
  lang: { en: 'The language code to use.', de: 'Der Sprachcode, der verwendet wird.' },
  attachedwiki: {
    en: 'With centralids, whether the user is attached to this wiki.',
    de: 'Mit centralids, ob der Benutzer mit diesem Wiki verbunden ist.',
  },
  redirect: {
    en: 'Also list the pages that link to the redirects among the results (halves the limit).',
    de: 'Auch die Seiten auflisten, die auf die Weiterleitungen unter den Ergebnissen verlinken (halbiert das Limit).',
  },
  ids: { en: 'Only list the items with these IDs.', de: 'Nur die Einträge mit diesen Kennungen auflisten.' },
  categories: { en: 'Only list these categories.', de: 'Nur diese Kategorien auflisten.' },
  offset: {
    en: 'How many results to skip, to continue.',
    de: 'Wie viele Ergebnisse übersprungen werden, um fortzusetzen.',
  },
  min: {
    en: 'Only list categories with at least this many members.',
    de: 'Nur Kategorien mit mindestens so vielen Einträgen auflisten.',
  },
  max: {
    en: 'Only list categories with at most this many members.',
    de: 'Nur Kategorien mit höchstens so vielen Einträgen auflisten.',
  },
  generatetitles: {
    en: 'As a generator, give titles rather than revision IDs.',
    de: 'Als Generator Titel statt Versionskennungen liefern.',
  },
  sha1: {
    en: 'Only list files with this SHA-1 hash (40 hexadecimal digits).',
    de: 'Nur Dateien mit diesem SHA-1-Hash (40 Hexadezimalziffern) auflisten.',
  },
  sha1base36: {
    en: 'Only list files with this SHA-1 hash in base 36 (as MediaWiki stores it).',
    de: 'Nur Dateien mit diesem SHA-1-Hash zur Basis 36 (wie MediaWiki ihn speichert) auflisten.',
  },
  group: { en: 'Only list users in these groups.', de: 'Nur Benutzer in diesen Gruppen auflisten.' },
  excludegroup: { en: 'Do not list users in these groups.', de: 'Keine Benutzer in diesen Gruppen auflisten.' },
  rights: { en: 'Only list users with these rights.', de: 'Nur Benutzer mit diesen Rechten auflisten.' },
  users: { en: 'The user names to look up.', de: 'Die nachgeschlagenen Benutzernamen.' },
  names: { en: 'The names to look up.', de: 'Die nachgeschlagenen Namen.' },
  localonly: {
    en: 'Only look at files of the local repository.',
    de: 'Nur Dateien der lokalen Dateiquelle berücksichtigen.',
  },
  protocol: {
    en: 'Only list links with this protocol (empty: every protocol).',
    de: 'Nur Links mit diesem Protokoll auflisten (leer: alle Protokolle).',
  },
  query: { en: 'The URL to look for, without the protocol.', de: 'Die gesuchte URL, ohne das Protokoll.' },
  expandurl: {
    en: 'Give protocol-relative URLs with the canonical protocol.',
    de: 'Protokollrelative URLs mit dem kanonischen Protokoll liefern.',
  },
  urlwidth: {
    en: 'With url, also give the URL of a thumbnail this wide.',
    de: 'Mit url auch die URL eines Vorschaubilds dieser Breite liefern.',
  },
  urlheight: {
    en: 'With url, also give the URL of a thumbnail this high.',
    de: 'Mit url auch die URL eines Vorschaubilds dieser Höhe liefern.',
  },
  urlparam: {
    en: 'A thumbnail size written as the handler does (120px), instead of urlwidth.',
    de: 'Eine Vorschaugröße in der Schreibweise des Dateityps (120px), anstelle von urlwidth.',
  },
  url: { en: 'Whether to give the full URL of each link.', de: 'Ob die vollständige URL jedes Links geliefert wird.' },
  inlanguagecode: {
    en: 'The language in which to give language names.',
    de: 'Die Sprache, in der Sprachnamen geliefert werden.',
  },
  search: { en: 'The text to search for.', de: 'Der gesuchte Text.' },
  toponly: {
    en: 'Only list changes that are the latest revision of their page.',
    de: 'Nur Änderungen auflisten, die die neueste Version ihrer Seite sind.',
  },
  userids: { en: 'The user IDs to look up.', de: 'Die nachgeschlagenen Benutzerkennungen.' },
  owner: {
    en: 'The user whose watchlist to read (needs token).',
    de: 'Der Benutzer, dessen Beobachtungsliste gelesen wird (braucht token).',
  },
  token: { en: 'The watchlist token of the owner.', de: 'Der Beobachtungslisten-Token des Besitzers.' },
  titles: { en: 'Only list links to these titles.', de: 'Nur Links auf diese Titel auflisten.' },
  templates: { en: 'Only list these templates.', de: 'Nur diese Vorlagen auflisten.' },
  images: { en: 'Only list these files.', de: 'Nur diese Dateien auflisten.' },
  level: { en: 'Only list protections of these levels.', de: 'Nur Schutz dieser Stufen auflisten.' },
  propname: { en: 'The page property to look for.', de: 'Die gesuchte Seiteneigenschaft.' },
  page: { en: 'The name of the special page.', de: 'Der Name der Spezialseite.' },
  filekey: { en: 'The keys of the stashed files.', de: 'Die Schlüssel der Dateien im Hochladespeicher.' },
  sessionkey: {
    en: 'The keys of the stashed files (deprecated alias of filekey).',
    de: 'Die Schlüssel der Dateien im Hochladespeicher (veralteter Name von filekey).',
  },
  extmetadatalanguage: {
    en: 'The language in which to give extended metadata.',
    de: 'Die Sprache, in der die erweiterten Metadaten geliefert werden.',
  },
  extmetadatamultilang: {
    en: 'Give extended metadata in every language it has.',
    de: 'Erweiterte Metadaten in allen vorhandenen Sprachen liefern.',
  },
  extmetadatafilter: {
    en: 'Only give these extended metadata fields.',
    de: 'Nur diese Felder der erweiterten Metadaten liefern.',
  },
  metadataversion: { en: 'The version of the metadata format.', de: 'Die Version des Metadatenformats.' },
  badfilecontexttitle: {
    en: 'The page for which the bad file list is consulted.',
    de: 'Die Seite, für die die Liste unerwünschter Dateien befragt wird.',
  },
  chars: { en: 'How many characters to give.', de: 'Wie viele Zeichen geliefert werden.' },
  sentences: { en: 'How many sentences to give.', de: 'Wie viele Sätze geliefert werden.' },
  intro: { en: 'Only give the text before the first section.', de: 'Nur den Text vor dem ersten Abschnitt liefern.' },
  plaintext: { en: 'Give plain text instead of HTML.', de: 'Reinen Text statt HTML liefern.' },
  sectionformat: {
    en: 'How to format section headings in plain text.',
    de: 'Wie Abschnittsüberschriften im reinen Text geschrieben werden.',
  },
  code: { en: 'The language codes to describe.', de: 'Die beschriebenen Sprachcodes.' },
  mime: { en: 'Only list files of these MIME types.', de: 'Nur Dateien dieser MIME-Typen auflisten.' },
  filterbots: { en: 'How to treat files uploaded by bots.', de: 'Wie mit Dateien von Bots verfahren wird.' },
  contentmodel: {
    en: 'Only list pages with this content model.',
    de: 'Nur Seiten mit diesem Inhaltsmodell auflisten.',
  },
  startid: { en: 'The revision ID to start listing from.', de: 'Die Versionskennung, ab der aufgelistet wird.' },
  endid: { en: 'The revision ID to stop listing at.', de: 'Die Versionskennung, bis zu der aufgelistet wird.' },
  fromtitle: { en: 'The title to start listing from.', de: 'Der Titel, ab dem aufgelistet wird.' },
  totitle: { en: 'The title to stop listing at.', de: 'Der Titel, bis zu dem aufgelistet wird.' },
  userprefix: {
    en: 'Only list edits of users whose name begins with this text.',
    de: 'Nur Bearbeitungen von Benutzern auflisten, deren Name mit diesem Text beginnt.',
  },
  iprange: {
    en: 'Only list edits from this IP address range.',
    de: 'Nur Bearbeitungen aus diesem IP-Adressbereich auflisten.',
  },
};

/** Texts of parameters that mean something particular in one module (`<module>.<parameter>`). */
export const MODULE_PARAMETER_HELP: Readonly<Record<string, HelpText>> = {
  'help.modules': { en: 'The modules to describe.', de: 'Die beschriebenen Module.' },
  'help.submodules': { en: 'Describe their submodules too.', de: 'Auch ihre Untermodule beschreiben.' },
  'help.recursivesubmodules': {
    en: 'Describe their submodules and theirs, all the way down.',
    de: 'Ihre Untermodule und deren Untermodule bis ganz nach unten beschreiben.',
  },
  'help.wrap': { en: 'Give the page inside an API answer.', de: 'Die Seite in einer API-Antwort liefern.' },
  'help.toc': { en: 'Add a table of contents.', de: 'Ein Inhaltsverzeichnis hinzufügen.' },
  'paraminfo.modules': {
    en: 'The modules to describe, by path (query+allpages; +* for all submodules).',
    de: 'Die beschriebenen Module, nach Pfad (query+allpages; +* für alle Untermodule).',
  },
  'paraminfo.helpformat': { en: 'The format of the descriptions.', de: 'Das Format der Beschreibungen.' },
  'paraminfo.querymodules': {
    en: 'Query modules to describe, by name (use modules).',
    de: 'Beschriebene Abfragemodule, nach Name (besser modules).',
  },
  'paraminfo.mainmodule': {
    en: 'Describe the main module too (use modules).',
    de: 'Auch das Hauptmodul beschreiben (besser modules).',
  },
  'paraminfo.pagesetmodule': {
    en: 'Describe the page set too: the parameters that choose the pages.',
    de: 'Auch die Seitenmenge beschreiben: die Parameter, die die Seiten wählen.',
  },
  'paraminfo.formatmodules': {
    en: 'Format modules to describe (use modules).',
    de: 'Beschriebene Formatmodule (besser modules).',
  },
  'main.action': { en: 'The action to perform.', de: 'Die ausgeführte Aktion.' },
  'main.format': { en: 'The format of the answer.', de: 'Das Format der Antwort.' },
  'main.maxlag': {
    en: 'Refuse to answer when the database replicas lag more than this many seconds.',
    de: 'Nicht antworten, wenn die Datenbankkopien mehr als so viele Sekunden zurückliegen.',
  },
  'main.smaxage': {
    en: 'How many seconds shared caches may keep the answer.',
    de: 'Wie viele Sekunden gemeinsame Zwischenspeicher die Antwort behalten dürfen.',
  },
  'main.maxage': {
    en: 'How many seconds the client may keep the answer.',
    de: 'Wie viele Sekunden der Client die Antwort behalten darf.',
  },
  'main.assert': {
    en: 'Fail unless the caller is logged in, is a bot, or is anonymous, as named.',
    de: 'Fehlschlagen, wenn der Aufrufer nicht angemeldet, kein Bot oder nicht anonym ist, wie angegeben.',
  },
  'main.assertuser': {
    en: 'Fail unless the caller is this user.',
    de: 'Fehlschlagen, wenn der Aufrufer nicht dieser Benutzer ist.',
  },
  'main.requestid': {
    en: 'A value repeated in the answer, to tell requests apart.',
    de: 'Ein Wert, der in der Antwort wiederholt wird, um Anfragen zu unterscheiden.',
  },
  'main.servedby': { en: 'Name the host that answered.', de: 'Den Rechner nennen, der geantwortet hat.' },
  'main.curtimestamp': { en: 'Give the current time in the answer.', de: 'Die aktuelle Zeit in der Antwort liefern.' },
  'main.responselanginfo': {
    en: 'Give the languages used for uselang and errorlang.',
    de: 'Die für uselang und errorlang verwendeten Sprachen liefern.',
  },
  'main.origin': {
    en: 'The origin of a cross-site request (* for anonymous requests).',
    de: 'Der Ursprung einer seitenübergreifenden Anfrage (* für anonyme Anfragen).',
  },
  'main.crossorigin': {
    en: "Allow cross-site requests with the caller's session.",
    de: 'Seitenübergreifende Anfragen mit der Sitzung des Aufrufers erlauben.',
  },
  'main.uselang': { en: 'The language of texts in the answer.', de: 'Die Sprache der Texte in der Antwort.' },
  'main.variant': {
    en: 'The language variant of texts in the answer.',
    de: 'Die Sprachvariante der Texte in der Antwort.',
  },
  'main.errorformat': { en: 'The format of warnings and errors.', de: 'Das Format von Warnungen und Fehlern.' },
  'main.errorlang': { en: 'The language of warnings and errors.', de: 'Die Sprache von Warnungen und Fehlern.' },
  'main.errorsuselocal': {
    en: "Use the wiki's own versions of error messages.",
    de: 'Die Fassungen der Fehlermeldungen aus dem Wiki verwenden.',
  },
  'query.prop': {
    en: 'Which properties to get for the pages.',
    de: 'Welche Eigenschaften der Seiten abgefragt werden.',
  },
  'query.list': { en: 'Which lists to get.', de: 'Welche Listen abgefragt werden.' },
  'query.meta': { en: 'Which metadata to get.', de: 'Welche Metadaten abgefragt werden.' },
  'query.indexpageids': {
    en: 'Also give the page IDs as a list.',
    de: 'Die Seitenkennungen zusätzlich als Liste liefern.',
  },
  'query.export': {
    en: "Export the pages' current revisions as XML.",
    de: 'Die aktuellen Versionen der Seiten als XML exportieren.',
  },
  'query.exportnowrap': {
    en: 'Give the export XML alone, without the answer around it.',
    de: 'Das Export-XML allein liefern, ohne die Antwort darum.',
  },
  'query.exportschema': { en: 'The version of the export format.', de: 'Die Version des Exportformats.' },
  'query.iwurl': { en: 'Give the URL of interwiki titles.', de: 'Die URL von Interwiki-Titeln liefern.' },
  'query.continue': {
    en: 'When more results are available, use this to continue.',
    de: 'Wenn weitere Ergebnisse vorhanden sind, damit fortsetzen.',
  },
  'query.rawcontinue': {
    en: 'Give the old query-continue data instead of continue.',
    de: 'Die alten query-continue-Daten statt continue liefern.',
  },
  'query.titles': { en: 'The titles of the pages to work on.', de: 'Die Titel der bearbeiteten Seiten.' },
  'query.pageids': { en: 'The IDs of the pages to work on.', de: 'Die Kennungen der bearbeiteten Seiten.' },
  'query.revids': {
    en: 'The revision IDs whose pages to work on.',
    de: 'Die Versionskennungen, deren Seiten bearbeitet werden.',
  },
  'query.generator': {
    en: 'The list module whose pages to work on.',
    de: 'Das Listenmodul, dessen Seiten bearbeitet werden.',
  },
  'query.redirects': { en: 'Follow redirects to their targets.', de: 'Weiterleitungen zu ihren Zielen folgen.' },
  'query.converttitles': {
    en: 'Convert titles to another variant of the content language when needed.',
    de: 'Titel bei Bedarf in eine andere Variante der Inhaltssprache umwandeln.',
  },
  'login.name': { en: 'The user name.', de: 'Der Benutzername.' },
  'login.password': { en: 'The password.', de: 'Das Passwort.' },
  'login.domain': { en: 'The domain (not used).', de: 'Die Domäne (nicht verwendet).' },
  'login.token': { en: 'The login token from meta=tokens.', de: 'Der Anmelde-Token aus meta=tokens.' },
  'logout.token': { en: 'The CSRF token from meta=tokens.', de: 'Der CSRF-Token aus meta=tokens.' },
  'compare.fromtitle': {
    en: 'The page whose current revision is the first side.',
    de: 'Die Seite, deren aktuelle Version die ersten Seite ist.',
  },
  'compare.fromid': {
    en: 'The page ID whose current revision is the first side.',
    de: 'Die Seitenkennung, deren aktuelle Version die ersten Seite ist.',
  },
  'compare.fromrev': { en: 'The revision that is the first side.', de: 'Die Version, die die ersten Seite ist.' },
  'compare.fromslots': {
    en: 'Replace these slots of the first side with the texts given.',
    de: 'Diese Slots der ersten Seite durch die angegebenen Texte ersetzen.',
  },
  'compare.fromtext-{slot}': { en: 'The text of the slot.', de: 'Der Text des Slots.' },
  'compare.fromsection-{slot}': {
    en: 'Replace only this section of the revision with the text.',
    de: 'Nur diesen Abschnitt der Version durch den Text ersetzen.',
  },
  'compare.fromcontentformat-{slot}': {
    en: 'The serialisation format of the text.',
    de: 'Das Serialisierungsformat des Textes.',
  },
  'compare.fromcontentmodel-{slot}': { en: 'The content model of the text.', de: 'Das Inhaltsmodell des Textes.' },
  'compare.frompst': {
    en: 'Transform the text as a save would before comparing.',
    de: 'Den Text vor dem Vergleich so umwandeln, wie es das Speichern täte.',
  },
  'compare.fromtext': {
    en: 'The text of the first side (use fromslots=main).',
    de: 'Der Text der ersten Seite (fromslots=main verwenden).',
  },
  'compare.fromcontentformat': {
    en: 'The serialisation format of fromtext.',
    de: 'Das Serialisierungsformat von fromtext.',
  },
  'compare.fromcontentmodel': { en: 'The content model of fromtext.', de: 'Das Inhaltsmodell von fromtext.' },
  'compare.fromsection': {
    en: 'Compare only this section of the first side.',
    de: 'Nur diesen Abschnitt der ersten Seite vergleichen.',
  },
  'compare.totitle': {
    en: 'The page whose current revision is the second side.',
    de: 'Die Seite, deren aktuelle Version die zweiten Seite ist.',
  },
  'compare.toid': {
    en: 'The page ID whose current revision is the second side.',
    de: 'Die Seitenkennung, deren aktuelle Version die zweiten Seite ist.',
  },
  'compare.torev': { en: 'The revision that is the second side.', de: 'Die Version, die die zweiten Seite ist.' },
  'compare.toslots': {
    en: 'Replace these slots of the second side with the texts given.',
    de: 'Diese Slots der zweiten Seite durch die angegebenen Texte ersetzen.',
  },
  'compare.totext-{slot}': { en: 'The text of the slot.', de: 'Der Text des Slots.' },
  'compare.tosection-{slot}': {
    en: 'Replace only this section of the revision with the text.',
    de: 'Nur diesen Abschnitt der Version durch den Text ersetzen.',
  },
  'compare.tocontentformat-{slot}': {
    en: 'The serialisation format of the text.',
    de: 'Das Serialisierungsformat des Textes.',
  },
  'compare.tocontentmodel-{slot}': { en: 'The content model of the text.', de: 'Das Inhaltsmodell des Textes.' },
  'compare.topst': {
    en: 'Transform the text as a save would before comparing.',
    de: 'Den Text vor dem Vergleich so umwandeln, wie es das Speichern täte.',
  },
  'compare.totext': {
    en: 'The text of the second side (use toslots=main).',
    de: 'Der Text der zweiten Seite (toslots=main verwenden).',
  },
  'compare.tocontentformat': { en: 'The serialisation format of totext.', de: 'Das Serialisierungsformat von totext.' },
  'compare.tocontentmodel': { en: 'The content model of totext.', de: 'Das Inhaltsmodell von totext.' },
  'compare.tosection': {
    en: 'Compare only this section of the second side.',
    de: 'Nur diesen Abschnitt der zweiten Seite vergleichen.',
  },
  'compare.torelative': {
    en: 'Compare with the revision before, after or current relative to the first side.',
    de: 'Mit der Version vor, nach oder aktuell zur ersten Seite vergleichen.',
  },
  'compare.prop': { en: 'What to give.', de: 'Was geliefert wird.' },
  'compare.slots': {
    en: 'Give the diffs of these slots separately.',
    de: 'Die Unterschiede dieser Slots einzeln liefern.',
  },
  'compare.difftype': { en: 'The layout of the diff.', de: 'Die Darstellung des Unterschieds.' },
  'expandtemplates.title': {
    en: 'The page the text is expanded for (its name in {{PAGENAME}} and the like).',
    de: 'Die Seite, für die der Text expandiert wird (ihr Name in {{PAGENAME}} und ähnlichen).',
  },
  'expandtemplates.text': { en: 'The wikitext to expand.', de: 'Der zu expandierende Wikitext.' },
  'expandtemplates.revid': {
    en: 'The revision the text is expanded as ({{REVISIONID}}); its page is the page.',
    de: 'Die Version, als die der Text expandiert wird ({{REVISIONID}}); ihre Seite ist die Seite.',
  },
  'expandtemplates.prop': { en: 'What to give.', de: 'Was geliefert wird.' },
  'expandtemplates.includecomments': {
    en: 'Keep the comments of the text.',
    de: 'Die Kommentare des Textes behalten.',
  },
  'expandtemplates.showstrategykeys': {
    en: 'Show how configuration variables are merged.',
    de: 'Zeigen, wie Konfigurationsvariablen zusammengeführt werden.',
  },
  'expandtemplates.generatexml': {
    en: 'Also give the parse tree, beside the expansion (use prop=parsetree).',
    de: 'Auch den Parserbaum liefern, neben der Expansion (prop=parsetree verwenden).',
  },
  'clientlogin.requests': { en: 'Only use these authentication requests.', de: 'Nur diese Anmeldeanfragen verwenden.' },
  'clientlogin.messageformat': {
    en: 'The format of the messages in the answer.',
    de: 'Das Format der Nachrichten in der Antwort.',
  },
  'clientlogin.mergerequestfields': {
    en: 'Merge the fields of every request into one list.',
    de: 'Die Felder aller Anfragen zu einer Liste zusammenfassen.',
  },
  'clientlogin.preservestate': {
    en: 'Keep the state of an earlier failed login.',
    de: 'Den Zustand einer früheren fehlgeschlagenen Anmeldung behalten.',
  },
  'clientlogin.returnurl': {
    en: 'Where to return after a login through another site.',
    de: 'Wohin nach einer Anmeldung über eine andere Seite zurückgekehrt wird.',
  },
  'clientlogin.continue': {
    en: 'Continue a login that asked for more.',
    de: 'Eine Anmeldung fortsetzen, die mehr verlangt hat.',
  },
  'clientlogin.token': { en: 'The login token from meta=tokens.', de: 'Der Anmelde-Token aus meta=tokens.' },
  'allpages.from': { en: 'The title to start listing from.', de: 'Der Titel, ab dem aufgelistet wird.' },
  'embeddedin.title': { en: 'The title of the transcluded page.', de: 'Der Titel der eingebundenen Seite.' },
  'imageusage.title': { en: 'The title of the file.', de: 'Der Titel der Datei.' },
  'categorymembers.title': {
    en: 'The category to list (with its namespace).',
    de: 'Die aufgelistete Kategorie (mit Namensraum).',
  },
  'usercontribs.user': {
    en: 'The users whose edits to list.',
    de: 'Die Benutzer, deren Bearbeitungen aufgelistet werden.',
  },
  'allrevisions.user': { en: 'Only list revisions by this user.', de: 'Nur Versionen dieses Benutzers auflisten.' },
  'random.redirect': {
    en: 'Give redirects instead of other pages (deprecated: use filterredir).',
    de: 'Weiterleitungen statt anderer Seiten liefern (veraltet: filterredir verwenden).',
  },
  'categories.categories': {
    en: 'Only list these categories (to check membership).',
    de: 'Nur diese Kategorien auflisten (um die Zugehörigkeit zu prüfen).',
  },
  'tokens.type': { en: 'Which types of token to get.', de: 'Welche Arten von Token abgefragt werden.' },
  'siteinfo.prop': { en: 'Which information about the wiki to get.', de: 'Welche Angaben zum Wiki abgefragt werden.' },
};

/** The language of help texts for a `uselang`: German or English. */
export function helpLanguage(code: string): 'en' | 'de' {
  return code === 'de' || code.startsWith('de-') ? 'de' : 'en';
}

/** A parameter's text in the language, or undefined when none is written yet. */
export function parameterHelp(module: string, parameter: string, language: 'en' | 'de'): string | undefined {
  return (MODULE_PARAMETER_HELP[`${module}.${parameter}`] ?? PARAMETER_HELP[parameter])?.[language];
}

/** The description of an example request. */
export function exampleHelp(module: string, language: 'en' | 'de'): string {
  return language === 'de' ? `Beispiel für ${module}.` : `Example of ${module}.`;
}
