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

/** What differs between the networks of one coin; the rest follows from the coin and the network. */
interface NetworkBytes {
  bech32: string;
  base58Versions: number[];
  extendedPublic: Record<string, number>;
}

/** A coin's formats: regtest differs from the test network only in the bech32 prefix. */
function coinFormats(
  coin: ChainCoin,
  main: NetworkBytes,
  test: NetworkBytes,
  regtestBech32: string,
): Record<ChainNetwork, NetworkFormat> {
  const format = (network: ChainNetwork, bytes: NetworkBytes): NetworkFormat => ({
    coin,
    network,
    ...bytes,
    extendedPrivate: network === 'main' ? PRIVATE_MAIN : PRIVATE_TEST,
    uriScheme: coin,
  });
  return {
    main: format('main', main),
    test: format('test', test),
    regtest: format('regtest', { ...test, bech32: regtestBech32 }),
  };
}

export const NETWORK_FORMATS: Record<ChainCoin, Record<ChainNetwork, NetworkFormat>> = {
  litecoin: coinFormats(
    'litecoin',
    { bech32: 'ltc', base58Versions: [0x30, 0x32, 0x05], extendedPublic: { xpub: XPUB, Ltub: 0x019da462, zpub: ZPUB } },
    {
      bech32: 'tltc',
      base58Versions: [0x6f, 0x3a, 0xc4],
      extendedPublic: { tpub: TPUB, ttub: 0x0436f6e1, vpub: VPUB },
    },
    'rltc',
  ),
  bitcoin: coinFormats(
    'bitcoin',
    { bech32: 'bc', base58Versions: [0x00, 0x05], extendedPublic: { xpub: XPUB, zpub: ZPUB } },
    { bech32: 'tb', base58Versions: [0x6f, 0xc4], extendedPublic: { tpub: TPUB, vpub: VPUB } },
    'bcrt',
  ),
};

/** Every format of every coin and network, to name the network a key or address belongs to. */
export const ALL_FORMATS: NetworkFormat[] = Object.values(NETWORK_FORMATS).flatMap((byNetwork) =>
  Object.values(byNetwork),
);

export function describeFormat(format: NetworkFormat): string {
  return `${format.coin} ${format.network === 'main' ? 'mainnet' : format.network}`;
}
