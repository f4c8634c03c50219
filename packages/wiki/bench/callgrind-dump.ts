/** Reading callgrind's dumps for the instruction count (instructions.ts). */

/** Where V8's collector is entered: a scavenge or a full collection, a step of incremental marking. */
const COLLECTOR_ENTRY =
  /^v8::internal::(?:Heap::(?:CollectGarbage|CollectAllGarbage|HandleGCRequest|FinalizeIncrementalMarking\w*)|IncrementalMarking::(?:Observer::Step|Step|AdvanceAndFinalizeIfComplete|AdvanceOnAllocation)|(?:IncrementalMarkingJob|ScavengeJob)::Task::RunInternal)\(/;
/** The collector's own functions: an entry called from one of them is already counted. */
const COLLECTOR_INSIDE = /^v8::internal::(?:Heap::|IncrementalMarking|MarkCompact|Scaveng|MinorMarkCompact|GCTracer)/;

/**
 * The instructions of a callgrind dump spent in V8's garbage collector: the inclusive cost of
 * every call into the collector from outside it. Whether a major collection falls into a window
 * of a few thousand requests or not moves a count by a tenth; the rest, the requests' own work,
 * repeats to a kIr.
 */
export function collectorInstructions(dump: string): number {
  // callgrind names a function once in full, `(id) name`, and later by `(id)` alone.
  const names = new Map<string, string>();
  const nameOf = (field: string) => {
    const named = /^\((\d+)\)(?: (.*))?$/.exec(field);
    if (!named) return field;
    const [, id = '', name] = named;
    if (name !== undefined) names.set(id, name);
    return names.get(id) ?? '';
  };
  let caller = '';
  let callee = '';
  let costOfCall = false;
  let total = 0;
  for (const line of dump.split('\n')) {
    if (line.startsWith('fn=')) caller = nameOf(line.slice(3));
    else if (line.startsWith('cfn=')) callee = nameOf(line.slice(4));
    else if (line.startsWith('calls=')) costOfCall = true;
    else if (costOfCall) {
      // The line after `calls=` holds the call's inclusive cost: a position, then the count.
      costOfCall = false;
      if (COLLECTOR_ENTRY.test(callee) && !COLLECTOR_INSIDE.test(caller)) {
        total += Number(line.trim().split(/\s+/).at(-1));
      }
    }
  }
  return total;
}
