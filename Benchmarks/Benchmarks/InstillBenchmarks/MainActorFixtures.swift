import Instill

// A main-actor view model, as an app builds one for each screen: a nonisolated
// repository (a singleton bound to a protocol) and a formatter (new each time) through
// its initializer, a main-actor session singleton through a property, and an awake.
// Both variants run on the main actor: in the benchmark, a million builds per hop
// to it (see MainActorBenchmarks.swift); in the instruction probe, on the main
// thread without a hop.

protocol ProfileRepository: AnyObject, Sendable {
    func displayName(of user: Int) -> String
}

final class MemoryProfiles: ProfileRepository, Injectable {
    static let scope: Scope = .singleton
    init() {}
    func displayName(of user: Int) -> String { user == 7 ? "Ada" : "?" }
}

final class NameStyle: Injectable, Sendable {
    init() {}
}

@MainActor
final class UserSession: MainActorInjectable {
    static let scope: Scope = .singleton
    var user = 7
    init() {}
}

@MainActor
final class ProfileViewModel: MainActorInjectable {
    let repository: any ProfileRepository
    let style: NameStyle
    var session: UserSession!
    var isReady = false

    init(repository: any ProfileRepository, style: NameStyle) {
        self.repository = repository
        self.style = style
    }

    static let initializer = Initializer(mainActorDependencies: (any ProfileRepository).self, NameStyle.self) {
        ProfileViewModel(repository: $0, style: $1)
    }
    static var requires: Requirements { Requirements(\ProfileViewModel.session) }

    func awakeFromInjection() { isReady = session.user == 7 }
}

struct ProfileModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any ProfileRepository).self, to: MemoryProfiles.self)
    }
}

/// The shared objects the hand-written variant reuses, as an app's composition root keeps them.
@MainActor
enum HandWiredProfiles {
    static let repository = MemoryProfiles()
    static let session = UserSession()

    static func make() -> ProfileViewModel {
        let model = ProfileViewModel(repository: repository, style: NameStyle())
        model.session = session
        model.awakeFromInjection()
        return model
    }
}

let profileInjector: Injector = {
    do {
        return try Injector(modules: [ProfileModule()])
    } catch {
        fatalError("\(error)")
    }
}()
