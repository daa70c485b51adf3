import Testing

@testable import Instill

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The engine runs a main-actor initializer only where the main-actor proof holds
// (`MainActorIsolation`). Where the executor is also checked (debug builds, and every
// build of the reference engine), a wrong proof stops the process before main-actor
// code runs off the main actor. These tests forge the proof from inside the library,
// which no caller can do (see `IsolationProofTests` and `Tests/CompileFailures`).

@MainActor
private final class Dial: MainActorInjectable {
    init() {}
}

@MainActor
private final class Knob: MainActorInjectable {
    let dial: Dial
    init(dial: Dial) { self.dial = dial }
    static let initializer = Initializer(mainActorDependencies: Dial.self) { Knob(dial: $0) }
}

@Suite("A wrong main-actor proof stops the engine where the executor is checked")
struct IsolationCheckTests {
    // Exit tests exist where a test can start a process: not on iOS, tvOS or watchOS.
    #if (DEBUG || INSTILL_REFERENCE_ONLY) && (os(macOS) || os(Linux) || os(Windows) || os(FreeBSD))
        @Test("a main-actor type's declarations read under a forged proof stop the process")
        func forgedProofStopsDeclarations() async {
            await #expect(processExitsWith: .failure) {
                await Task.detached {
                    // A pool thread: never the main thread.
                    _ = try? Injector().resolve(Dial.self, named: nil, arguments: [], onMainActor: true)
                }.value
            }
        }

        @Test("a main-actor init() reached under a forged proof stops the process, its declarations read before")
        func forgedProofStopsInit() async {
            await #expect(processExitsWith: .failure) {
                let injector = Injector()
                // The declarations are read on the main actor, the object built there once.
                _ = try? await MainActor.run { try injector.getObject(Dial.self) }
                await Task.detached {
                    _ = try? injector.resolve(Dial.self, named: nil, arguments: [], onMainActor: true)
                }.value
                exit(0)
            }
        }

        @Test("a main-actor initializer with dependencies reached under a forged proof stops the process")
        func forgedProofStopsInitializer() async {
            await #expect(processExitsWith: .failure) {
                let injector = Injector()
                _ = try? await MainActor.run { try injector.getObject(Knob.self) }
                await Task.detached {
                    _ = try? injector.resolve(Knob.self, named: nil, arguments: [], onMainActor: true)
                }.value
                exit(0)
            }
        }
    #endif

    @Test("the same request without the forged proof throws mainActorRequired, naming the type")
    func withoutProofThrows() async throws {
        let error = try await Task.detached {
            try #require(throws: InjectionError.self) {
                try Injector().resolve(Knob.self, named: nil, arguments: [], onMainActor: false)
            }
        }.value
        #expect(error.kind == .mainActorRequired)
        #expect(error.summary == "Knob is isolated to the main actor, and this request does not run on the main actor.")
    }
}
