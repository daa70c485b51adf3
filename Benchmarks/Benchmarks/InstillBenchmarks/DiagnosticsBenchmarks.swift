import Benchmark
import Instill

// MARK: 6b. validate() over 1,000 bindings

/// `validate()` over an injector whose module makes 1,000 named bindings: the walk
/// reads type metadata only and builds nothing.
func validateThousandBindings() {
    Benchmark("1,000 bindings, validate/Instill", configuration: perIteration) {
        (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(injector.validate())
        }
    } setup: {
        let injector = try Injector(modules: [ThousandBindingsModule(names: thousandBindingNames), CarModule()])
        let report = injector.validate(roots: [Car.self])
        try check(report.isValid, "the 1,000-binding configuration should validate: \(report)")
        return injector
    }
}

// MARK: 8. The trace hook

/// A tracer that does nothing: what a hook costs when one is set.
struct IgnoringTracer: ResolutionTracer {
    func record(_ event: ResolutionEvent) {}
}

/// The car graph without a tracer (the hook's cost when none is set: compare with
/// "Car graph/Instill") and with one that ignores every event.
func traceHook() {
    instillCarGraph("Trace hook/no tracer", tracer: nil)
    instillCarGraph("Trace hook/ignoring tracer", tracer: IgnoringTracer())
}
