/// The properties of an ``Injectable`` type that the injector fills, in order.
///
/// List key paths to the properties; each property's type says what is injected:
/// `T`, `T?`, `T!`, `any P`, `(any P)?`, ``Provider``, or ``ObjectFactory``. A
/// `named` requirement is filled from the binding of that name.
///
/// ```swift
/// class Car: Injectable {
///     var engine: Engine!
///     var gearBox: (any GearBox)!
///     var leftLight: Headlight!
///     class var requires: Requirements {
///         Requirements(\Car.engine, \.gearBox)
///             .named("left", \Car.leftLight)
///     }
///     required init() {}
/// }
/// ```
///
/// A subclass adds its own to its superclass's with `+`:
///
/// ```swift
/// final class SportsCar: Car {
///     var turbo: Turbo!
///     override class var requires: Requirements {
///         super.requires + Requirements(\SportsCar.turbo)
///     }
/// }
/// ```
///
/// Without key paths, each requirement is a closure that assigns, declared with
/// `fills` (see `fills(_:named:file:line:_:)`); the
/// two forms compose with `+`. Prefer closures where the first build of each type
/// matters: the runtime makes a class for each key path the first time it is
/// evaluated, which costs more than the rest of the type's first build.
///
/// ```swift
/// final class Node: Injectable {
///     var left: Left!
///     var gearBox: (any GearBox)!
///     static var requires: Requirements {
///         fills(Left.self) { $0.left = $1 } + fills((any GearBox).self) { $0.gearBox = $1 }
///     }
///     init() {}
/// }
/// ```
///
/// The injector reads `requires` once per type and keeps the result, so a computed
/// `class var` costs nothing per build. The file and line of each declaration are
/// kept for error messages.
public struct Requirements: Sendable {
    var entries: [Requirement]
    /// Whether these are ``Injectable``'s default (a type that declares no
    /// `requires`): `audit` uses it to explain a subclass's `requires` that Swift
    /// never calls.
    private(set) var isProtocolDefault = false

    /// No requirements.
    public init() {
        entries = []
    }

    /// One entry (a closure entry, see `fills(_:named:file:line:_:)`).
    init(_ entry: Requirement) {
        entries = [entry]
    }

    /// The requirements of a type that declares none.
    static var protocolDefault: Requirements {
        var requirements = Requirements()
        requirements.isProtocolDefault = true
        return requirements
    }

    /// Unnamed requirements for each key path, in order.
    public init<Root: AnyObject, each Value>(
        _ keyPaths: repeat ReferenceWritableKeyPath<Root, each Value> & Sendable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        var entries: [Requirement] = []
        for keyPath in repeat each keyPaths {
            entries.append(Requirement(keyPath, name: nil, location: SourceLocation(file: file, line: line)))
        }
        self.entries = entries
    }

    /// Unnamed requirements for each key path, in order, when every property holds
    /// an `Injectable` class (`var engine: Engine!`).
    ///
    /// The compiler picks this form by itself for such a list: nothing to write
    /// differently. It records, where the compiler knows it, that each property's
    /// class is `Injectable`, so the first build of each class asks the runtime no
    /// conformance question (a question whose cost grows with the size of the
    /// program). A list that mixes kinds (`Engine!` with `(any GearBox)!`) is read
    /// at run time instead; write it as two lists joined with `+` to keep the
    /// classes' conformances (see <doc:Performance#Cold-start-at-app-scale>).
    public init<Root: AnyObject, each Value: Injectable>(
        _ keyPaths: repeat ReferenceWritableKeyPath<Root, (each Value)?> & Sendable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let location = SourceLocation(file: file, line: line)
        var entries: [Requirement] = []
        for keyPath in repeat each keyPaths {
            entries.append(Self.injectable(keyPath, name: nil, location: location))
        }
        self.entries = entries
    }

