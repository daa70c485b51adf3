import Benchmark
import ProgramSizeProbes

// The big program: the support module's Injectable types and 2,000 generated ones
// (GeneratedTypes.swift, from Scripts/generate-types.py).
let benchmarks: @Sendable () -> Void = {
    registerProgramSizeBenchmarks(injectableTypes: injectableTypesInSupport + generatedTypes.count)
}
