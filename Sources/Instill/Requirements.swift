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
/// The injector reads `requires` once per type and keeps the result, so a computed
/// `class var` costs nothing per build. The file and line of each declaration are
/// kept for error messages.
public struct Requirements: Sendable {
    var entries: [Requirement]

    /// No requirements.
    public init() {
        entries = []
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

    /// These requirements followed by one filled from the binding named `name`.
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
    /// (`\Sedan.lamp` and `\Rally.lamp` name one property).
    public static func + (lhs: Requirements, rhs: Requirements) -> Requirements {
        var combined = lhs
        for entry in rhs.entries {
            combined.entries.removeAll { $0.namesSameProperty(as: entry) }
            combined.entries.append(entry)
        }
        return combined
    }

    /// The number of requirements.
    public var count: Int { entries.count }
}