    private static func injectable<Root: AnyObject, Value: Injectable>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable, name: String?, location: SourceLocation
    ) -> Requirement {
        Requirement(keyPath, name: name, location: location, dependency: .injectable(Value.self, isOptional: true))
    }

    private static func mainActor<Root: AnyObject, Value: MainActorInjectable>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable, name: String?, location: SourceLocation
    ) -> Requirement {
        Requirement(keyPath, name: name, location: location, dependency: .mainActor(Value.self, isOptional: true))
    }

    /// Unnamed requirements of a main-actor type, for each key path, in order, when
    /// every property holds an `Injectable` class: the conformances are recorded where
    /// the compiler knows them, as for any other type's list of `Injectable` classes.
    @MainActor
    public init<Root: MainActorInjectable, each Value: Injectable>(
        _ keyPaths: repeat ReferenceWritableKeyPath<Root, (each Value)?>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let location = SourceLocation(file: file, line: line)
        var entries: [Requirement] = []
        for keyPath in repeat each keyPaths {
            entries.append(Self.injectable(MainActorKeyPath.sendable(keyPath), name: nil, location: location))
        }
        self.entries = entries
    }

    /// Unnamed requirements of a main-actor type, for each key path, in order, when
    /// every property holds a main-actor class: the conformances are recorded where
    /// the compiler knows them.
    @MainActor
    public init<Root: MainActorInjectable, each Value: MainActorInjectable>(
        _ keyPaths: repeat ReferenceWritableKeyPath<Root, (each Value)?>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let location = SourceLocation(file: file, line: line)
        var entries: [Requirement] = []
        for keyPath in repeat each keyPaths {
            entries.append(Self.mainActor(MainActorKeyPath.sendable(keyPath), name: nil, location: location))
        }
        self.entries = entries
    }

    /// Unnamed requirements of a main-actor type, for each key path, in order.
    ///
    /// The injector writes these properties on the main actor only.
    @MainActor
    public init<Root: MainActorInjectable, each Value>(
        _ keyPaths: repeat ReferenceWritableKeyPath<Root, each Value>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        var entries: [Requirement] = []
        for keyPath in repeat each keyPaths {
            entries.append(
                Requirement(
                    MainActorKeyPath.sendable(keyPath), name: nil, location: SourceLocation(file: file, line: line)))
        }
        self.entries = entries
    }

    /// These requirements of a main-actor type followed by one filled from the
    /// binding named `name`.
    @MainActor
    public func named<Root: MainActorInjectable, Value>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Requirements {
        var copy = self
        copy.entries.append(
            Requirement(
                MainActorKeyPath.sendable(keyPath), name: name, location: SourceLocation(file: file, line: line)))
        return copy
    }

    /// Not available: a requirement must be a property the injector can write.
    ///
    /// A `let` (or a get-only `var`) gives a read-only key path, which the injector
    /// cannot fill. Declare the property `var`, or receive the dependency through the
    /// type's initializer and keep it in the `let` (initializer injection).
    @available(
        *, unavailable,
        message:
            "requires lists a read-only property (a 'let' or a get-only 'var'), which the injector cannot fill: declare it 'var', or receive it through the type's initializer (initializer injection)"
    )
    public init<Root: AnyObject, each Value>(
        _ keyPaths: repeat KeyPath<Root, each Value> & Sendable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        entries = []
    }

    /// Not available: a named requirement must be a property the injector can write
    /// (a `var`).
    @available(
        *, unavailable,
        message:
            "a named requirement of a read-only property (a 'let' or a get-only 'var'), which the injector cannot fill: declare it 'var', or receive it through the type's initializer (initializer injection)"
    )
    public func named<Root: AnyObject, Value>(
        _ name: String,
        _ keyPath: KeyPath<Root, Value> & Sendable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Requirements {
        self
    }

    /// These requirements followed by one filled from the binding named `name`.
    ///
    /// A named requirement is always filled from a binding, never built
    /// automatically, so there is no conformance of its class to record here: the
    /// binding records its own.
    public func named<Root: AnyObject, Value>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Requirements {
        var copy = self
        copy.entries.append(Requirement(keyPath, name: name, location: SourceLocation(file: file, line: line)))
        return copy
    }

    /// The requirements of `lhs` followed by those of `rhs`; a property listed on
    /// both sides is kept once, where `rhs` lists it (so a subclass may re-declare a
    /// requirement with another name), whichever class its key paths are rooted at
    /// (`\Sedan.lamp` and `\Rally.lamp` name one property). A requirement declared
    /// with a closure (`fills`) names no property: every one is kept, in order.
    public static func + (lhs: Requirements, rhs: Requirements) -> Requirements {
        var combined = lhs
        combined.isProtocolDefault = false
        for entry in rhs.entries {
            combined.entries.removeAll { $0.namesSameProperty(as: entry) }
            combined.entries.append(entry)
        }
        return combined
    }

    /// The number of requirements.
    public var count: Int { entries.count }
}
