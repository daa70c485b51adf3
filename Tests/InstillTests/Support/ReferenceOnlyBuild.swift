@testable import Instill

extension Recipe {
    /// Whether warm builds of the recipe run a compiled plan; in a reference-only build
    /// (`-D INSTILL_REFERENCE_ONLY`, which compiles none, see `Accelerators`), `true`:
    /// the suites that check warm builds then check the reference engine's repeated
    /// builds, which must behave the same.
    var isWarm: Bool { plan != nil || Accelerators.isReferenceOnlyBuild }
}

/// Whether this build has the accelerators (every build but `-D INSTILL_REFERENCE_ONLY`):
/// what a suite checks of an accelerator's own state (a learned template, a learned
/// default awake) holds only then.
let hasAccelerators = !Accelerators.isReferenceOnlyBuild
