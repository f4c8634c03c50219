/**
 * German texts of the API's errors and warnings, for `errorformat` other than `bc` when the
 * language is German (the content language of a German wiki). Written for this service; the
 * English catalogue is the reference for which messages exist.
 */
export const GERMAN_MESSAGES: Record<string, string> = {
  'api-usage-docref': 'Die Verwendung der API ist unter $1 beschrieben.',
  'api-usage-mailinglist-ref':
    'Hinweise auf veraltete Teile der API und inkompatible Änderungen gibt die Mailingliste „mediawiki-api-announce“ unter &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; bekannt.',
  'paramvalidator-notmulti':
    'Der Parameter „$1“ akzeptiert nur einen einzigen Wert. U+001F-Mehrwerttrennung darf nur für mehrwertige Parameter verwendet werden.',
  'paramvalidator-badvalue-enumnotmulti': 'Der Parameter „$1“ kennt den Wert „$2“ nicht.',
  'paramvalidator-unrecognizedvalues': 'Der Parameter „$1“ kennt {{PLURAL:$4|den Wert|die Werte}} $3 nicht',
  'apiwarn-badutf8':
    'Der Wert des Parameters „$1“ ist kein gültiger oder kein NFC-normalisierter Text. Text muss gültiges, NFC-normalisiertes Unicode sein, ohne C0-Steuerzeichen außer HT (\\t), LF (\\n) und CR (\\r).',
  'apiwarn-unsupportedarray': 'Der Parameter „$1“ ist in PHPs Array-Schreibweise gesendet, die die API nicht annimmt.',
  'apiwarn-tokens-origin': 'Ohne den Schutz der Same-Origin-Policy (JSONP, origin=*) werden keine Tokens ausgegeben.',
  'apiwarn-redirectsandrevids':
    'Weiterleitungen werden mit dem Parameter „revids“ nicht aufgelöst: Weiterleitungen, auf die die „revids“ zeigen, bleiben unaufgelöst.',
  'apierror-unrecognizedparams': '{{PLURAL:$2|Unbekannter Parameter|Unbekannte Parameter}}: $1.',
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
  'paramvalidator-param-deprecated': 'Der Parameter „$1“ ist veraltet.',
  'apiwarn-deprecation-module': '„$1“ ist veraltet.',
  'apiwarn-textextracts-sentences-and-html':
    'Der Parameter <var>$1sentences</var> kann im HTML-Modus unerwartete Ergebnisse liefern.',
  'apiwarn-textextracts-title-in-file-namespace':
    'Für Seiten im Dateinamensraum gibt es keinen Auszug; keiner wurde geliefert.',
  'apiwarn-textextracts-unsupportedmodel':
    '$1 hat das Inhaltsmodell $2, das nicht unterstützt wird. Es wird ein leerer Auszug zurückgegeben.',
  'apiwarn-textextracts-malformed-html':
    'Das HTML kann unvollständig oder unausgeglichen sein und eingebettete Bilder fehlen lassen. Verwendung auf eigenes Risiko. Bekannte Probleme stehen unter https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:TextExtracts#Caveats.',
  'apiwarn-textextracts-limit': '„exlimit“ war für Auszüge ganzer Seiten zu groß und wurde auf $1 gesenkt.',
  'apiwarn-deprecation-deletedrevs':
    '„list=deletedrevs“ ist veraltet. Stattdessen „prop=deletedrevisions“ oder „list=alldeletedrevisions“ verwenden.',
  'apierror-missingparam-one-of': '{{PLURAL:$2|Der Parameter|Einer der Parameter}} $1 muss angegeben werden.',
  'apierror-missingparam-at-least-one-of':
    '{{PLURAL:$2|Der Parameter|Mindestens einer der Parameter}} $1 muss angegeben werden.',
  'apierror-invaliduserid': 'Die Benutzerkennung <var>$1</var> ist nicht gültig.',
  noname: 'Der angegebene Benutzername ist ungültig.',
  'apiwarn-badurlparam': '<var>$1urlparam</var> für $2 ist nicht lesbar; nur Breite und Höhe werden verwendet.',
  'apiwarn-urlparamwidth':
    'Die Breite in <var>$1urlparam</var> ($2) wird zugunsten der aus <var>$1urlwidth</var>/<var>$1urlheight</var> abgeleiteten Breite ($3) ignoriert.',
  'apierror-urlparamnormal': 'Die Bildparameter für $1 lassen sich nicht normalisieren.',
  'apierror-invalidurlparam': 'Ungültiger Wert für <var>$1urlparam</var> (<kbd>$2=$3</kbd>).',
  'apiwarn-nothumb-noimagehandler':
    'Für $1 lässt sich kein Vorschaubild erstellen, da der Datei kein Bildverarbeiter zugeordnet ist.',
  'apierror-paramempty': 'Der Parameter <var>$1</var> darf nicht leer sein.',
  'apiwarn-difftohidden': 'Konnte keinen Unterschied zu r$1 feststellen: Inhalt ist versteckt.',
  'apierror-invalidparammix': 'Die Parameter $1 können nicht zusammen verwendet werden.',
  'apierror-invalidparammix-cannotusewith': 'Der Parameter „$1“ kann nicht zusammen mit „$2“ verwendet werden.',
  'apierror-mustbeloggedin-uploadstash': 'Der Hochladespeicher steht nur angemeldeten Benutzern zur Verfügung.',
  'uploadstash-bad-path-bad-format': 'Der Schlüssel „$1“ ist nicht richtig aufgebaut.',
  'uploadstash-file-not-found': 'Der Schlüssel „$1“ ist nicht im Hochladespeicher.',
  'uploadstash-wrong-owner': 'Diese Datei ($1) gehört nicht dem aktuellen Benutzer.',
  'apierror-invalidsha1hash': 'Der angegebene SHA1-Hash ist ungültig.',
  'apierror-invalidsha1base36hash': 'Der angegebene SHA1Base36-Hash ist ungültig.',
  'apierror-invalidparammix-mustusewith': 'Der Parameter „$1“ kann nur zusammen mit „$2“ verwendet werden.',
  'apierror-multisource': 'Der Parameter $1 kann nicht zusammen mit $2 verwendet werden.',
  'apierror-badgenerator-unknown': 'Einen Generator „$1“ gibt es nicht.',
  'apierror-badgenerator-notgenerator': 'Das Modul „$1“ kann nicht als Generator verwendet werden.',
  'apierror-badcontinue':
    'Ungültiger Fortsetzungsparameter. Bitte den Wert unverändert übergeben, den die vorige Abfrage geliefert hat.',
  'apierror-invalidmethod': 'Ungültige HTTP-Methode. Ziehe in Erwägung, GET oder POST zu verwenden.',
  'apierror-mustbeposted': 'Das Modul „$1“ erfordert eine POST-Anfrage.',
  'apierror-readapidenied': 'Dieses Modul erfordert die Berechtigung zum Lesen.',
  'apierror-assertuserfailed': 'Die Aktion wurde nicht ausgeführt, weil du nicht mehr angemeldet bist.',
  'apierror-assertbotfailed': 'Die Aktion wurde nicht ausgeführt, weil dir das Recht „bot“ fehlt.',
  'apierror-assertanonfailed': 'Die Aktion wurde nicht ausgeführt, weil du nicht mehr abgemeldet bist.',
  'apierror-assertnameduserfailed': 'Die Aktion wurde nicht ausgeführt, weil du nicht mehr als „$1“ angemeldet bist.',
  'apierror-invalidlang': 'Ungültiger Sprachcode für den Parameter $1.',
  'apierror-invalidtitle': 'Ungültiger Titel „$1“.',
  'apierror-bad-badfilecontexttitle': 'Ungültiger Titel im Parameter <var>$1badfilecontexttitle</var>.',
  // list modules
  'apierror-specialpage-cantexecute': 'Du hast keine Berechtigung, die Ergebnisse dieser Spezialseite anzusehen.',
  'apierror-badquery': 'Ungültige Abfrage.',
  'apierror-blocked-partial': 'Du wurdest für das Bearbeiten dieser Seite gesperrt.',
  'apierror-invalidcategory': 'Der angegebene Kategoriename ist ungültig.',
  'apierror-pagecannotexist': 'Der Namensraum erlaubt keine tatsächlichen Seiten.',
  'apierror-badparameter': 'Ungültiger Wert für den Parameter „$1“.',
  'apierror-imageusage-badtitle': 'Der Titel für „$1“ muss eine Datei sein.',
  'apierror-maxlag': 'Warte auf $2: $1 {{PLURAL:$1|Sekunde|Sekunden}} Verzögerung.',
  'apierror-badmodule-badsubmodule': 'Das Modul "$1" hat kein Untermodul namens „$2“.',
  'apierror-badmodule-nosubmodules': 'Das Modul "$1" hat keine Untermodule.',
  'apierror-bad-origin': 'Ungültiger Wert für den Parameter „origin“.',
  'apierror-origin-mismatch': 'Der Parameter „origin“ stimmt nicht mit dem Origin-Header überein.',
  'apiwarn-errorprinterfailed': 'Die Fehlerausgabe ist gescheitert und wird ohne Parameter wiederholt.',
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
  'apiwarn-deprecation-login-token':
    'Einen Token über „action=login“ zu holen ist veraltet. Bitte „action=query&meta=tokens&type=login“ verwenden.',
  'apiwarn-deprecation-login-nobotpw':
    'Die Anmeldung mit dem Hauptkonto über „action=login“ ist veraltet und kann ohne Vorwarnung wegfallen. Für weitere Anmeldungen über „action=login“ siehe [[Special:BotPasswords]]; für eine dauerhaft sichere Anmeldung mit dem Hauptkonto siehe „action=clientlogin“.',
  wrongpassword: 'Benutzername oder Passwort sind falsch. Bitte erneut versuchen.',
  'authmanager-authn-no-primary': 'Mit den angegebenen Anmeldedaten ist keine Anmeldung möglich.',
  'login-throttled': 'Zu viele Anmeldeversuche in kurzer Zeit. Bitte $1 warten und es dann erneut versuchen.',
  'botpasswords-invalid-name': 'Der Benutzername enthält das Trennzeichen für Bot-Passwörter („$1“) nicht.',
  nosuchuser:
    'Einen Benutzer „$1“ gibt es nicht. Groß- und Kleinschreibung zählen bei Benutzernamen. Bitte die Schreibweise prüfen oder ein neues Konto anlegen.',
  'botpasswords-not-exist': 'Der Benutzer „$1“ hat kein Bot-Passwort namens „$2“.',
  'botpasswords-restriction-failed': 'Die Einschränkungen des Bot-Passworts erlauben diese Anmeldung nicht.',
  'apierror-badtoken': 'Ungültiger CSRF-Token.',
  'apierror-clientlogin-loginrequests': 'Nichts zum Anmelden: bitte „username“ und „password“ senden.',
  'authmanager-authn-not-in-progress':
    'Es läuft keine Anmeldung, oder ihre Daten sind verloren gegangen. Bitte von vorn beginnen.',
  'authmanager-provider-password': 'Passwortbasierte Authentifizierung',
  'userlogin-yourname': 'Benutzername',
  'authmanager-username-help': 'Benutzername für die Authentifizierung.',
  'userlogin-yourpassword': 'Passwort',
  'authmanager-password-help': 'Passwort für die Authentifizierung.',
  'userlogin-remembermypassword': 'Angemeldet bleiben',
  'authmanager-userlogin-remembermypassword-help': 'Ob das Passwort länger als die Sitzungslänge behalten werden soll.',
  'titleblacklist-override': 'Die Titel-Negativliste bei Treffern umgehen',
  'titleblacklist-override-help':
    'Benutzer mit ausreichenden Rechten können dies setzen, um die Titel-Negativliste-Prüfungen zu ignorieren.',
  createaccountmail: 'Ein temporäres Zufallspasswort verwenden und an die angegebene E-Mail-Adresse versenden.',
  'createaccountmail-help':
    'Kann verwendet werden, um für eine andere Person ein Benutzerkonto zu erstellen, ohne das Passwort zu erfahren.',
  newpassword: 'Neues Passwort:',
  retypenew: 'Neues Passwort (Wiederholung):',
  'authmanager-retype-help': 'Passwort erneut zur Bestätigung eingeben.',
  yourpasswordagain: 'Passwort wiederholen:',
  'authmanager-email-label': 'E-Mail',
  'authmanager-email-help': 'E-Mail-Adresse',
  'authmanager-realname-label': 'Bürgerlicher Name',
  'authmanager-realname-help': 'Bürgerlicher Name des Benutzers',
  'createacct-reason': 'Begründung (öffentlich protokolliert)',
  'createacct-reason-help': 'Im Neuanmeldungs-Logbuch angezeigte Nachricht',
  'authmanager-provider-temporarypassword': 'Temporäres Passwort',
  'api-login-fail-badsessionprovider': 'Anmelden ist nicht möglich, solange $1 verwendet werden.',
  'apierror-mustpostparams':
    '{{PLURAL:$2|Dieser Parameter stand|Diese Parameter standen}} in der URL, {{PLURAL:$2|gehört|gehören}} aber in den POST-Rumpf: $1.',
  'apierror-baddiffto':
    '<var>$1diffto</var> muss eine nicht negative Zahl, <kbd>prev</kbd>, <kbd>next</kbd> oder <kbd>cur</kbd> sein.',
  'apierror-cantview-deleted-description': 'Du darfst die Beschreibungen gelöschter Dateien nicht sehen.',
  'apierror-cantview-deleted-metadata': 'Du darfst die Metadaten gelöschter Dateien nicht sehen.',
  'apierror-allimages-redirect':
    'Verwende <kbd>gaifilterredir=nonredirects</kbd> statt <var>redirects</var>, wenn <kbd>allimages</kbd> als Generator dient.',
  'apierror-allpages-generator-redirects':
    'Verwende <kbd>gapfilterredir=nonredirects</kbd> statt <var>redirects</var>, wenn <kbd>allpages</kbd> als Generator dient.',
  'apiwarn-invalidcategory': '„$1“ ist keine Kategorie.',
  'apiwarn-invalidtitle': '„$1“ ist kein gültiger Seitentitel.',
  'apiwarn-notfile': '„$1“ ist keine Datei.',
  'apierror-badip': 'Der IP-Parameter ist nicht gültig.',
  'apierror-cidrtoobroad': '$1-CIDR-Bereiche, die größer als /$2 sind, werden nicht akzeptiert.',
  'apierror-invalidiprange': 'Ungültiger CIDR-Bereich „$1“.',
  watchlistanontext: 'Du musst dich anmelden, um deine Beobachtungsliste zu sehen oder zu bearbeiten.',
  'apierror-bad-watchlist-token':
    'Es wurde ein falscher Beobachtungslisten-Token angegeben. Bitte lege einen richtigen Token in [[Special:Preferences]] fest.',
  nosuchusershort: 'Der Benutzer „$1“ ist nicht vorhanden. Bitte die Schreibweise prüfen.',
  'apierror-permissiondenied-viewmywatchlist': 'Du hast keine Berechtigung, deine Beobachtungsliste anzusehen.',
  'apierror-show': 'Falscher Parameter: Werte, die einander ausschließen, dürfen nicht zusammen angegeben werden.',
  'apierror-compare-maintextrequired':
    '<var>$1text-main</var> muss angegeben werden, wenn <var>$1slots</var> <kbd>main</kbd> enthält (der Hauptslot kann nicht entfernt werden).',
  'apierror-compare-no-title':
    'Ohne Titel ist keine Umwandlung vor dem Speichern möglich. <var>fromtitle</var> oder <var>totitle</var> angeben.',
  'apierror-compare-nosuchfromsection': 'Der Inhalt von „from“ hat keinen Abschnitt $1.',
  'apierror-compare-nosuchtosection': 'Der Inhalt von „to“ hat keinen Abschnitt $1.',
  'apierror-compare-nofromrevision':
    'Es fehlt eine Version für „from“: <var>fromrev</var>, <var>fromtitle</var> oder <var>fromid</var> angeben.',
  'apierror-compare-notorevision':
    'Es fehlt eine Version für „to“: <var>torev</var>, <var>totitle</var> oder <var>toid</var> angeben.',
  'apierror-compare-relative-to-deleted': '<kbd>torelative=$1</kbd> geht nicht von einer gelöschten Version aus.',
  'apierror-compare-relative-to-nothing':
    'Es gibt keine Version für „from“, von der <var>torelative</var> ausgehen könnte.',
  'apiwarn-compare-no-next':
    'Version $2 ist die neueste von $1; für <kbd>torelative=next</kbd> gibt es keine Version zum Vergleich.',
  'apiwarn-compare-no-prev':
    'Version $2 ist die älteste von $1; für <kbd>torelative=prev</kbd> gibt es keine Version zum Vergleich.',
  'apiwarn-compare-nocontentmodel': 'Das Inhaltsmodell ließ sich nicht bestimmen; angenommen wird $1.',
  'apierror-missingcontent-revid': 'Der Inhalt der Version $1 fehlt.',
  'apierror-missingcontent-revid-role': 'Der Inhalt der Version $1 fehlt für den Slot $2.',
  'apierror-missingrev-title': 'Die Seite $1 hat keine aktuelle Version.',
  'apierror-missingtitle-byname': 'Die Seite $1 gibt es nicht.',
  'apierror-badformat-generic': 'Das Format $1 wird vom Inhaltsmodell $2 nicht unterstützt.',
  'apierror-baddiff':
    'Der Unterschied lässt sich nicht ermitteln: Eine der Versionen gibt es nicht, oder sie darf nicht angezeigt werden.',
  'apierror-sectionreplacefailed': 'Der geänderte Abschnitt ließ sich nicht einfügen.',
  'apierror-sectionsnotsupported': 'Das Inhaltsmodell $1 kennt keine Abschnitte.',
  'apierror-revwrongpage': 'r$1 ist keine Version von $2.',
  'apiwarn-moduleswithoutvars':
    'Die Eigenschaft <var>modules</var> wurde ohne <var>jsconfigvars</var> oder <var>encodedjsconfigvars</var> angefordert. Ohne die Konfigurationsvariablen lassen sich die Module nicht richtig verwenden.',
  'apiwarn-deprecation-missingparam':
    'Weil „$1“ nicht angegeben wurde, wurde das veraltete Ausgabeformat verwendet. Dieses Format ist veraltet; künftig wird immer das neue Format verwendet.',
  'apierror-revisions-badid': 'Für den Parameter <var>$1</var> wurde keine Version gefunden.',
  'apierror-revisions-norevids':
    'Der Parameter „revids“ kann nicht zusammen mit den Listenoptionen („$1limit“, „$1startid“, „$1endid“, „$1dir=newer“, „$1user“, „$1excludeuser“, „$1start“ und „$1end“) verwendet werden.',
  'apierror-revisions-singlepage':
    'Mit „titles“, „pageids“ oder einem Generator wurden mehrere Seiten angegeben, aber die Parameter „$1limit“, „$1startid“, „$1endid“, „$1dir=newer“, „$1user“, „$1excludeuser“, „$1start“ und „$1end“ gelten nur für eine einzelne Seite.',
  lineno: 'Zeile $1:',
  'diff-paragraph-moved-tonew': 'Der Absatz wurde verschoben. Klicken, um zur neuen Stelle zu springen.',
  'diff-paragraph-moved-toold': 'Der Absatz wurde verschoben. Klicken, um zur alten Stelle zu springen.',
  'apierror-badformat': 'Das Format $1 wird vom Inhaltsmodell $2 von $3 nicht unterstützt.',
  'apierror-sectionsnotsupported-what': '$1 unterstützt keine Abschnitte.',
  'apierror-nosuchsection-what': 'Abschnitt $1 gibt es in $2 nicht.',
  'apierror-invalidsection': 'Der Parameter „section“ muss eine gültige Abschnittsnummer oder „new“ sein.',
  'apierror-permissiondenied-patrolflag':
    'Für das Kontrolliert-Merkmal ist das Recht „patrol“ oder „patrolmarks“ nötig.',
  'apierror-usercontribs-iprange-unsupported':
    'Beiträge nach IP-Bereich (iprange) werden von diesem Wiki noch nicht unterstützt.',
  'apierror-unsupportedparameter': 'Der Parameter „$1“ wird von diesem Wiki nicht unterstützt.',
  'apierror-cantview-deleted-comment': 'Du hast keine Berechtigung, gelöschte Kommentare anzusehen.',
  'apierror-cantview-deleted-revision-content':
    'Du hast keine Berechtigung, den Inhalt gelöschter Versionen anzusehen.',
  'apierror-permissiondenied': 'Du hast keine Berechtigung, $1.',
  'action-deletedhistory': 'die Liste der gelöschten Versionen zu sehen',
  'action-deletedtext': 'gelöschten Versionstext anzusehen',
  'title-invalid-empty': 'Der Seitentitel ist leer oder besteht nur aus einem Namensraum.',
  'title-invalid-utf8': 'Der Seitentitel enthält eine ungültige UTF-8-Folge.',
  'title-invalid-interwiki': 'Der Seitentitel enthält einen Interwiki-Link, der in Titeln nicht stehen darf.',
  'title-invalid-talk-namespace': 'Der Seitentitel nennt eine Diskussionsseite, die es nicht geben kann.',
  'title-invalid-characters': 'Der Seitentitel enthält Zeichen, die in Titeln nicht erlaubt sind: „$1“.',
  'title-invalid-relative':
    'Der Seitentitel ist ein relativer Pfad (./, ../): solche Titel sind ungültig, weil Browser sie oft nicht erreichen.',
  'title-invalid-magic-tilde': 'Der Seitentitel enthält eine Tilden-Folge (~~~), die nicht erlaubt ist.',
  'title-invalid-too-long':
    'Der Seitentitel ist zu lang: in UTF-8 darf er höchstens $1 {{PLURAL:$1|Byte|Bytes}} lang sein.',
  'title-invalid-leading-colon': 'Der Seitentitel beginnt mit einem Doppelpunkt, der dort nicht stehen darf.',
  // Eine in einer Meldung genannte Version (`apierror-nosuchsection-what`).
  revid: 'Version $1',
  // Warum eine Aktion auf einer Seite verweigert wird (`prop=info&intestactions` mit Details).
  'badaccess-group0': 'Für diese Aktion fehlen dir die nötigen Benutzerrechte.',
  'badaccess-groups':
    'Diese Aktion ist auf Benutzer beschränkt, die {{PLURAL:$2|der Gruppe|einer der Gruppen}} „$1“ angehören.',
  'group-user': 'Benutzer',
  'group-named': 'Angemeldete Benutzer',
  'group-autoconfirmed': 'Automatisch bestätigte Benutzer',
  'group-bot': 'Bots',
  'group-sysop': 'Administratoren',
  'group-interface-admin': 'Oberflächenadministratoren',
  'group-bureaucrat': 'Bürokraten',
  'group-suppress': 'Oversighter',
  'grouppage-user': '{{ns:project}}:Benutzer',
  'grouppage-named': '{{ns:project}}:Angemeldete Benutzer',
  'grouppage-autoconfirmed': '{{ns:project}}:Automatisch bestätigte Benutzer',
  'grouppage-bot': '{{ns:project}}:Bots',
  'grouppage-sysop': '{{ns:project}}:Administratoren',
  'grouppage-interface-admin': '{{ns:project}}:Oberflächenadministratoren',
  'grouppage-bureaucrat': '{{ns:project}}:Bürokraten',
  'grouppage-suppress': '{{ns:project}}:Oversight',
  namespaceprotected: 'Seiten im Namensraum <strong>$1</strong> darfst du nicht bearbeiten.',
  protectedpagetext: 'Diese Seite ist geschützt: Bearbeiten und andere Aktionen sind gesperrt.',
  cascadeprotected:
    'Diese Seite ist gegen Bearbeiten geschützt, weil sie in {{PLURAL:$1|die folgende Seite|die folgenden Seiten}} mit Kaskadenschutz eingebunden ist:\n$2',
  nocreatetext:
    'Auf {{SITENAME}} ist das Anlegen neuer Seiten eingeschränkt. Du kannst bestehende Seiten bearbeiten oder dich [[Special:UserLogin|anmelden oder ein Benutzerkonto anlegen]].',
  'nocreate-loggedin': 'Du darfst keine neuen Seiten anlegen.',
  titleprotected: '[[User:$1|$1]] hat das Anlegen einer Seite dieses Namens gesperrt.\nBegründung: <em>$2</em>.',
  protectedinterface:
    'Diese Seite enthält einen Text der Benutzeroberfläche dieses Wikis und ist gegen Missbrauch geschützt.\nÜbersetzungen für alle Wikis entstehen bei [https://translatewiki.net/ translatewiki.net], dem Übersetzungsprojekt von MediaWiki.',
  deleteprotected: 'Diese Seite ist geschützt; du kannst sie nicht löschen.',
  'protect-cantedit':
    'Du kannst die Schutzeinstellungen dieser Seite nicht ändern, da du keine Berechtigung zum Bearbeiten der Seite hast.',
  'undelete-cantedit': 'Wiederherstellen heißt bearbeiten, und diese Seite darfst du nicht bearbeiten.',
  'undelete-cantcreate':
    'Wiederherstellen heißt hier anlegen: Die Seite gibt es nicht, und anlegen darfst du sie nicht.',
  movenologintext:
    'Um Seiten zu verschieben, musst du ein Benutzerkonto haben und [[Special:UserLogin|angemeldet]] sein.',
  sitecssprotected: 'Diese CSS-Seite wirkt auf alle Besucher; du darfst sie nicht bearbeiten.',
  sitejsprotected: 'Diese JavaScript-Seite wirkt auf alle Besucher; du darfst sie nicht bearbeiten.',
  siterawhtmlprotected: 'Diese Seite enthält HTML, das auf alle Besucher wirkt; du darfst sie nicht bearbeiten.',
  sitejsonprotected: 'Diese JSON-Seite wirkt auf alle Besucher; du darfst sie nicht bearbeiten.',
  customcssprotected:
    'Diese CSS-Seite enthält die persönlichen Einstellungen eines anderen Benutzers; du darfst sie nicht bearbeiten.',
  customjsprotected:
    'Diese JavaScript-Seite enthält die persönlichen Einstellungen eines anderen Benutzers; du darfst sie nicht bearbeiten.',
  customjsonprotected:
    'Diese JSON-Seite enthält die persönlichen Einstellungen eines anderen Benutzers; du darfst sie nicht bearbeiten.',
  mycustomcssprotected: 'Du darfst diese CSS-Seite nicht bearbeiten.',
  mycustomjsprotected: 'Du darfst diese JavaScript-Seite nicht bearbeiten.',
  mycustomjsonprotected: 'Du darfst diese JSON-Seite nicht bearbeiten.',
};
