// Compile-time misuse, checked by .ci/run: what the compiler says where a class cannot
// be built with `init()` as it is written (see DeclaringRequirements, "Class hierarchies").
import Instill

// A non-final class whose `init()` is not `required` cannot conform: `Injectable`
// requires `init()` so that a final class is built with it without a declaration, and
// Swift lets only a `required` initializer satisfy that in a class that may have
// subclasses. The compiler's message names the word to add (and its fix-it adds it);
// declaring an initializer does not change that.
class Leaf: Injectable {
    init() {}
    static let initializer = Initializer(factory: { Leaf() })
}

// `Initializer(Type.init)` takes an initializer with parameters; one without is named
// with `Initializer(factory:)`, and the compiler says so.
final class Clock: Injectable {
    init() {}
    static let initializer = Initializer(Clock.init)
}
