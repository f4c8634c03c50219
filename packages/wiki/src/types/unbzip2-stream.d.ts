declare module 'unbzip2-stream' {
  import type { Duplex } from 'node:stream';
  /** A through stream that decompresses bzip2 data (a classic stream, not async-iterable). */
  export default function unbzip2(): Duplex;
}
