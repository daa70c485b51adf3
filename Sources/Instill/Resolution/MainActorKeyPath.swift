/// Key paths to properties of ``MainActorInjectable`` types, kept where the engine
/// keeps every requirement.
///
/// Swift does not make a key path to a main-actor property `Sendable`: using it
/// reads or writes main-actor state. A key path object itself is immutable, and
/// `Sendable` is a marker with no run-time representation, so the same reference
/// can be stored as `& Sendable`.
///
/// Invariant: the engine reads or writes through such a key path only while it
/// builds or fills an object of a main-actor type, which happens only where
/// ``MainActorIsolation`` proves the main actor; elsewhere it only compares and
/// describes the key path.
enum MainActorKeyPath {
    /// `keyPath`, typed as `Sendable` for storage in a ``Requirement``.
    @MainActor
    static func sendable<Root: MainActorInjectable, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> ReferenceWritableKeyPath<Root, Value> & Sendable {
        unsafeBitCast(keyPath, to: (ReferenceWritableKeyPath<Root, Value> & Sendable).self)
    }
}
