/**
 * Values for query modules' required parameters (unprefixed), from the reference wiki, for tests
 * that send every module.
 */
export const REQUIRED_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  backlinks: { title: 'Berlin' },
  categorymembers: { title: 'Kategorie:Seiten mit defekten Dateilinks' },
  codexicons: { names: 'cdxIconAdd' },
  embeddedin: { title: 'Vorlage:Nadabeigts rakstīņs' },
  imageusage: { title: 'Datei:Beispiel.png' },
  usercontribs: { user: 'Alice' },
  pageswithprop: { propname: 'page_image_free' },
  prefixsearch: { search: 'Ber' },
  querypage: { page: 'Ancientpages' },
  search: { search: 'Stadt' },
};
