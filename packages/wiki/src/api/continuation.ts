/**
 * Continuation of `action=query` as MediaWiki does it: each module that stopped early leaves its
 * `<prefix>continue` values; the `continue` value says which generator parameters to send again
 * (or `-` when there is no generator to resume) and, after `||`, which modules are finished and are
 * skipped on the next request.
 */
import { badContinue } from './errors.js';
import type { ResultObject } from './result/tree.js';

export interface IncomingContinuation {
  /** Modules the client says are finished. */
  skip: ReadonlySet<string>;
  /** `-`: the generator is finished; do not run it again. */
  generatorDone: boolean;
  /** The request carried a `continue` value at all. */
  present: boolean;
}

export function parseContinue(raw: string | undefined): IncomingContinuation {
  if (raw === undefined || raw === '') return { skip: new Set(), generatorDone: false, present: false };
  const parts = raw.split('||');
  if (parts.length !== 2) throw badContinue();
  return {
    skip: new Set(parts[1] === '' ? [] : parts[1].split('|')),
    generatorDone: parts[0] === '-',
    present: true,
  };
}

/** A continuation value: text, or a number where MediaWiki answers one (`psoffset`, `qpoffset`). */
export type ContinueValue = string | number;

export class ContinuationManager {
  /** Continuation values by module name (non-generator modules). */
  private readonly moduleValues = new Map<string, Record<string, ContinueValue>>();
  private readonly generatorValues: Record<string, ContinueValue> = {};
  private readonly generatorNonContinue: Record<string, ContinueValue> = {};
  private readonly modules: string[] = [];
  private readonly propModules = new Set<string>();

  constructor(
    /** The generator's continuation parameters as this request sent them (re-sent while props continue). */
    private readonly originalGeneratorParams: Record<string, string>,
    private readonly hasGenerator: boolean,
  ) {}

  register(moduleName: string, isProp: boolean): void {
    this.modules.push(moduleName);
    if (isProp) this.propModules.add(moduleName);
  }

  set(moduleName: string, param: string, value: ContinueValue): void {
    const values = this.moduleValues.get(moduleName) ?? {};
    values[param] = value;
    this.moduleValues.set(moduleName, values);
  }

  setGenerator(param: string, value: ContinueValue): void {
    this.generatorValues[param] = value;
  }

  /**
   * A value that makes the generator produce the same pages again when it is re-run because prop
   * modules continue (random's start point); it takes the place of the request's own parameter.
   */
  setGeneratorNonContinue(param: string, value: ContinueValue): void {
    this.generatorNonContinue[param] = value;
  }

  /** Writes `continue` and `batchcomplete` into the answer. */
  writeInto(result: ResultObject): void {
    const data: Record<string, ContinueValue> = {};
    for (const values of this.moduleValues.values()) Object.assign(data, values);
    const batchComplete = ![...this.moduleValues.keys()].some((name) => this.propModules.has(name));
    // The part before `||` names the generator parameters to send again: while prop modules are
    // unfinished, the ones of this request (none without a generator: an empty part); once the
    // batch is complete, the generator's next values, or `-` when there is nothing to resume.
    let generatorPart = '-';
    if (!batchComplete) {
      // The generator's own start of this batch first, then the request's other generator values.
      const rerun = { ...this.generatorNonContinue };
      for (const [name, value] of Object.entries(this.originalGeneratorParams))
        if (!(name in rerun)) rerun[name] = value;
      Object.assign(data, rerun);
      generatorPart = Object.keys(rerun).join('|');
    } else if (this.hasGenerator && Object.keys(this.generatorValues).length > 0) {
      Object.assign(data, this.generatorValues);
      generatorPart = Object.keys(this.generatorValues).join('|');
    }
    if (batchComplete) result.batchcomplete = true;
    if (Object.keys(data).length === 0) return;
    // When the generator moves on to its next batch, every prop module runs again on the new pages,
    // so only list and meta modules can be reported finished.
    const nextBatch = this.hasGenerator && batchComplete && generatorPart !== '-';
    const finished = this.modules.filter(
      (name) => !this.moduleValues.has(name) && !(nextBatch && this.propModules.has(name)),
    );
    result.continue = { ...data, continue: `${generatorPart}||${finished.join('|')}` };
  }

  /** The old `query-continue` form (`rawcontinue`): values by module name. */
  writeRawInto(result: ResultObject, generatorName: string | undefined): void {
    const block: ResultObject = {};
    for (const [name, values] of this.moduleValues) block[name] = { ...values };
    if (generatorName && Object.keys(this.generatorValues).length > 0) {
      block[generatorName] = { ...((block[generatorName] as ResultObject | undefined) ?? {}), ...this.generatorValues };
    }
    if (Object.keys(block).length > 0) result['query-continue'] = block;
  }
}
