import Benchmark
import ProgramSizeProbes

// The small program: only the support module's Injectable types.
let benchmarks: @Sendable () -> Void = {
    registerProgramSizeBenchmarks(injectableTypes: injectableTypesInSupport)
}
