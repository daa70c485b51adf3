// Must NOT compile: .ci/run type-checks it against the built module and expects the
// compiler to say why a `let` cannot be a requirement, and what to do instead.
import Instill

final class Engine: Injectable {
    init() {}
}

final class Car: Injectable {
    let engine = Engine()
    var spare: Engine!
    static var requires: Requirements { Requirements(\Car.spare, \.engine) }
    init() {}
}
