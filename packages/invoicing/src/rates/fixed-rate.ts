import type { Rate } from '../domain/invoice.js';
import type { RateSource } from './rate-source.js';

/** A configured rate that never changes: the default, and right for a coin pegged by contract. */
export class FixedRateSource implements RateSource {
  readonly name = 'fixed';
  constructor(private readonly eurPerCoin: bigint) {}

  async current(): Promise<Rate> {
    return { eurPerCoin: this.eurPerCoin, source: this.name, at: Date.now() };
  }
}
