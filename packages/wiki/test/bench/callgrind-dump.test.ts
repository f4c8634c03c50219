import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectorInstructions } from '../../bench/callgrind-dump.js';

// A dump in callgrind's format: names in full at first use, then by number; a `calls=` line,
// then the call's position and inclusive cost.
const DUMP = `events: Ir
fn=(1) Builtins_InterpreterEntryTrampoline
0x1 500
cfn=(2) v8::internal::HeapAllocator::AllocateRawWithLightRetrySlowPath(int)
calls=1 0x2
0x1 4000
fn=(2)
0x2 10
cfn=(3) v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace)
calls=2 0x3
0x2 3000
cfn=(4) v8::internal::Heap::StartIncrementalMarkingIfAllocationLimitIsReached(int)
calls=1 0x4
0x2 90
fn=(5) v8::internal::AllocationCounter::InvokeAllocationObservers(unsigned long)
cfn=(6) v8::internal::IncrementalMarking::Observer::Step(int)
calls=3 0x6
0x5 700
fn=(6)
cfn=(7) v8::internal::IncrementalMarking::Step(double)
calls=3 0x7
0x6 690
fn=(8) v8::internal::StackGuard::HandleInterrupts()
cfn=(9) v8::internal::Heap::HandleGCRequest()
calls=1 0x9
0x8 200
fn=(9)
cfn=(3)
calls=1 0x3
0x9 195
`;

describe('the instructions of the garbage collector in a callgrind dump', () => {
  it('adds the calls into the collector from outside it, each once', () => {
    // 3000 (scavenges from the allocator) + 700 (incremental marking) + 200 (a requested full
    // collection); the marking step and the collection inside the request are not counted again,
    // and starting incremental marking is not the collector's work.
    assert.equal(collectorInstructions(DUMP), 3900);
  });

  it('is 0 for a window without a collection', () => {
    assert.equal(collectorInstructions('events: Ir\nfn=(1) main\n0x1 100\n'), 0);
  });
});
