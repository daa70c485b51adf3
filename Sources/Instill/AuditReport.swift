/// What ``Injector/audit(_:)`` found in one object: properties that are still
/// `nil` after assembly.
///
/// ```swift
/// let report = injector.audit(car)
/// for finding in report.findings { print(finding) }
/// // Car.radio is nil and not listed in requires: add it to `requires` if the injector should fill it.
/// ```
public struct AuditReport: Sendable, CustomStringConvertible {
    /// One property found `nil`.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// Why the property is reported.
        public enum Kind: String, Sendable, Hashable {
            /// A stored optional property that is `nil` and not listed in `requires`:
            /// the usual "forgot to list it" mistake (or a property that is meant to
            /// be set later). When the injector could fill its type (something is
            /// bound to it, or it is an ``Injectable`` class), the finding names the
            /// key path to add to `requires` (`\Reporter.clock`).
            case unlisted
            /// A property listed in `requires` that is still `nil` (its binding
            /// returned `nil`, or the object was never injected).
            case requiredButNil
            /// An `@Injected` property that no injector filled: the object was made
            /// by hand and never injected.
            case injectedButNil
            /// A `nil` property of a type that `requires` lists through a key path
            /// this build cannot name (a non-final class's property, in an optimised
            /// build whose accessors carry no names): the injector cannot tell
            /// whether it is that one, and says so rather than guess.
            case possiblyRequired
            /// A `nil` property of a subclass whose `requires` Swift never calls: the
            /// class that conforms to ``Injectable`` declares no `requires`, so the
            /// protocol's default answers for every subclass (a subclass's own
            /// `class var requires`, written without `override`, is never seen).
            case requiresNotCalled
            /// A `nil` property that a superclass lists in its `requires`, dropped by
            /// an override that does not start with `super.requires +`.
            case superRequiresDropped
        }

        /// Why the property is reported.
        public let kind: Kind
        /// The class that declares the property, without module prefix.
        public let typeName: String
        /// The property's name.
        public let property: String
        /// The class the cause names: the conforming class for
        /// ``Kind-swift.enum/requiresNotCalled``, the overriding one for
        /// ``Kind-swift.enum/superRequiresDropped``; for ``Kind-swift.enum/unlisted``,
        /// the property's type when the injector could fill it.
        let context: String?

        init(kind: Kind, typeName: String, property: String, context: String? = nil) {
            self.kind = kind
            self.typeName = typeName
            self.property = property
            self.context = context
        }

        /// One sentence: what is `nil`, and what to do.
        public var description: String {
            switch kind {
            case .unlisted:
                if let context {
                    "\(typeName).\(property) is nil and not listed in requires, though the injector can fill its type (\(context)): "
                        + "add `\\\(typeName).\(property)` to `requires`, unless something else sets it later."
                } else {
                    "\(typeName).\(property) is nil and not listed in requires: add it to `requires` if the injector should fill it."
                }
            case .requiredButNil:
                "\(typeName).\(property) is listed in requires but is nil: inject the object, or bind something that is not nil."
            case .injectedButNil:
                "\(typeName).\(property) is @Injected and no injector filled it: get the object from the injector, "
                    + "or inject it with `injectDependencies(into:)`."
            case .requiresNotCalled:
                "\(typeName).\(property) is nil and not listed in any requires Swift calls: \(context ?? "its superclass") conforms to Injectable without declaring `class var requires`, "
                    + "so the protocol's default answers for \(typeName) too, and a `class var requires` declared in \(typeName) is never called. "
                    + "Declare `class var requires: Requirements { Requirements() }` in \(context ?? "that class") and `override class var requires` in \(typeName), starting with `super.requires +` and listing \(property)."
            case .superRequiresDropped:
                "\(typeName).\(property) is nil: \(typeName).requires lists it, but \(context ?? "a subclass") overrides requires without it. "
                    + "Start the override with `super.requires +`."
            case .possiblyRequired:
                "\(typeName).\(property) is nil; requires lists a property of its type that this build cannot name, so it may be that one: "
                    + "if it is not listed, add it to `requires`; if it is, inject the object, or bind something that is not nil."
            }
        }
    }

    /// The type of the object audited.
    public let typeName: String
    /// Every property found `nil`, superclass properties first.
    public let findings: [Finding]
    /// Whether the object is neither `Injectable` nor bound, so nothing is known
    /// about what it requires (every `nil` property is then reported as unlisted).
    public let isUnknownType: Bool

    /// Whether nothing was found.
    public var isClean: Bool { findings.isEmpty }

    /// "Car: no nil properties" or one finding per line.
    public var description: String {
        guard !findings.isEmpty else { return "\(typeName): no nil properties." }
        return "\(typeName): \(findings.count) nil propert\(findings.count == 1 ? "y" : "ies"):\n"
            + findings.map { "  - \($0)" }.joined(separator: "\n")
    }
}
