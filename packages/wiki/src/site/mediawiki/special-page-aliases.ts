/**
 * Special pages of MediaWiki 1.39 with the reference wiki's extensions, and their names in German
 * (first) and English: `[canonical name, aliases]`, as `siteinfo` reports them.
 */
export const SPECIAL_PAGE_ALIASES_DE: readonly (readonly [string, readonly string[]])[] = [
  ['BrokenRedirects', ['Defekte_Weiterleitungen', 'Kaputte_Weiterleitungen', 'BrokenRedirects']],
  ['Deadendpages', ['Sackgassenseiten', 'DeadendPages']],
  ['DoubleRedirects', ['Doppelte_Weiterleitungen', 'DoubleRedirects']],
  ['Longpages', ['Längste_Seiten', 'LongPages']],
  ['Ancientpages', ['Älteste_Seiten', 'AncientPages']],
  ['Lonelypages', ['Verwaiste_Seiten', 'LonelyPages', 'OrphanedPages']],
  ['Fewestrevisions', ['Wenigstbearbeitete_Seiten', 'FewestRevisions']],
  ['Withoutinterwiki', ['Fehlende_Interwikis', 'WithoutInterwiki']],
  ['Protectedpages', ['Geschützte_Seiten', 'ProtectedPages']],
  ['Protectedtitles', ['Geschützte_Titel', 'Gesperrte_Titel', 'ProtectedTitles']],
  ['Shortpages', ['Kürzeste_Seiten', 'ShortPages']],
  ['Uncategorizedcategories', ['Nicht_kategorisierte_Kategorien', 'UncategorizedCategories']],
  ['Uncategorizedimages', ['Nicht_kategorisierte_Dateien', 'UncategorizedFiles', 'UncategorizedImages']],
  ['Uncategorizedpages', ['Nicht_kategorisierte_Seiten', 'UncategorizedPages']],
  ['Uncategorizedtemplates', ['Nicht_kategorisierte_Vorlagen', 'UncategorizedTemplates']],
  ['Unusedcategories', ['Unbenutzte_Kategorien', 'UnusedCategories']],
  ['Unusedimages', ['Unbenutzte_Dateien', 'UnusedFiles', 'UnusedImages']],
  ['Unusedtemplates', ['Unbenutzte_Vorlagen', 'UnusedTemplates']],
  ['Unwatchedpages', ['Ignorierte_Seiten', 'Unbeobachtete_Seiten', 'UnwatchedPages']],
  ['Wantedcategories', ['Gewünschte_Kategorien', 'WantedCategories']],
  ['Wantedfiles', ['Gewünschte_Dateien', 'Fehlende_Dateien', 'WantedFiles']],
  ['Wantedpages', ['Gewünschte_Seiten', 'WantedPages', 'BrokenLinks']],
  ['Wantedtemplates', ['Gewünschte_Vorlagen', 'Fehlende_Vorlagen', 'WantedTemplates']],
  ['Allpages', ['Alle_Seiten', 'AllPages']],
  ['Prefixindex', ['Präfixindex', 'PrefixIndex']],
  ['Categories', ['Kategorien', 'Categories']],
  ['Listredirects', ['Weiterleitungen', 'ListRedirects']],
  ['PagesWithProp', ['Seiten_mit_Eigenschaften', 'PagesWithProp', 'Pageswithprop', 'PagesByProp', 'Pagesbyprop']],
  ['TrackingCategories', ['Tracking-Kategorien', 'TrackingCategories']],
  ['Userlogin', ['Anmelden', 'UserLogin', 'Login']],
  ['Userlogout', ['Abmelden', 'UserLogout', 'Logout']],
  ['CreateAccount', ['Benutzerkonto_anlegen', 'CreateAccount']],
  ['LinkAccounts', ['LinkAccounts']],
  ['UnlinkAccounts', ['UnlinkAccounts']],
  ['ChangeCredentials', ['ChangeCredentials']],
  ['RemoveCredentials', ['RemoveCredentials']],
  ['Activeusers', ['Aktive_Benutzer', 'ActiveUsers']],
  ['Block', ['Sperren', 'Block', 'BlockIP', 'BlockUser']],
  ['Unblock', ['Freigeben', 'Unblock']],
  [
    'BlockList',
    [
      'Liste_der_Sperren',
      'Gesperrte_IP-Adressen',
      'Gesperrte_IPs',
      'Sperrliste',
      'BlockList',
      'ListBlocks',
      'IPBlockList',
    ],
  ],
  ['AutoblockList', ['AutoblockList', 'ListAutoblocks']],
  ['ChangePassword', ['Passwort_ändern', 'Passwort_zurücksetzen', 'ChangePassword', 'ResetPass', 'ResetPassword']],
  ['BotPasswords', ['BotPasswords']],
  ['PasswordReset', ['Passwort_neu_vergeben', 'PasswordReset']],
  ['DeletedContributions', ['Gelöschte_Beiträge', 'DeletedContributions']],
  ['Preferences', ['Einstellungen', 'Preferences']],
  ['ResetTokens', ['Tokens_zurücksetzen', 'ResetTokens']],
  ['Contributions', ['Beiträge', 'Contributions', 'Contribs']],
  ['Listgrouprights', ['Gruppenrechte', 'ListGroupRights', 'UserGroupRights']],
  ['Listgrants', ['ListGrants']],
  ['Listusers', ['Benutzer', 'Benutzerliste', 'ListUsers', 'UserList', 'Users']],
  ['Listadmins', ['Administratoren', 'ListAdmins']],
  ['Listbots', ['Bots', 'ListBots']],
  ['Userrights', ['Benutzerrechte', 'UserRights', 'MakeSysop', 'MakeBot']],
  ['EditWatchlist', ['Beobachtungsliste_bearbeiten', 'EditWatchlist']],
  ['PasswordPolicies', ['PasswordPolicies']],
  ['Newimages', ['Neue_Dateien', 'NewFiles', 'NewImages']],
  ['Log', ['Logbuch', 'Log', 'Logs']],
  ['Watchlist', ['Beobachtungsliste', 'Watchlist']],
  ['Newpages', ['Neue_Seiten', 'NewPages']],
  ['Recentchanges', ['Letzte_Änderungen', 'RecentChanges']],
  ['Recentchangeslinked', ['Änderungen_an_verlinkten_Seiten', 'RecentChangesLinked', 'RelatedChanges']],
  ['Tags', ['Markierungen', 'Tags']],
  ['Listfiles', ['Dateien', 'Dateiliste', 'ListFiles', 'FileList', 'ImageList']],
  ['Filepath', ['Dateipfad', 'FilePath']],
  ['MediaStatistics', ['Medienstatistiken', 'MediaStatistics']],
  ['MIMEsearch', ['MIME-Typ-Suche', 'MIMESearch']],
  ['FileDuplicateSearch', ['Dateiduplikatsuche', 'Datei-Duplikat-Suche', 'FileDuplicateSearch']],
  ['Upload', ['Hochladen', 'Upload']],
  ['UploadStash', ['Hochladespeicher', 'UploadStash']],
  ['ListDuplicatedFiles', ['Dateiduplikate', 'ListDuplicatedFiles', 'ListFileDuplicates']],
  ['ApiSandbox', ['ApiSandbox']],
  ['Statistics', ['Statistik', 'Statistics', 'Stats']],
  ['Allmessages', ['MediaWiki-Systemnachrichten', 'Systemnachrichten', 'AllMessages']],
  ['Version', ['Version']],
  ['Lockdb', ['Datenbank_sperren', 'LockDB']],
  ['Unlockdb', ['Datenbank_entsperren', 'UnlockDB']],
  ['LinkSearch', ['Weblinksuche', 'Weblink-Suche', 'LinkSearch']],
  ['Randompage', ['Zufällige_Seite', 'Random', 'RandomPage']],
  ['RandomInCategory', ['Zufällig_in_Kategorie', 'RandomInCategory']],
  ['Randomredirect', ['Zufällige_Weiterleitung', 'RandomRedirect']],
  ['Randomrootpage', ['Zufällige_Stammseite', 'RandomRootpage']],
  ['GoToInterwiki', ['GoToInterwiki']],
  ['Mostlinkedcategories', ['Meistbenutzte_Kategorien', 'MostLinkedCategories', 'MostUsedCategories']],
  ['Mostimages', ['Meistbenutzte_Dateien', 'MostLinkedFiles', 'MostFiles', 'MostImages']],
  ['Mostinterwikis', ['Meiste_Interwikilinks', 'MostInterwikis']],
  ['Mostlinked', ['Meistverlinkte_Seiten', 'MostLinkedPages', 'MostLinked']],
  [
    'Mostlinkedtemplates',
    ['Meistbenutzte_Vorlagen', 'MostTranscludedPages', 'MostLinkedTemplates', 'MostUsedTemplates'],
  ],
  ['Mostcategories', ['Meistkategorisierte_Seiten', 'MostCategories']],
  ['Mostrevisions', ['Meistbearbeitete_Seiten', 'MostRevisions']],
  ['ComparePages', ['Seiten_vergleichen', 'ComparePages']],
  ['Export', ['Exportieren', 'Export']],
  ['Import', ['Importieren', 'Import']],
  ['Undelete', ['Wiederherstellen', 'Undelete']],
  ['Whatlinkshere', ['Linkliste', 'Verweisliste', 'WhatLinksHere']],
  ['MergeHistory', ['Versionsgeschichten_vereinen', 'MergeHistory']],
  ['ExpandTemplates', ['Vorlagen_expandieren', 'ExpandTemplates']],
  ['ChangeContentModel', ['ChangeContentModel']],
  ['Booksources', ['ISBN-Suche', 'BookSources']],
  ['ApiHelp', ['API-Hilfe', 'ApiHelp']],
  ['Blankpage', ['Leerseite', 'Leere_Seite', 'BlankPage']],
  ['DeletePage', ['DeletePage', 'Delete']],
  ['Diff', ['Diff', 'Differenz', 'Unterschied', 'Diff']],
  ['EditPage', ['EditPage', 'Edit']],
  ['EditTags', ['EditTags']],
  ['Emailuser', ['E-Mail_senden', 'Mailen', 'E-Mail', 'EmailUser', 'Email']],
  ['Movepage', ['Verschieben', 'MovePage']],
  ['Mycontributions', ['Meine_Beiträge', 'MyContributions', 'MyContribs']],
  ['MyLanguage', ['Meine_Sprache', 'MyLanguage']],
  ['Mypage', ['Meine_Benutzerseite', 'MyPage']],
  ['Mytalk', ['Meine_Diskussionsseite', 'MyTalk']],
  ['PageHistory', ['PageHistory', 'History']],
  ['PageInfo', ['PageInfo', 'Info']],
  ['ProtectPage', ['ProtectPage', 'Protect']],
  ['Purge', ['Purge']],
  ['Myuploads', ['Meine_hochgeladenen_Dateien', 'MyUploads', 'MyFiles']],
  ['AllMyUploads', ['Alle_meine_Dateien', 'AllMyUploads', 'AllMyFiles']],
  ['NewSection', ['Neuer_Abschnitt', 'NewSection', 'Newsection']],
  ['PermanentLink', ['Permanenter_Link', 'Permalink', 'PermanentLink', 'PermaLink']],
  ['Redirect', ['Weiterleitung', 'Redirect']],
  ['Revisiondelete', ['Versionslöschung', 'RevisionDelete']],
  ['RunJobs', ['Aufträge_ausführen', 'RunJobs']],
  ['Specialpages', ['Spezialseiten', 'SpecialPages']],
  ['PageData', ['PageData']],
  ['Search', ['Suche', 'Search']],
  ['Confirmemail', ['E-Mail_bestätigen', 'E-Mail_bestaetigen', 'ConfirmEmail']],
  ['Invalidateemail', ['E-Mail_nicht_bestätigen', 'E-Mail_nicht_bestaetigen', 'InvalidateEmail']],
  ['ChangeEmail', ['E-Mail-Adresse_ändern', 'ChangeEmail']],
  ['Gadgets', ['Helferlein', 'Gadgets']],
  ['GadgetUsage', ['GadgetUsage']],
  ['Interwiki', ['Interwikitabelle', 'Interwiki-Tabelle', 'Interwiki']],
  ['Renameuser', ['Benutzer_umbenennen', 'RenameUser']],
  ['ReplaceText', ['Text_ersetzen', 'ReplaceText']],
];

