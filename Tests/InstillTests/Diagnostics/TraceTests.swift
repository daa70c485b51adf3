import Foundation
import Instill
import Testing

@Suite("Resolution tracing")
struct TraceTests {
    @Test("a trace of one getObject shows requested, built, cache-hit and awake events in order, with depths")
    func traceOfOneRequest() throws {
        let tracer = RecordingTracer()
        let injector = try Injector(modules: [DashboardModule()], tracer: tracer)
        _ = try injector.getObject(Clock.self)
        tracer.reset()

        _ = try injector.getObject(Dashboard.self)

        #expect(
            tracer.steps == [
                Step(.requested, "TraceTests.Dashboard", 0),
                Step(.built, "TraceTests.Dashboard", 1),
                Step(.requested, "TraceTests.Engine", 1),
                Step(.built, "TraceTests.Engine", 2),
                Step(.awake, "TraceTests.Engine", 2),
                Step(.requested, "TraceTests.Clock", 1),
                Step(.cacheHit, "TraceTests.Clock", 1),
                Step(.requested, "TraceTests.Gauge", 1),
                Step(.built, "TraceTests.Gauge", 2),
                Step(.awake, "TraceTests.Gauge", 2),
                Step(.requested, "TraceTests.Gauge", 1),
                Step(.cacheHit, "TraceTests.Gauge", 1),
                Step(.requested, "TraceTests.Label", 1),
                Step(.built, "TraceTests.Label", 2),
                Step(.awake, "TraceTests.Dashboard", 1),
            ])
        #expect(
            tracer.events.map(\.scope) == [
                .normal, nil, .normal, nil, nil, .singleton, .singleton, .graph, nil, nil, .graph, .graph, .normal,
                nil, nil,
            ])
    }

    @Test("the PrintingTracer prints the indented resolution tree, one event a line")
    func printingTracer() throws {
        let lines = Lines()
        let injector = try Injector(modules: [DashboardModule()], tracer: PrintingTracer { lines.append($0) })

        _ = try injector.getObject(Dashboard.self)
        _ = try injector.getObject(Clock.self)
        _ = try injector.getObject(Label.self, named: "spare")

        #expect(
            lines.all == [
                "requested TraceTests.Dashboard (normal)",
                "  built TraceTests.Dashboard",
                "  requested TraceTests.Engine (normal)",
                "    built TraceTests.Engine",
                "    awake TraceTests.Engine",
                "  requested TraceTests.Clock (singleton)",
                "    built TraceTests.Clock",
                "    awake TraceTests.Clock",
                "  requested TraceTests.Gauge (graph)",
                "    built TraceTests.Gauge",
                "    awake TraceTests.Gauge",
                "  requested TraceTests.Gauge (graph)",
                "  cacheHit TraceTests.Gauge (graph)",
                "  requested TraceTests.Label (normal)",
                "    built TraceTests.Label",
                "  awake TraceTests.Dashboard",
                "requested TraceTests.Clock (singleton)",
                "cacheHit TraceTests.Clock (singleton)",
                "requested TraceTests.Label named \"spare\" (normal)",
                "  built TraceTests.Label",
            ])
    }

    @Test("a protocol bound to a type is traced with its implementation one level below the request")
    func linkIsNested() throws {
        let lines = Lines()
        let injector = try Injector(modules: [SignalModule()], tracer: PrintingTracer { lines.append($0) })

        _ = try injector.getObject((any Signal).self)

        #expect(
            lines.all == [
                "requested any TraceTests.Signal (normal)",
                "  requested TraceTests.Lantern (normal)",
                "    built TraceTests.Lantern",
                "    awake TraceTests.Lantern",
            ])
    }

    @Test("in a cycle of singletons, every member is built before any is awake")
    func singletonCycle() throws {
        let tracer = RecordingTracer()
        let injector = try Injector(modules: [], tracer: tracer)

        _ = try injector.getObject(Hub.self)

        #expect(
            tracer.steps == [
                Step(.requested, "TraceTests.Hub", 0),
                Step(.built, "TraceTests.Hub", 1),
                Step(.requested, "TraceTests.Spoke", 1),
                Step(.built, "TraceTests.Spoke", 2),
                Step(.requested, "TraceTests.Hub", 2),
                Step(.cacheHit, "TraceTests.Hub", 2),
                Step(.awake, "TraceTests.Spoke", 1),
                Step(.awake, "TraceTests.Hub", 1),
            ])
    }

    @Test("a failed request ends with a failed event that carries the error")
    func failedRequest() throws {
        let lines = Lines()
        let tracer = RecordingTracer()
        let injector = try Injector(modules: [], tracer: tracer)
        let printing = try Injector(modules: [], tracer: PrintingTracer { lines.append($0) })

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Radio.self) }
        _ = try? printing.getObject(Radio.self)

        #expect(
            tracer.steps == [
                Step(.requested, "TraceTests.Radio", 0),
                Step(.built, "TraceTests.Radio", 1),
                Step(.failed, "TraceTests.Radio", 0),
            ])
        #expect(tracer.events.last?.error?.description == error.description)
        #expect(
            lines.all == [
                "requested TraceTests.Radio (normal)",
                "  built TraceTests.Radio",
                "failed TraceTests.Radio: nothing is bound to any TraceTests.Tuner, and it cannot be built automatically.",
            ])
    }

    @Test("an injector without a tracer records nothing anywhere else")
    func tracerIsPerInjector() throws {
        let tracer = RecordingTracer()
        let traced = try Injector(modules: [], tracer: tracer)
        let untraced = Injector()

        _ = try untraced.getObject(Engine.self)
        #expect(tracer.steps.isEmpty)

        _ = try traced.getObject(Engine.self)
        #expect(tracer.steps.count == 3)
    }
}

