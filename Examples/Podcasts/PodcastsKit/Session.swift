import Instill
import Observation

/// Who is signed in. One per session: logging out makes a new injector whose
/// singletons are fresh (``AppContainer/logOut()``).
@Observable
public final class Session: MainActorInjectable {
    /// The signed-in user's name, or `nil`.
    public var userName: String?

    /// A signed-out session.
    public init() {}

    /// One session per injector.
    public static let scope: Scope = .singleton
}
