// Swivelish's Store against the bare-lock baseline, workload by workload.
//
// Every workload is registered twice, "(Store)" and "(BareLock)", so that ratios come from one run. Each
// benchmark iteration performs `scalingFactor` operations (dispatches, or subscribe + unsubscribe pairs
// in W5), so the scaled figures the harness prints (marked `*`) are per operation. See README.md.

import BareLockStore
import Benchmark
import Swivelish

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether to run each benchmark only briefly, as `check.sh` does: allocation counts are deterministic,
/// so a few iterations check them as well as many.
let isQuickRun = getenv("SWIVELISH_BENCHMARK_QUICK") != nil

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: isQuickRun ? 2 : 10,
        scalingFactor: .kilo,
        maxDuration: isQuickRun ? .milliseconds(100) : .seconds(3),
        maxIterations: isQuickRun ? 5 : 1_000_000
    )

    // W1: dispatch, no subscribers.

    Benchmark("W1 dispatch (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: BenchState())
    }

    Benchmark("W1 dispatch (BareLock)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        BareLockStore(initialValue: BenchState())
    }

    Benchmark("W1 dispatch with as? (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: DynamicCastState())
    }

    // W2: dispatch, one skipRepeats subscriber on `count`.

    Benchmark("W2 dispatch to 1 subscriber (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = Store(initialState: BenchState())
        _ = store.subscribeToCount(Sink())
        return store
    }

    Benchmark("W2 dispatch to 1 subscriber (BareLock)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = BareLockStore(initialValue: BenchState())
        _ = store.subscribeToCount(Sink())
        return store
    }

    Benchmark("W2 dispatch to 1 subscriber (HandWritten)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = BareLockStore(initialValue: BenchState())
        _ = store.subscribeToCountByHand(Sink())
        return store
    }

    // W3: fan-out to 1,000 skipRepeats subscribers on unchanging values, plus one on `count`.

    Benchmark("W3 fan-out to 1001 subscribers (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = Store(initialState: BenchState())
        _ = store.subscribeFanOut(Sink())
        return store
    }

    Benchmark("W3 fan-out to 1001 subscribers (BareLock)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = BareLockStore(initialValue: BenchState())
        _ = store.subscribeFanOut(Sink())
        return store
    }

    // W4: two threads dispatching at once; each iteration is 1M dispatches, 500K per thread, and checks
    // the final count.

    let contention = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        scalingFactor: .mega,
        maxDuration: isQuickRun ? .milliseconds(100) : .seconds(5),
        maxIterations: isQuickRun ? 2 : 1_000_000
    )

    Benchmark("W4 contention on 2 threads (Store)", configuration: contention) { benchmark, store in
        dispatchFromTwoThreads(to: store, perThread: benchmark.scaledIterations.count / 2)
    } setup: {
        Store(initialState: BenchState())
    }

    Benchmark("W4 contention on 2 threads (BareLock)", configuration: contention) { benchmark, store in
        dispatchFromTwoThreads(to: store, perThread: benchmark.scaledIterations.count / 2)
    } setup: {
        BareLockStore(initialValue: BenchState())
    }

    // W5: subscribe + unsubscribe with 1,000, 10,000 and 100,000 live subscribers.

    for live in [1_000, 10_000, 100_000] {
        Benchmark("W5 subscribe+unsubscribe with \(live) live (Store)") { benchmark, churn in
            churn.churn(benchmark.scaledIterations.count)
        } setup: {
            StoreSubscriptionChurn(live: live)
        }

        Benchmark("W5 subscribe+unsubscribe with \(live) live (BareLock)") { benchmark, churn in
            churn.churn(benchmark.scaledIterations.count)
        } setup: {
            BaselineSubscriptionChurn(live: live)
        }
    }

    // W6: ten sub-states composed with makeSerialUpdate inside `update`, one of which handles the message,
    // against the same composition written by hand behind the bare lock; with `as?` in the sub-states (the
    // Swivel README's idiom) and with `Message.as(_:)`.

    Benchmark("W6 10 sub-states with as? (Store)") { benchmark, store in
        dispatchIncrements(toComposed: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: TenSubstatesDynamic())
    }

    Benchmark("W6 10 sub-states with as? (HandWritten)") { benchmark, store in
        dispatchIncrementsByHand(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        BareLockStore(initialValue: TenSubstatesDynamic())
    }

    Benchmark("W6 10 sub-states with as(_:) (Store)") { benchmark, store in
        dispatchIncrements(toComposed: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: TenSubstatesExact())
    }

    Benchmark("W6 10 sub-states with as(_:) (HandWritten)") { benchmark, store in
        dispatchIncrementsByHand(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        BareLockStore(initialValue: TenSubstatesExact())
    }

    // W11: a tree of 100 leaves three levels deep, makeSerialUpdate at each level, one leaf handles the
    // message, against the same tree written by hand.

    Benchmark("W11 tree of 100 leaves with as? (Store)") { benchmark, store in
        pokeLeaf(of: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: TreeDynamic(first: 0))
    }

    Benchmark("W11 tree of 100 leaves with as? (HandWritten)") { benchmark, store in
        pokeLeafByHand(of: store, count: benchmark.scaledIterations.count)
    } setup: {
        BareLockStore(initialValue: TreeDynamic(first: 0))
    }

    Benchmark("W11 tree of 100 leaves with as(_:) (Store)") { benchmark, store in
        pokeLeaf(of: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: TreeExact(first: 0))
    }

    Benchmark("W11 tree of 100 leaves with as(_:) (HandWritten)") { benchmark, store in
        pokeLeafByHand(of: store, count: benchmark.scaledIterations.count)
    } setup: {
        BareLockStore(initialValue: TreeExact(first: 0))
    }

    // W12: setting an input field through a binding, against a hand-written message setting the same field.

    Benchmark("W12 set an input field through a binding (Store)") { benchmark, store in
        setTitlesThroughBinding(of: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: BindingForm())
    }

    Benchmark("W12 set the same field with a hand-written message (HandWritten)") { benchmark, store in
        setTitlesByHand(of: store, count: benchmark.scaledIterations.count)
    } setup: {
        Store(initialState: BindingForm())
    }

    // W8: 1,000 skipRepeats subscribers over 8 stored fields, against subscribers written by hand.

    Benchmark("W8 1000 subscribers over 8 fields (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = Store(initialState: WideState())
        _ = store.subscribeWide(Sink())
        return store
    }

    Benchmark("W8 1000 subscribers over 8 fields (HandWritten)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = BareLockStore(initialValue: WideState())
        _ = store.subscribeWideByHand(Sink())
        return store
    }

    // W9: one skipRepeats subscriber of a scoped store, against the same subscriber on the root.

    Benchmark("W9 dispatch to 1 scoped subscriber (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = Store(initialState: ScopedAppState())
        _ = store.subscribeToPartCountThroughScope(Sink())
        return store
    }

    Benchmark("W9 dispatch to 1 root subscriber on the same path (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let store = Store(initialState: ScopedAppState())
        _ = store.subscribeToPartCount(Sink())
        return store
    }

    // W18: a component's increment through its scoped store, against a message the parent routes by hand.

    Benchmark("W18 dispatch through a scoped store of one of two parts (Store)") { benchmark, top in
        dispatchIncrements(to: top, count: benchmark.scaledIterations.count)
    } setup: {
        let top = Store(initialState: ScopedPairState()).scope(\.top)
        _ = top.subscribeToCount(Sink())
        return top
    }

    // W10: W2 with one observer, the cost of observing.

    Benchmark("W10 dispatch to 1 subscriber and 1 observer (Store)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        let sink = Sink()
        let store = Store(initialState: BenchState(), observers: [countingObserver(sink)])
        _ = store.subscribeToCount(sink)
        return store
    }

    // W13: a change of one row of a list of 1,000 and of 10,000 rows, each row with a subscription of its
    // own, the list's ids with one, and the list's model alive; against a list by hand (see
    // ListWorkloads.swift). W14 (an append) makes the list grow with every iteration, so it is measured by
    // `profile.sh` only, on a list of a fixed size.

    for rows in [1_000, 10_000] {
        Benchmark("W13 change 1 of \(rows) rows (Store)") { benchmark, fixture in
            fixture.changeRows(count: benchmark.scaledIterations.count)
        } setup: {
            await StoreListFixture(rows: rows)
        }

        Benchmark("W13 change 1 of \(rows) rows (HandWritten)") { benchmark, fixture in
            fixture.changeRows(count: benchmark.scaledIterations.count)
        } setup: {
            HandWrittenListFixture(rows: rows)
        }
    }

    // W16: a row's effect that sends the row a message at once, in a list of 1,000 rows (see
    // ListWorkloads.swift). Guarded for its allocations: a message applied to a copy of the state would
    // allocate the copy.

    Benchmark("W16 a row's effect sends a message at once in 1000 rows (Store)") { benchmark, fixture in
        fixture.echo(count: benchmark.scaledIterations.count)
    } setup: {
        EchoingListFixture(rows: 1_000)
    }

    // W17: a search that cancels the one in flight, by an id of the user's own, and sends its result at once
    // (see EffectWorkloads.swift).

    Benchmark("W17 an effect with a user's id cancels the one in flight (Store)") { benchmark, fixture in
        fixture.search(count: benchmark.scaledIterations.count)
    } setup: {
        SearchFixture()
    }

    // W15: a dispatch with a trace writer attached, against one with printChanges writing to a sink that
    // discards it. Not "(Store)": the writer's thread allocates as it renders what it takes, concurrently
    // with the measured dispatches, so the allocation count of an iteration is not deterministic (see
    // README.md). The writers are not closed: their threads wait, idle, until the process ends. The trace
    // is flushed after each iteration, outside the measurement, so that every
    // message of an iteration finds room in the buffer; "buffer full" measures the dispatch of a message
    // the writer has no room for, which is dropped and counted.

    Benchmark("W15 dispatch with a trace writer (Trace)") { benchmark, fixture in
        benchmark.startMeasurement()
        dispatchIncrements(to: fixture.store, count: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        fixture.trace.flush()
    } setup: {
        tracedStore()
    }

    Benchmark("W15 dispatch with a trace writer, buffer full (Trace)") { benchmark, fixture in
        dispatchIncrements(to: fixture.store, count: benchmark.scaledIterations.count)
    } setup: {
        let fixture = tracedStore(bufferCapacity: 1)
        dispatchIncrements(to: fixture.store, count: 10)
        return fixture
    }

    Benchmark("W15 dispatch with printChanges to a discarded sink (PrintChanges)") { benchmark, store in
        dispatchIncrements(to: store, count: benchmark.scaledIterations.count)
    } setup: {
        printingStore()
    }
}