// MARK: - Fixtures

extension TraceTests {
    /// One traced event, as the tests compare them.
    private struct Step: Equatable, CustomStringConvertible {
        let kind: ResolutionEvent.Kind
        let typeName: String
        let depth: Int

        init(_ kind: ResolutionEvent.Kind, _ typeName: String, _ depth: Int) {
            self.kind = kind
            self.typeName = typeName
            self.depth = depth
        }

        var description: String { "(\(kind), \(typeName), \(depth))" }
    }

    /// Keeps every event it receives, from any thread.
    // @unchecked: `list` is only touched while holding `lock`.
    private final class RecordingTracer: ResolutionTracer, @unchecked Sendable {
        private let lock = NSLock()
        private var list: [ResolutionEvent] = []

        func record(_ event: ResolutionEvent) { lock.withLock { list.append(event) } }
        func reset() { lock.withLock { list.removeAll() } }

        var events: [ResolutionEvent] { lock.withLock { list } }
        var steps: [Step] { events.map { Step($0.kind, $0.typeName, $0.depth) } }
    }

    /// The lines a PrintingTracer writes.
    private final class Lines: @unchecked Sendable {  // `list` is only touched while holding `lock`
        private let lock = NSLock()
        private var list: [String] = []

        func append(_ line: String) { lock.withLock { list.append(line) } }
        var all: [String] { lock.withLock { list } }
    }

    private final class Engine: Injectable {
        init() {}
    }

    private final class Clock: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    private final class Gauge: Injectable {
        static let scope: Scope = .graph
        init() {}
    }

    private final class Label {}

    /// Requires a normal object, a singleton, the same graph object twice and a closure binding.
    private final class Dashboard: Injectable {
        var engine: Engine!
        var clock: Clock!
        var gauge: Gauge!
        var backupGauge: Gauge!
        var label: Label!
        static var requires: Requirements {
            Requirements(\Dashboard.engine, \.clock, \.gauge, \.backupGauge, \.label)
        }
        init() {}
    }

    private struct DashboardModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Label.self) { _ in Label() }
            binder.bind(Label.self, named: "spare") { _ in Label() }
        }
    }

    private protocol Signal: AnyObject {}

    private final class Lantern: Signal, Injectable {
        init() {}
    }

    private struct SignalModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Signal).self, to: Lantern.self)
        }
    }

    private final class Hub: Injectable {
        static let scope: Scope = .singleton
        var spoke: Spoke!
        static var requires: Requirements { Requirements(\Hub.spoke) }
        init() {}
    }

    private final class Spoke: Injectable {
        static let scope: Scope = .singleton
        var hub: Hub!
        static var requires: Requirements { Requirements(\Spoke.hub) }
        init() {}
    }

    private protocol Tuner: AnyObject {}

    private final class Radio: Injectable {
        var tuner: (any Tuner)!
        static var requires: Requirements { Requirements(\Radio.tuner) }
        init() {}
    }
}
