/// The fast paths an injector may take over its reference engine: each one reads or
/// relies on something the compiler does not check (a layout, a runtime entry point,
/// a fact learned from a first call), and each can be switched off.
///
/// With none of them, an injector is its reference engine, correct by construction:
/// the resolver builds an object the first times it is asked for, and then a
/// compiled plan (``BuildPlan``) replays the resolver's decisions: which recipe
/// answers each requirement, which published singleton it is. Every step is a
/// reference step: a requirement is written through its typed key path after `as?`
/// casts, an initializer dependency is stored with a generic move after `as?`, and
/// every `awakeFromInjection()` is called. Each injector reads its set once, where a
/// fast path is chosen (a plan compiled, a writer learned, an awake skipped): never on
/// a warm build.
///
/// Plans are part of the reference engine (they read nothing the compiler does not
/// check: the objects they refer to are kept alive by the plan itself), but they are
/// a flag here too, ``compiledPlans``, so that the differential suite can also run the
/// resolver alone (``resolverOnly``) and compare.
///
/// A build with `-D INSTILL_REFERENCE_ONLY` makes every other accelerator constantly
/// off (``contains(_:)`` is then `false` for them at compile time, so the fast code is
/// never taken) and removes the compile-time fast paths too: no offset is computed
/// from a key path's layout, no runtime entry point is looked up, and values leave
/// `Any` through `as?` (see ``isReferenceOnlyBuild``). The Design Rules article lists
/// every accelerator, its assumption and how it is checked.
struct Accelerators: Sendable, Equatable {
    private let rawValue: UInt8

    /// Compiled build plans: warm `.normal` builds, the main-actor warm path and warm
    /// `injectDependencies(into:)` run a ``BuildPlan`` instead of the resolver. Part of
    /// the reference engine; off only in ``resolverOnly``.
    static let compiledPlans = Accelerators(rawValue: 1 << 0)
    /// Direct writes: a requirement of a class type is stored at the offset its key
    /// path's layout proves (``KeyPathLayout``), or bit-cast into the key path's value
    /// type when the object is exactly that class, instead of `as?` and a key-path write.
    static let directWrites = Accelerators(rawValue: 1 << 1)
    /// Existential templates: the words of a protocol-typed property (or declared
    /// dependency) holding one class are learned from a first conversion through the
    /// runtime's `swift_dynamicCast` (``ExistentialWords``) and laid out by plans.
    static let existentialTemplates = Accelerators(rawValue: 1 << 2)
    /// Default-awake skipping: a type whose `awakeFromInjection()` is learned to be
    /// the protocol's default (``DefaultAwake``) is no longer awoken.
    static let defaultAwakeSkip = Accelerators(rawValue: 1 << 3)

    /// Every accelerator.
    static let all = Accelerators(rawValue: 0b1111)
    /// The reference engine: compiled plans of reference steps, and no accelerator.
    static let reference = compiledPlans
    /// The resolver alone, for every build (what the differential suite compares the
    /// plans against).
    static let resolverOnly = Accelerators(rawValue: 0)

    /// Whether this build is the reference engine alone (`-D INSTILL_REFERENCE_ONLY`).
    static var isReferenceOnlyBuild: Bool {
        #if INSTILL_REFERENCE_ONLY
            true
        #else
            false
        #endif
    }

    /// What an injector uses unless told otherwise: every accelerator, or the
    /// reference engine in a reference-only build.
    static var standard: Accelerators { isReferenceOnlyBuild ? .reference : .all }

    /// Whether `accelerator` is on; in a reference-only build, `false` for every one but
    /// ``compiledPlans``.
    @inline(__always)
    func contains(_ accelerator: Accelerators) -> Bool {
        #if INSTILL_REFERENCE_ONLY
            accelerator == .compiledPlans && rawValue & accelerator.rawValue == accelerator.rawValue
        #else
            rawValue & accelerator.rawValue == accelerator.rawValue
        #endif
    }
}
