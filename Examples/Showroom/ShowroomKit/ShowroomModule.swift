import Instill

/// The showroom's configuration: which gear box, which lights.
package struct ShowroomModule: Module {
    package init() {}

    package func configure(_ binder: Binder) {
        binder.bind((any GearBox).self, to: SixSpeedManual.self)
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: .left) }
        binder.bind(Headlight.self, named: "right") { _ in Headlight(side: .right) }
    }
}