/**
 * The name of the special page MediaWiki calls `canonical` (`Allpages`) on a wiki of this content
 * language: its first alias on a German wiki; undefined on another, whose caller names the page in
 * English.
 */
export function localSpecialPageName(canonical: string, language: string): string | undefined {
  if (language !== 'de') return undefined;
  return SPECIAL_PAGE_ALIASES_DE.find(([name]) => name === canonical)?.[1][0];
}

/** Each name and alias, lower-cased, with the page's local name (its first alias). */
let localNames: Map<string, string> | undefined;

function localNameOf(name: string): string | undefined {
  if (!localNames) {
    localNames = new Map();
    for (const [canonical, aliases] of SPECIAL_PAGE_ALIASES_DE) {
      const local = aliases[0] ?? canonical;
      for (const alias of [canonical, ...aliases]) {
        if (!localNames.has(alias.toLowerCase())) localNames.set(alias.toLowerCase(), local);
      }
    }
  }
  return localNames.get(name.toLowerCase());
}

/**
 * Whether a `Special:` title's database key names a special page (by its canonical name or an
 * alias, case-insensitively, a subpage after `/` aside).
 */
export function specialPageExists(dbKey: string): boolean {
  return localNameOf(dbKey.split('/')[0]) !== undefined;
}

/**
 * A `Special:` title's database key with the page named by its local name (`RecentChanges` and
 * `Recentchanges` are `Letzte_Änderungen`), the subpage kept; the key itself for no special page.
 */
export function localSpecialPageKey(dbKey: string): string {
  const slash = dbKey.indexOf('/');
  const name = slash < 0 ? dbKey : dbKey.slice(0, slash);
  const local = localNameOf(name);
  return local === undefined ? dbKey : `${local}${slash < 0 ? '' : dbKey.slice(slash)}`;
}
