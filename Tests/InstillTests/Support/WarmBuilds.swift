@testable import Instill

// The one place the suites look at how the engine represents a type: whether its warm
// requests run the build it linked after the first one. Suites that check warm builds
// use it as a precondition (the requests they compare really were warm); what they
// assert is what a user sees (objects, order, errors), so the engine can be rebuilt
// under them by changing only this file.

extension Injector {
    /// Whether warm requests for `type` in this injector run its linked build.
    func runsLinkedBuild(of type: Any.Type) throws -> Bool {
        try recipe(for: BindingKey(type), type: TypeReference(type)).plan != nil
    }

    /// Whether warm requests for `type` build warm: they run its linked build, or this
    /// is a reference-only build (`-D INSTILL_REFERENCE_ONLY`, which links none, see
    /// `Accelerators`), where the suites that check warm builds check the reference
    /// engine's repeated builds, which must behave the same.
    func buildsWarm(_ type: Any.Type) throws -> Bool {
        try runsLinkedBuild(of: type) || Accelerators.isReferenceOnlyBuild
    }
}

/// Whether this build has the accelerators (every build but `-D INSTILL_REFERENCE_ONLY`):
/// what a suite checks of an accelerator's own state (a learned template, a learned
/// default awake) holds only then.
let hasAccelerators = !Accelerators.isReferenceOnlyBuild
