/// A type whose initializer takes one argument of a type the compiler checks where
/// the object is requested.
///
/// Conform an ``Injectable`` or ``MainActorInjectable`` type to `TakesArgument`,
/// name its argument type once as `Argument`, and declare an ``Initializer`` that
/// reads it with `Initializer(argument: Argument.self, ...)`:
///
/// ```swift
/// @MainActor
/// final class EpisodeViewModel: MainActorInjectable, TakesArgument {
///     typealias Argument = EpisodeID
///     let episodeID: EpisodeID
///     let api: any APIClient
///     init(episodeID: EpisodeID, api: any APIClient) { self.episodeID = episodeID; self.api = api }
///     static let initializer = Initializer(argument: Argument.self, mainActorDependencies: (any APIClient).self) {
///         id, api in EpisodeViewModel(episodeID: id, api: api)
///     }
/// }
///
/// @MainActor func showEpisode(_ id: EpisodeID) throws {
///     let model = try injector.getObject(EpisodeViewModel.self, argument: id)
/// }
/// ```
///
/// `getObject(_:argument:)` accepts only an `Argument`: an argument of another type
/// does not compile. The argument has no default: a request that passes none (a
/// requirement, an initializer dependency, `getObject(EpisodeViewModel.self)`)
/// throws ``InjectionError/Kind-swift.struct/argumentMismatch`` naming the argument
/// type, and ``Injector/validate(roots:isolation:)`` reports every requirement that
/// would. An object that builds such objects later holds a ``Provider`` and calls it
/// with the argument: `try detail(argument: id)`.
///
/// For more than one value, make `Argument` a struct or a tuple
/// (`typealias Argument = (id: EpisodeID, autoplay: Bool)`).
public protocol TakesArgument {
    /// The type of the argument the type's ``Initializer`` reads.
    associatedtype Argument: Sendable
}
