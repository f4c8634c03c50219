/**
 * The address and key formats of the coins a chain ledger serves, per network. Litecoin Core and
 * Bitcoin Core speak the same JSON-RPC; they differ only in these bytes and prefixes.
 */
export type ChainCoin = 'litecoin' | 'bitcoin';
export type ChainNetwork = 'main' | 'test' | 'regtest';

export interface NetworkFormat {
  coin: ChainCoin;
  network: ChainNetwork;
  /** Human-readable part of SegWit (bech32) addresses. */
  bech32: string;
  /** Version bytes of base58 pay-to-public-key-hash and pay-to-script-hash addresses. */
  base58Versions: number[];
  /** Extended public key versions accepted for the receiving chain (all give native SegWit addresses here). */
  extendedPublic: Record<string, number>;
  /** Extended private key versions: refused with a message of their own. */
  extendedPrivate: number[];
  /** BIP21 URI scheme. */
  uriScheme: string;
}

const XPUB = 0x0488b21e;
const ZPUB = 0x04b24746;
const TPUB = 0x043587cf;
const VPUB = 0x045f1cf6;
const PRIVATE_MAIN = [0x0488ade4, 0x04b2430c, 0x019d9cfe];
const PRIVATE_TEST = [0x04358394, 0x045f18bc, 0x0436ef7d];

const LITECOIN_MAIN_KEYS = { xpub: XPUB, Ltub: 0x019da462, zpub: ZPUB };
const LITECOIN_TEST_KEYS = { tpub: TPUB, ttub: 0x0436f6e1, vpub: VPUB };

/** Regtest differs from the test network only in the bech32 prefix. */
const LITECOIN_TEST: NetworkFormat = {
  coin: 'litecoin',
  network: 'test',
  bech32: 'tltc',
  base58Versions: [0x6f, 0x3a, 0xc4],
  extendedPublic: LITECOIN_TEST_KEYS,
  extendedPrivate: PRIVATE_TEST,
  uriScheme: 'litecoin',
};

const BITCOIN_TEST: NetworkFormat = {
  coin: 'bitcoin',
  network: 'test',
  bech32: 'tb',
  base58Versions: [0x6f, 0xc4],
  extendedPublic: { tpub: TPUB, vpub: VPUB },
  extendedPrivate: PRIVATE_TEST,
  uriScheme: 'bitcoin',
};

export const NETWORK_FORMATS: Record<ChainCoin, Record<ChainNetwork, NetworkFormat>> = {
  litecoin: {
    main: {
      coin: 'litecoin',
      network: 'main',
      bech32: 'ltc',
      base58Versions: [0x30, 0x32, 0x05],
      extendedPublic: LITECOIN_MAIN_KEYS,
      extendedPrivate: PRIVATE_MAIN,
      uriScheme: 'litecoin',
    },
    test: LITECOIN_TEST,
    regtest: { ...LITECOIN_TEST, network: 'regtest', bech32: 'rltc' },
  },
  bitcoin: {
    main: {
      coin: 'bitcoin',
      network: 'main',
      bech32: 'bc',
      base58Versions: [0x00, 0x05],
      extendedPublic: { xpub: XPUB, zpub: ZPUB },
      extendedPrivate: PRIVATE_MAIN,
      uriScheme: 'bitcoin',
    },
    test: BITCOIN_TEST,
    regtest: { ...BITCOIN_TEST, network: 'regtest', bech32: 'bcrt' },
  },
};

/** Every format of every coin and network, to name the network a key or address belongs to. */
export const ALL_FORMATS: NetworkFormat[] = Object.values(NETWORK_FORMATS).flatMap((byNetwork) =>
  Object.values(byNetwork),
);

export function describeFormat(format: NetworkFormat): string {
  return `${format.coin} ${format.network === 'main' ? 'mainnet' : format.network}`;
}
