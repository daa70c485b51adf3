/// How the injector learns that a type's `awakeFromInjection()` is the protocol's
/// default, which does nothing, so that warm builds stop calling it.
///
/// The default implementation (of ``Injectable`` and of ``MainActorInjectable``)
/// records the object it ran on in this thread's ``ResolutionContext``. The resolver
/// clears the record, awakes an object through its type's witness, and reads the
/// record back: the object's own identity there means the witness ran the default
/// on it, and the type's metadata learns it for good (``InjectableMetadata/learnDefaultAwake()``).
///
/// ## The invariant it relies on
/// The default runs on an object only where the object's type has no
/// `awakeFromInjection()` of its own that Swift calls through the conformance: a
/// type that declares one makes it the witness, and the default is then reachable
/// on its instances only through a superclass that conforms without one, whose
/// conformance (and so whose default witness) the subclass inherits. So a record of
/// the object just awoken, made after the clear on the same thread, shows that the
/// witness is the default for every instance of the type: the object is alive
/// throughout, so no other object can share its identity meanwhile, and another
/// object awoken inside the awake records its own identity. A custom awake is never
/// taken for the default; at worst a default is not learned and is still called.
enum DefaultAwake {
    /// Records that the default `awakeFromInjection()` ran on `object`; nothing in a
    /// reference-only build, which never learns a default awake.
    @inline(__always)
    static func ran(on object: AnyObject) {
        #if !INSTILL_REFERENCE_ONLY
            record(object)
        #endif
    }

    @inline(never)
    private static func record(_ object: AnyObject) {
        ThreadContext.withCurrent { $0.lastDefaultAwake = ObjectIdentifier(object) }
    }
}
