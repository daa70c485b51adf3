import Benchmark
import Instill

// Creating an injector and the first `getObject` must not get slower as a program
// gains Injectable types. Two programs register these same benchmarks: one with only
// the types below, one with 2,000 generated Injectable types besides. Compare each
// benchmark across the two programs; the times should match.
//
// The benchmark tool runs every benchmark in a process of its own, so "new type"
// really is a type the process has never requested: each iteration requests the next
// of the probe types (see Probes.swift), which is why those benchmarks run exactly as
// many iterations as there are probes.

/// Requested once in setup, so that one-time costs of the process (Instill's static
/// state, the thread's resolution context) stay out of the measurements.
final class WarmUp: Injectable { init() {} }

/// The type requested again and again by the "known type" benchmarks.
final class Known: Injectable { init() {} }

/// The number of Injectable types this module declares (probes, `WarmUp`, `Known`).
public let injectableTypesInSupport = probeTypes.count + 2

/// Hands out each probe type once.
final class ProbeCursor: @unchecked Sendable {  // only the benchmark's own thread uses it
    private var index = 0

    func next() -> any Injectable.Type {
        precondition(index < probeTypes.count, "more iterations than probe types")
        defer { index += 1 }
        return probeTypes[index]
    }
}

/// `Injector()` and the first request of `type` from it.
private func firstObject<T: Injectable>(of type: T.Type) throws -> T {
    try Injector().getObject(type)
}

/// Registers the program-size benchmarks of a program with `injectableTypes`
/// Injectable types in all.
public func registerProgramSizeBenchmarks(injectableTypes: Int) {
    let label = "\(injectableTypes.formatted()) Injectable types"
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]

    Benchmark(
        "Program size, Injector() + first getObject of a new type/\(label)",
        configuration: .init(
            metrics: metrics,
            timeUnits: .nanoseconds,
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: probeTypes.count
        )
    ) { (benchmark: Benchmark, cursor: ProbeCursor) in
        let type = cursor.next()
        benchmark.startMeasurement()
        blackHole(try firstObject(of: type))
        benchmark.stopMeasurement()
    } setup: {
        _ = try Injector().getObject(WarmUp.self)
        return ProbeCursor()
    }

    Benchmark(
        "Program size, Injector() + first getObject of a known type/\(label)",
        configuration: .init(
            metrics: metrics,
            timeUnits: .nanoseconds,
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(1),
            maxIterations: 1_000_000
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try firstObject(of: Known.self))
        }
    } setup: {
        _ = try Injector().getObject(Known.self)
    }
}

extension Int {
    /// `2022` as `2,022`.
    fileprivate func formatted() -> String {
        let digits = String(self)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
