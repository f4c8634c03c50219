/**
 * German texts of the API's errors and warnings, for `errorformat` other than `bc` when the
 * language is German (the content language of a German wiki). Written for this service; the
 * English catalogue is the reference for which messages exist.
 */
export const GERMAN_MESSAGES: Record<string, string> = {
  'api-usage-docref': 'Die Verwendung der API ist unter $1 beschrieben.',
  'api-usage-mailinglist-ref':
    'Hinweise auf veraltete Teile der API und inkompatible Änderungen gibt die Mailingliste „mediawiki-api-announce“ unter &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; bekannt.',
  'apiwarn-deprecation-mailinglist':
    'Hinweise auf veraltete Teile der API und inkompatible Änderungen gibt die Mailingliste „mediawiki-api-announce“ unter <https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/> bekannt.',
  'paramvalidator-badvalue-enumnotmulti': 'Der Parameter „$1“ kennt den Wert „$2“ nicht.',
  'apiwarn-unrecognizedvalues': 'Der Parameter „$1“ kennt {{PLURAL:$3|den Wert|die Werte}} $2 nicht',
  'apiwarn-unrecognizedparams': '{{PLURAL:$2|Unbekannter Parameter|Unbekannte Parameter}}: $1.',
  'paramvalidator-badinteger': 'Der Parameter „$1“ erwartet eine ganze Zahl, nicht „$2“.',
  'paramvalidator-badtimestamp': 'Der Parameter „$1“ erwartet einen Zeitstempel, nicht „$2“.',
  'paramvalidator-baduser': 'Der Parameter „$1“ erwartet einen Benutzer, nicht „$2“.',
  'paramvalidator-badtitle': 'Der Parameter „$1“ erwartet einen Seitentitel, nicht „$2“.',
  'paramvalidator-outofrange-minmax': 'Der Wert „$2“ des Parameters „$1“ muss zwischen $3 und $4 liegen.',
  'paramvalidator-outofrange-min': 'Der Wert „$2“ des Parameters „$1“ darf nicht kleiner als $3 sein.',
  'paramvalidator-outofrange-max': 'Der Wert „$2“ des Parameters „$1“ darf nicht größer als $4 sein.',
  'paramvalidator-toomanyvalues': 'Der Parameter „$1“ nimmt höchstens $2 Werte an.',
  'paramvalidator-missingparam': 'Der Parameter „$1“ muss angegeben werden.',
  'paramvalidator-unclearnowtimestamp':
    'Der Wert „$2“ für den Zeitstempel-Parameter „$1“ ist veraltet. Für die aktuelle Zeit bitte „now“ angeben.',
  'paramvalidator-deprecated-value': 'Der Wert „$2“ des Parameters „$1“ ist veraltet.',
  'apiwarn-deprecation-parameter': 'Der Parameter „$1“ ist veraltet.',
  'apiwarn-deprecation-module': '„$1“ ist veraltet.',
  'apiwarn-deprecation-deletedrevs':
    '„list=deletedrevs“ ist veraltet. Stattdessen „prop=deletedrevisions“ oder „list=alldeletedrevisions“ verwenden.',
  'apierror-missingparam-one-of': '{{PLURAL:$2|Der Parameter|Einer der Parameter}} $1 muss angegeben werden.',
  'apierror-missingparam-at-least-one-of':
    '{{PLURAL:$2|Der Parameter|Mindestens einer der Parameter}} $1 muss angegeben werden.',
  'apierror-invalidparammix': 'Die Parameter $1 können nicht zusammen verwendet werden.',
  'apierror-invalidparammix-cannotusewith': 'Der Parameter $1 kann nicht zusammen mit $2 verwendet werden.',
  'apierror-mustbeloggedin-uploadstash': 'Der Hochladespeicher steht nur angemeldeten Benutzern zur Verfügung.',
  'apierror-invalidsha1hash': 'Der angegebene SHA1-Hash ist ungültig.',
  'apierror-invalidsha1base36hash': 'Der angegebene SHA1Base36-Hash ist ungültig.',
  'apierror-invalidparammix-mustusewith': 'Der Parameter $1 kann nur zusammen mit $2 verwendet werden.',
  'apierror-multisource': 'Der Parameter $1 kann nicht zusammen mit $2 verwendet werden.',
  'apierror-badgenerator-notgenerator': 'Das Modul „$1“ kann nicht als Generator verwendet werden.',
  'apierror-badcontinue':
    'Ungültiger Fortsetzungsparameter. Bitte den Wert unverändert übergeben, den die vorige Abfrage geliefert hat.',
  'apierror-mustbeposted': 'Das Modul „$1“ erfordert eine POST-Anfrage.',
  'apierror-readapidenied': 'Dieses Modul erfordert die Berechtigung zum Lesen.',
  'apierror-assertuserfailed': 'Die Aktion wurde nicht ausgeführt, weil du nicht mehr angemeldet bist.',
  'apierror-assertbotfailed': 'Die Aktion wurde nicht ausgeführt, weil dir das Recht „bot“ fehlt.',
  'apierror-assertanonfailed': 'Die Aktion wurde nicht ausgeführt, weil du nicht mehr abgemeldet bist.',
  'apierror-assertnameduserfailed': 'Die Aktion wurde nicht ausgeführt, weil du nicht mehr als „$1“ angemeldet bist.',
  'apierror-invalidtitle': 'Ungültiger Titel „$1“.',
  // list modules
  'apierror-invalidcategory': 'Der angegebene Kategoriename ist ungültig.',
  'apierror-badparameter': 'Ungültiger Wert für den Parameter „$1“.',
  'apierror-imageusage-badtitle': 'Der Titel für „$1“ muss eine Datei sein.',
  'apierror-maxlag': 'Warte auf $2: $1 {{PLURAL:$1|Sekunde|Sekunden}} Verzögerung.',
  'apierror-paraminfo-badmodule': 'Das Modul „$1“ hat kein Untermodul „$2“.',
  'apiwarn-paraminfo-badmodule': 'Das Modul „$1“ hat kein Untermodul „$2“.',
  'apierror-bad-origin': 'Ungültiger Wert für den Parameter „origin“.',
  'apierror-origin-mismatch': 'Der Parameter „origin“ stimmt nicht mit dem Origin-Header überein.',
  'apierror-format-errorprinter': 'Die Fehlerausgabe ist gescheitert und wird ohne Parameter wiederholt.',
  'apiwarn-truncatedresult': 'Das Ergebnis wurde gekürzt, weil es sonst größer als $1 Bytes wäre.',
  'apierror-unknownerror': 'Unbekannter Fehler: „$1“.',
  'apierror-internal': 'Ein interner Fehler ist aufgetreten.',
  'apierror-nosuchpageid': 'Es gibt keine Seite mit der Kennung $1.',
  'apierror-nosuchrevid': 'Es gibt keine Version mit der Kennung $1.',
  'apierror-unsupportedaction': 'Dieser Server unterstützt „action=$1“ noch nicht.',
  'apierror-pagesetinvalidtitle-invalidchars': 'Der Seitentitel enthält ungültige Zeichen: „$1“.',
  'apierror-pagesetinvalidtitle-empty': 'Der Seitentitel ist leer oder besteht nur aus einem Namensraum.',
  'apierror-pagesetinvalidtitle-toolong': 'Der Seitentitel ist zu lang.',
  'apierror-pagesetinvalidtitle-relative': 'Der Seitentitel enthält relative Pfadangaben.',
  'apierror-pagesetinvalidtitle-talk':
    'Der Seitentitel enthält einen Namensraum, der keine Diskussionsseite haben kann.',
  'apierror-pagesetinvalidtitle-other': 'Der Seitentitel ist ungültig.',
};
