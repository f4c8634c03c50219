/**
 * The credits of the skins and extensions that MediaWiki 1.39's package ships, as their manifests
 * state them and `siprop=extensions` lists them: the kind they are listed under, their name (as
 * shown, which may differ from the name they are installed by), the messages naming and
 * describing them, their authors, home page, version when the manifest gives one and license;
 * `credits` when the extension has a credits file of its own (linked like its license).
 */
export interface ExtensionCredits {
  type: string;
  name: string;
  namemsg?: string;
  descriptionmsg: string;
  author: string;
  url: string;
  version?: string;
  licenseName: string;
  credits?: boolean;
}

/** By the name a skin or extension is installed by (`ReplaceText`). */
export const EXTENSION_CREDITS: Readonly<Record<string, ExtensionCredits>> = {
  Vector: {
    type: 'skin',
    name: 'Vector',
    namemsg: 'vector-specialversion-name',
    descriptionmsg: 'vector-skin-desc',
    author:
      '[https://www.mediawiki.org/wiki/Readers/Web/Team Readers Web Team], Trevor Parscal, Roan Kattouw, Alex Hollender, Bernard Wang, Clare Ming, Jan Drewniak, Jon Robson, Nick Ray, Sam Smith, Stephen Niedzielski, Volker E.',
    url: 'https://www.mediawiki.org/wiki/Skin:Vector',
    version: '1.0.0',
    licenseName: 'GPL-2.0-or-later',
  },
  MonoBook: {
    type: 'skin',
    name: 'MonoBook',
    namemsg: 'skinname-monobook',
    descriptionmsg: 'monobook-desc',
    author: 'Gabriel Wicke, Isarra Yos, ...',
    url: 'https://www.mediawiki.org/wiki/Skin:MonoBook',
    licenseName: 'GPL-2.0-or-later',
  },
  Timeless: {
    type: 'skin',
    name: 'Timeless',
    namemsg: 'skinname-timeless',
    descriptionmsg: 'timeless-desc',
    author: 'Isarra Yos',
    url: 'https://www.mediawiki.org/wiki/Skin:Timeless',
    version: '0.9.1',
    licenseName: 'GPL-2.0-or-later',
  },
  Cite: {
    type: 'parserhook',
    name: 'Cite',
    descriptionmsg: 'cite-desc',
    author:
      'Ævar Arnfjörð Bjarmason, Andrew Garrett, Brion Vibber, Ed Sanders, Marius Hoch, Steve Sanbeg, Trevor Parscal, ...',
    url: 'https://www.mediawiki.org/wiki/Extension:Cite',
    licenseName: 'GPL-2.0-or-later',
    credits: true,
  },
  ParserFunctions: {
    type: 'parserhook',
    name: 'ParserFunctions',
    descriptionmsg: 'pfunc_desc',
    author: 'Tim Starling, Robert Rohde, Ross McClure, Juraj Simlovic',
    url: 'https://www.mediawiki.org/wiki/Extension:ParserFunctions',
    version: '1.6.1',
    licenseName: 'GPL-2.0-or-later',
  },
  Gadgets: {
    type: 'other',
    name: 'Gadgets',
    descriptionmsg: 'gadgets-desc',
    author: 'Daniel Kinzler, Max Semenik',
    url: 'https://www.mediawiki.org/wiki/Extension:Gadgets',
    licenseName: 'GPL-2.0-or-later',
  },
  TextExtracts: {
    type: 'other',
    name: 'TextExtracts',
    descriptionmsg: 'textextracts-desc',
    author: 'Max Semenik',
    url: 'https://www.mediawiki.org/wiki/Extension:TextExtracts',
    licenseName: 'GPL-2.0-or-later',
  },
  Interwiki: {
    type: 'specialpage',
    name: 'Interwiki',
    descriptionmsg: 'interwiki-desc',
    author:
      'Stephanie Amanda Stevens, Alexandre Emsenhuber, Robin Pepermans, Siebrand Mazeland, Platonides, Raimond Spekking, Sam Reed, Jack Phoenix, Calimonius the Estrange, ...',
    url: 'https://www.mediawiki.org/wiki/Extension:Interwiki',
    version: '3.2',
    licenseName: 'GPL-2.0-or-later',
  },
  Renameuser: {
    type: 'specialpage',
    name: 'Renameuser',
    descriptionmsg: 'renameuser-desc',
    author: 'Ævar Arnfjörð Bjarmason, Aaron Schulz',
    url: 'https://www.mediawiki.org/wiki/Extension:Renameuser',
    licenseName: 'GPL-2.0-or-later',
  },
  ReplaceText: {
    type: 'specialpage',
    name: 'Replace Text',
    descriptionmsg: 'replacetext-desc',
    author: 'Yaron Koren, Niklas Laxström, ...',
    url: 'https://www.mediawiki.org/wiki/Extension:Replace_Text',
    version: '1.7',
    licenseName: 'GPL-2.0-or-later',
  },
  PageImages: {
    type: 'api',
    name: 'PageImages',
    descriptionmsg: 'pageimages-desc',
    author: 'Max Semenik',
    url: 'https://www.mediawiki.org/wiki/Extension:PageImages',
    licenseName: 'WTFPL',
  },
  TitleBlacklist: {
    type: 'antispam',
    name: 'TitleBlacklist',
    descriptionmsg: 'titleblacklist-desc',
    author: 'Victor Vasiliev, Fran Rogers',
    url: 'https://www.mediawiki.org/wiki/Extension:TitleBlacklist',
    version: '1.5.0',
    licenseName: 'GPL-2.0-or-later',
  },
};
