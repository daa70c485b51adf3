import Instill
import Swinject

// An app's screen, as one is assembled each time it is shown: a process-wide analytics
// singleton, an image loader bound to a protocol by a closure, a formatter bound by
// name, a session shared within the request by the screen and its header (`.graph`), a
// provider the screen calls three times in its awake to make its cells, and a lazy
// details object that the operation never reads.
//
// Requirements are declared in the form DeclaringRequirements recommends for property
// requirements: the screen's `Injectable` classes in one `fills` with one closure, and
// each requirement of another kind (a protocol, a named binding, a provider, a lazy)
// in a `fills` of its own, joined with `+`. No key path is made.
//
// The screen Instill builds holds a `Provider<Cell>` and a `Lazy<Details>`, which only
// an injector makes; the hand-written code and Swinject build `WiredScreen`, the same
// screen with a closure in place of each (Swinject 2.10 has `Provider` and `Lazy` types
// of its own, which is why Instill's are written with the module's name here; these
// registrations use closures, as most Swinject code does). Every other class is the
// same in every variant.

final class Analytics: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

protocol ImageLoading: AnyObject {
    var cacheSize: Int { get }
}

final class DefaultImageLoader: ImageLoading {
    let cacheSize = 64
    init() {}
}

/// Bound by name ("short"), with a closure.
final class LabelFormatter {
    let style: String
    init(style: String) { self.style = style }
}

/// One per request: the screen and its header share it.
final class Session: Injectable {
    static let scope: Scope = .graph
    var user = 7
    init() {}
}

final class Header: Injectable {
    var session: Session!
    static var requires: Requirements { fills(Session.self) { $0.session = $1 } }
    init() {}
}

final class Cell: Injectable {
    var row = 0
    init() {}
}

/// Never built during the operation: the screen holds it lazily.
final class Details: Injectable {
    init() {}
}

final class Screen: Injectable {
    var analytics: Analytics!
    var session: Session!
    var header: Header!
    var imageLoader: (any ImageLoading)!
    var formatter: LabelFormatter!
    var makeCell: Instill.Provider<Cell>!
    var details: Instill.Lazy<Details>!
    var cells: [Cell] = []

    static var requires: Requirements {
        fills(Analytics.self, Session.self, Header.self) {
            $0.analytics = $1
            $0.session = $2
            $0.header = $3
        }
            + fills((any ImageLoading).self) { $0.imageLoader = $1 }
            + fills(LabelFormatter.self, named: "short") { $0.formatter = $1 }
            + fills(Instill.Provider<Cell>.self) { $0.makeCell = $1 }
            + fills(Instill.Lazy<Details>.self) { $0.details = $1 }
    }

    init() {}

    /// Makes the screen's cells. A cell that cannot be made is a broken configuration,
    /// which the benchmark's setup would have found.
    func awakeFromInjection() {
        cells = [try! makeCell(), try! makeCell(), try! makeCell()]
    }
}

struct ScreenModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any ImageLoading).self) { _ in DefaultImageLoader() }
        binder.bind(LabelFormatter.self, named: "short") { _ in LabelFormatter(style: "short") }
    }
}

/// The screen the hand-written code and Swinject build: `Screen`, with a closure that
/// makes a cell in place of the provider, and a `lazy var` over a closure in place of
/// the lazy.
final class WiredScreen {
    var analytics: Analytics!
    var session: Session!
    var header: Header!
    var imageLoader: (any ImageLoading)!
    var formatter: LabelFormatter!
    var makeCell: (() -> Cell)!
    var makeDetails: (() -> Details)!
    lazy var details: Details = makeDetails()
    var cells: [Cell] = []

    init() {}

    /// What `Screen.awakeFromInjection()` does, called by whoever assembled the screen.
    func awake() {
        cells = [makeCell(), makeCell(), makeCell()]
    }
}

/// The app's analytics, made once for the process.
enum HandWrittenScreenServices {
    static let analytics = Analytics()
}

/// A screen built by hand: one new session, shared by the screen and its header.
func makeScreenByHand() -> WiredScreen {
    let screen = WiredScreen()
    let session = Session()
    let header = Header()
    header.session = session
    screen.analytics = HandWrittenScreenServices.analytics
    screen.session = session
    screen.header = header
    screen.imageLoader = DefaultImageLoader()
    screen.formatter = LabelFormatter(style: "short")
    screen.makeCell = { Cell() }
    screen.makeDetails = { Details() }
    screen.awake()
    return screen
}

/// Swinject registrations for the screen: `.transient` except the analytics
/// (`.container`) and the session (`.graph`, one per `resolve`).
func registerScreen(in container: Container) {
    container.register(Analytics.self) { _ in Analytics() }.inObjectScope(.container)
    container.register(Session.self) { _ in Session() }.inObjectScope(.graph)
    container.register(Header.self) { resolver in
        let header = Header()
        header.session = resolver.resolve(Session.self)!
        return header
    }.inObjectScope(.transient)
    container.register((any ImageLoading).self) { _ in DefaultImageLoader() }.inObjectScope(.transient)
    container.register(LabelFormatter.self, name: "short") { _ in LabelFormatter(style: "short") }
        .inObjectScope(.transient)
    container.register(Cell.self) { _ in Cell() }.inObjectScope(.transient)
    container.register(Details.self) { _ in Details() }.inObjectScope(.transient)
    container.register(WiredScreen.self) { resolver in
        let screen = WiredScreen()
        screen.analytics = resolver.resolve(Analytics.self)!
        screen.session = resolver.resolve(Session.self)!
        screen.header = resolver.resolve(Header.self)!
        screen.imageLoader = resolver.resolve((any ImageLoading).self)!
        screen.formatter = resolver.resolve(LabelFormatter.self, name: "short")!
        screen.makeCell = { resolver.resolve(Cell.self)! }
        screen.makeDetails = { resolver.resolve(Details.self)! }
        screen.awake()
        return screen
    }.inObjectScope(.transient)
}

/// Whether `screen` is assembled as every variant must assemble it (the lazy details
/// are not read).
func isComplete(_ screen: Screen) -> Bool {
    screen.analytics != nil && screen.imageLoader is DefaultImageLoader && screen.formatter?.style == "short"
        && screen.session != nil && screen.header?.session === screen.session && screen.details != nil
        && screen.cells.count == 3 && screen.cells[0] !== screen.cells[1] && screen.cells[1] !== screen.cells[2]
}

/// Whether `screen` is assembled as every variant must assemble it (the lazy details
/// are not read).
func isComplete(_ screen: WiredScreen) -> Bool {
    screen.analytics != nil && screen.imageLoader is DefaultImageLoader && screen.formatter?.style == "short"
        && screen.session != nil && screen.header?.session === screen.session && screen.makeDetails != nil
        && screen.cells.count == 3 && screen.cells[0] !== screen.cells[1] && screen.cells[1] !== screen.cells[2]
}

/// Whether two screens share their analytics and nothing else: each request has a
/// session of its own.
func shareOnlyAnalytics(_ first: Screen, _ second: Screen) -> Bool {
    first.analytics === second.analytics && first.session !== second.session && first.header !== second.header
}

func shareOnlyAnalytics(_ first: WiredScreen, _ second: WiredScreen) -> Bool {
    first.analytics === second.analytics && first.session !== second.session && first.header !== second.header
}
