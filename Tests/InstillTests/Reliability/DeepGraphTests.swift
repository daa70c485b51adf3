import Dispatch
import Foundation
import Testing

@testable import Instill

// Deep graphs: a first, cold build recurses once per level. It completes, or stops
// with a typed depthLimit error naming the depth and the chain: never a crash, on
// threads with large and small stacks.

// MARK: - Fixtures: a chain of distinct types, each requiring the next

private protocol ChainLink: AnyObject {
    var nextLink: (any ChainLink)? { get }
}

private final class Level0: Injectable, ChainLink {
    var next: Level1!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level0.next) }
    init() {}
}

private final class Level1: Injectable, ChainLink {
    var next: Level2!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level1.next) }
    init() {}
}

private final class Level2: Injectable, ChainLink {
    var next: Level3!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level2.next) }
    init() {}
}

private final class Level3: Injectable, ChainLink {
    var next: Level4!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level3.next) }
    init() {}
}

private final class Level4: Injectable, ChainLink {
    var next: Level5!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level4.next) }
    init() {}
}

private final class Level5: Injectable, ChainLink {
    var next: Level6!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level5.next) }
    init() {}
}

private final class Level6: Injectable, ChainLink {
    var next: Level7!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level6.next) }
    init() {}
}

private final class Level7: Injectable, ChainLink {
    var next: Level8!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level7.next) }
    init() {}
}

private final class Level8: Injectable, ChainLink {
    var next: Level9!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level8.next) }
    init() {}
}

private final class Level9: Injectable, ChainLink {
    var next: Level10!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level9.next) }
    init() {}
}

private final class Level10: Injectable, ChainLink {
    var next: Level11!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level10.next) }
    init() {}
}

private final class Level11: Injectable, ChainLink {
    var next: Level12!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level11.next) }
    init() {}
}

private final class Level12: Injectable, ChainLink {
    var next: Level13!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level12.next) }
    init() {}
}

private final class Level13: Injectable, ChainLink {
    var next: Level14!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level13.next) }
    init() {}
}

private final class Level14: Injectable, ChainLink {
    var next: Level15!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level14.next) }
    init() {}
}

private final class Level15: Injectable, ChainLink {
    var next: Level16!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level15.next) }
    init() {}
}

private final class Level16: Injectable, ChainLink {
    var next: Level17!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level16.next) }
    init() {}
}

private final class Level17: Injectable, ChainLink {
    var next: Level18!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level17.next) }
    init() {}
}

private final class Level18: Injectable, ChainLink {
    var next: Level19!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level18.next) }
    init() {}
}

private final class Level19: Injectable, ChainLink {
    var next: Level20!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level19.next) }
    init() {}
}

private final class Level20: Injectable, ChainLink {
    var next: Level21!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level20.next) }
    init() {}
}

private final class Level21: Injectable, ChainLink {
    var next: Level22!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level21.next) }
    init() {}
}

private final class Level22: Injectable, ChainLink {
    var next: Level23!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level22.next) }
    init() {}
}

private final class Level23: Injectable, ChainLink {
    var next: Level24!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level23.next) }
    init() {}
}

private final class Level24: Injectable, ChainLink {
    var next: Level25!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level24.next) }
    init() {}
}

private final class Level25: Injectable, ChainLink {
    var next: Level26!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level25.next) }
    init() {}
}

private final class Level26: Injectable, ChainLink {
    var next: Level27!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level26.next) }
    init() {}
}

private final class Level27: Injectable, ChainLink {
    var next: Level28!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level27.next) }
    init() {}
}

private final class Level28: Injectable, ChainLink {
    var next: Level29!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level28.next) }
    init() {}
}

private final class Level29: Injectable, ChainLink {
    var next: Level30!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level29.next) }
    init() {}
}

private final class Level30: Injectable, ChainLink {
    var next: Level31!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level30.next) }
    init() {}
}

private final class Level31: Injectable, ChainLink {
    var next: Level32!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level31.next) }
    init() {}
}

private final class Level32: Injectable, ChainLink {
    var next: Level33!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level32.next) }
    init() {}
}

private final class Level33: Injectable, ChainLink {
    var next: Level34!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level33.next) }
    init() {}
}

private final class Level34: Injectable, ChainLink {
    var next: Level35!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level34.next) }
    init() {}
}

private final class Level35: Injectable, ChainLink {
    var next: Level36!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level35.next) }
    init() {}
}

private final class Level36: Injectable, ChainLink {
    var next: Level37!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level36.next) }
    init() {}
}

private final class Level37: Injectable, ChainLink {
    var next: Level38!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level37.next) }
    init() {}
}

private final class Level38: Injectable, ChainLink {
    var next: Level39!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level38.next) }
    init() {}
}

private final class Level39: Injectable, ChainLink {
    var next: Level40!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level39.next) }
    init() {}
}

private final class Level40: Injectable, ChainLink {
    var next: Level41!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level40.next) }
    init() {}
}

private final class Level41: Injectable, ChainLink {
    var next: Level42!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level41.next) }
    init() {}
}

private final class Level42: Injectable, ChainLink {
    var next: Level43!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level42.next) }
    init() {}
}

private final class Level43: Injectable, ChainLink {
    var next: Level44!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level43.next) }
    init() {}
}

private final class Level44: Injectable, ChainLink {
    var next: Level45!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level44.next) }
    init() {}
}

private final class Level45: Injectable, ChainLink {
    var next: Level46!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level45.next) }
    init() {}
}

private final class Level46: Injectable, ChainLink {
    var next: Level47!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level46.next) }
    init() {}
}

private final class Level47: Injectable, ChainLink {
    var next: Level48!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level47.next) }
    init() {}
}

private final class Level48: Injectable, ChainLink {
    var next: Level49!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level48.next) }
    init() {}
}

private final class Level49: Injectable, ChainLink {
    var next: Level50!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level49.next) }
    init() {}
}

private final class Level50: Injectable, ChainLink {
    var next: Level51!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level50.next) }
    init() {}
}

private final class Level51: Injectable, ChainLink {
    var next: Level52!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level51.next) }
    init() {}
}

private final class Level52: Injectable, ChainLink {
    var next: Level53!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level52.next) }
    init() {}
}

private final class Level53: Injectable, ChainLink {
    var next: Level54!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level53.next) }
    init() {}
}

private final class Level54: Injectable, ChainLink {
    var next: Level55!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level54.next) }
    init() {}
}

private final class Level55: Injectable, ChainLink {
    var next: Level56!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level55.next) }
    init() {}
}

private final class Level56: Injectable, ChainLink {
    var next: Level57!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level56.next) }
    init() {}
}

private final class Level57: Injectable, ChainLink {
    var next: Level58!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level57.next) }
    init() {}
}

private final class Level58: Injectable, ChainLink {
    var next: Level59!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level58.next) }
    init() {}
}

private final class Level59: Injectable, ChainLink {
    var next: Level60!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level59.next) }
    init() {}
}

private final class Level60: Injectable, ChainLink {
    var next: Level61!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level60.next) }
    init() {}
}

private final class Level61: Injectable, ChainLink {
    var next: Level62!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level61.next) }
    init() {}
}

private final class Level62: Injectable, ChainLink {
    var next: Level63!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level62.next) }
    init() {}
}

private final class Level63: Injectable, ChainLink {
    var next: Level64!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level63.next) }
    init() {}
}

private final class Level64: Injectable, ChainLink {
    var next: Level65!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level64.next) }
    init() {}
}

private final class Level65: Injectable, ChainLink {
    var next: Level66!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level65.next) }
    init() {}
}

private final class Level66: Injectable, ChainLink {
    var next: Level67!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level66.next) }
    init() {}
}

private final class Level67: Injectable, ChainLink {
    var next: Level68!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level67.next) }
    init() {}
}

private final class Level68: Injectable, ChainLink {
    var next: Level69!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level68.next) }
    init() {}
}

private final class Level69: Injectable, ChainLink {
    var next: Level70!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level69.next) }
    init() {}
}

private final class Level70: Injectable, ChainLink {
    var next: Level71!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level70.next) }
    init() {}
}

private final class Level71: Injectable, ChainLink {
    var next: Level72!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level71.next) }
    init() {}
}

private final class Level72: Injectable, ChainLink {
    var next: Level73!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level72.next) }
    init() {}
}

private final class Level73: Injectable, ChainLink {
    var next: Level74!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level73.next) }
    init() {}
}

private final class Level74: Injectable, ChainLink {
    var next: Level75!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level74.next) }
    init() {}
}

private final class Level75: Injectable, ChainLink {
    var next: Level76!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level75.next) }
    init() {}
}

private final class Level76: Injectable, ChainLink {
    var next: Level77!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level76.next) }
    init() {}
}

private final class Level77: Injectable, ChainLink {
    var next: Level78!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level77.next) }
    init() {}
}

private final class Level78: Injectable, ChainLink {
    var next: Level79!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level78.next) }
    init() {}
}

private final class Level79: Injectable, ChainLink {
    var next: Level80!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level79.next) }
    init() {}
}

private final class Level80: Injectable, ChainLink {
    var next: Level81!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level80.next) }
    init() {}
}

private final class Level81: Injectable, ChainLink {
    var next: Level82!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level81.next) }
    init() {}
}

private final class Level82: Injectable, ChainLink {
    var next: Level83!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level82.next) }
    init() {}
}

private final class Level83: Injectable, ChainLink {
    var next: Level84!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level83.next) }
    init() {}
}

private final class Level84: Injectable, ChainLink {
    var next: Level85!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level84.next) }
    init() {}
}

private final class Level85: Injectable, ChainLink {
    var next: Level86!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level85.next) }
    init() {}
}

private final class Level86: Injectable, ChainLink {
    var next: Level87!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level86.next) }
    init() {}
}

private final class Level87: Injectable, ChainLink {
    var next: Level88!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level87.next) }
    init() {}
}

private final class Level88: Injectable, ChainLink {
    var next: Level89!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level88.next) }
    init() {}
}

private final class Level89: Injectable, ChainLink {
    var next: Level90!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level89.next) }
    init() {}
}

private final class Level90: Injectable, ChainLink {
    var next: Level91!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level90.next) }
    init() {}
}

private final class Level91: Injectable, ChainLink {
    var next: Level92!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level91.next) }
    init() {}
}

private final class Level92: Injectable, ChainLink {
    var next: Level93!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level92.next) }
    init() {}
}

private final class Level93: Injectable, ChainLink {
    var next: Level94!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level93.next) }
    init() {}
}

private final class Level94: Injectable, ChainLink {
    var next: Level95!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level94.next) }
    init() {}
}

private final class Level95: Injectable, ChainLink {
    var next: Level96!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level95.next) }
    init() {}
}

private final class Level96: Injectable, ChainLink {
    var next: Level97!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level96.next) }
    init() {}
}

private final class Level97: Injectable, ChainLink {
    var next: Level98!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level97.next) }
    init() {}
}

private final class Level98: Injectable, ChainLink {
    var next: Level99!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level98.next) }
    init() {}
}

private final class Level99: Injectable, ChainLink {
    var next: Level100!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level99.next) }
    init() {}
}

private final class Level100: Injectable, ChainLink {
    var next: Level101!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level100.next) }
    init() {}
}

private final class Level101: Injectable, ChainLink {
    var next: Level102!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level101.next) }
    init() {}
}

private final class Level102: Injectable, ChainLink {
    var next: Level103!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level102.next) }
    init() {}
}

private final class Level103: Injectable, ChainLink {
    var next: Level104!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level103.next) }
    init() {}
}

private final class Level104: Injectable, ChainLink {
    var next: Level105!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level104.next) }
    init() {}
}

private final class Level105: Injectable, ChainLink {
    var next: Level106!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level105.next) }
    init() {}
}

private final class Level106: Injectable, ChainLink {
    var next: Level107!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level106.next) }
    init() {}
}

private final class Level107: Injectable, ChainLink {
    var next: Level108!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level107.next) }
    init() {}
}

private final class Level108: Injectable, ChainLink {
    var next: Level109!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level108.next) }
    init() {}
}

private final class Level109: Injectable, ChainLink {
    var next: Level110!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level109.next) }
    init() {}
}

private final class Level110: Injectable, ChainLink {
    var next: Level111!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level110.next) }
    init() {}
}

private final class Level111: Injectable, ChainLink {
    var next: Level112!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level111.next) }
    init() {}
}

private final class Level112: Injectable, ChainLink {
    var next: Level113!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level112.next) }
    init() {}
}

private final class Level113: Injectable, ChainLink {
    var next: Level114!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level113.next) }
    init() {}
}

private final class Level114: Injectable, ChainLink {
    var next: Level115!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level114.next) }
    init() {}
}

private final class Level115: Injectable, ChainLink {
    var next: Level116!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level115.next) }
    init() {}
}

private final class Level116: Injectable, ChainLink {
    var next: Level117!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level116.next) }
    init() {}
}

private final class Level117: Injectable, ChainLink {
    var next: Level118!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level117.next) }
    init() {}
}

private final class Level118: Injectable, ChainLink {
    var next: Level119!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level118.next) }
    init() {}
}

private final class Level119: Injectable, ChainLink {
    var next: Level120!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level119.next) }
    init() {}
}

private final class Level120: Injectable, ChainLink {
    var next: Level121!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level120.next) }
    init() {}
}

private final class Level121: Injectable, ChainLink {
    var next: Level122!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level121.next) }
    init() {}
}

private final class Level122: Injectable, ChainLink {
    var next: Level123!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level122.next) }
    init() {}
}

private final class Level123: Injectable, ChainLink {
    var next: Level124!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level123.next) }
    init() {}
}

private final class Level124: Injectable, ChainLink {
    var next: Level125!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level124.next) }
    init() {}
}

private final class Level125: Injectable, ChainLink {
    var next: Level126!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level125.next) }
    init() {}
}

private final class Level126: Injectable, ChainLink {
    var next: Level127!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level126.next) }
    init() {}
}

private final class Level127: Injectable, ChainLink {
    var next: Level128!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level127.next) }
    init() {}
}

private final class Level128: Injectable, ChainLink {
    var next: Level129!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level128.next) }
    init() {}
}

private final class Level129: Injectable, ChainLink {
    var next: Level130!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level129.next) }
    init() {}
}

private final class Level130: Injectable, ChainLink {
    var next: Level131!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level130.next) }
    init() {}
}

private final class Level131: Injectable, ChainLink {
    var next: Level132!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level131.next) }
    init() {}
}

private final class Level132: Injectable, ChainLink {
    var next: Level133!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level132.next) }
    init() {}
}

private final class Level133: Injectable, ChainLink {
    var next: Level134!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level133.next) }
    init() {}
}

private final class Level134: Injectable, ChainLink {
    var next: Level135!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level134.next) }
    init() {}
}

private final class Level135: Injectable, ChainLink {
    var next: Level136!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level135.next) }
    init() {}
}

private final class Level136: Injectable, ChainLink {
    var next: Level137!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level136.next) }
    init() {}
}

private final class Level137: Injectable, ChainLink {
    var next: Level138!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level137.next) }
    init() {}
}

private final class Level138: Injectable, ChainLink {
    var next: Level139!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level138.next) }
    init() {}
}

private final class Level139: Injectable, ChainLink {
    var next: Level140!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level139.next) }
    init() {}
}

private final class Level140: Injectable, ChainLink {
    var next: Level141!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level140.next) }
    init() {}
}

private final class Level141: Injectable, ChainLink {
    var next: Level142!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level141.next) }
    init() {}
}

private final class Level142: Injectable, ChainLink {
    var next: Level143!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level142.next) }
    init() {}
}

private final class Level143: Injectable, ChainLink {
    var next: Level144!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level143.next) }
    init() {}
}

private final class Level144: Injectable, ChainLink {
    var next: Level145!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level144.next) }
    init() {}
}

private final class Level145: Injectable, ChainLink {
    var next: Level146!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level145.next) }
    init() {}
}

private final class Level146: Injectable, ChainLink {
    var next: Level147!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level146.next) }
    init() {}
}

private final class Level147: Injectable, ChainLink {
    var next: Level148!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level147.next) }
    init() {}
}

private final class Level148: Injectable, ChainLink {
    var next: Level149!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level148.next) }
    init() {}
}

private final class Level149: Injectable, ChainLink {
    var next: Level150!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level149.next) }
    init() {}
}

private final class Level150: Injectable, ChainLink {
    var next: Level151!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level150.next) }
    init() {}
}

private final class Level151: Injectable, ChainLink {
    var next: Level152!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level151.next) }
    init() {}
}

private final class Level152: Injectable, ChainLink {
    var next: Level153!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level152.next) }
    init() {}
}

private final class Level153: Injectable, ChainLink {
    var next: Level154!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level153.next) }
    init() {}
}

private final class Level154: Injectable, ChainLink {
    var next: Level155!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level154.next) }
    init() {}
}

private final class Level155: Injectable, ChainLink {
    var next: Level156!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level155.next) }
    init() {}
}

private final class Level156: Injectable, ChainLink {
    var next: Level157!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level156.next) }
    init() {}
}

private final class Level157: Injectable, ChainLink {
    var next: Level158!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level157.next) }
    init() {}
}

private final class Level158: Injectable, ChainLink {
    var next: Level159!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level158.next) }
    init() {}
}

private final class Level159: Injectable, ChainLink {
    var next: Level160!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level159.next) }
    init() {}
}

private final class Level160: Injectable, ChainLink {
    var next: Level161!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level160.next) }
    init() {}
}

private final class Level161: Injectable, ChainLink {
    var next: Level162!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level161.next) }
    init() {}
}

private final class Level162: Injectable, ChainLink {
    var next: Level163!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level162.next) }
    init() {}
}

private final class Level163: Injectable, ChainLink {
    var next: Level164!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level163.next) }
    init() {}
}

private final class Level164: Injectable, ChainLink {
    var next: Level165!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level164.next) }
    init() {}
}

private final class Level165: Injectable, ChainLink {
    var next: Level166!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level165.next) }
    init() {}
}

private final class Level166: Injectable, ChainLink {
    var next: Level167!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level166.next) }
    init() {}
}

private final class Level167: Injectable, ChainLink {
    var next: Level168!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level167.next) }
    init() {}
}

private final class Level168: Injectable, ChainLink {
    var next: Level169!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level168.next) }
    init() {}
}

private final class Level169: Injectable, ChainLink {
    var next: Level170!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level169.next) }
    init() {}
}

private final class Level170: Injectable, ChainLink {
    var next: Level171!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level170.next) }
    init() {}
}

private final class Level171: Injectable, ChainLink {
    var next: Level172!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level171.next) }
    init() {}
}

private final class Level172: Injectable, ChainLink {
    var next: Level173!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level172.next) }
    init() {}
}

private final class Level173: Injectable, ChainLink {
    var next: Level174!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level173.next) }
    init() {}
}

private final class Level174: Injectable, ChainLink {
    var next: Level175!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level174.next) }
    init() {}
}

private final class Level175: Injectable, ChainLink {
    var next: Level176!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level175.next) }
    init() {}
}

private final class Level176: Injectable, ChainLink {
    var next: Level177!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level176.next) }
    init() {}
}

private final class Level177: Injectable, ChainLink {
    var next: Level178!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level177.next) }
    init() {}
}

private final class Level178: Injectable, ChainLink {
    var next: Level179!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level178.next) }
    init() {}
}

private final class Level179: Injectable, ChainLink {
    var next: Level180!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level179.next) }
    init() {}
}

private final class Level180: Injectable, ChainLink {
    var next: Level181!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level180.next) }
    init() {}
}

private final class Level181: Injectable, ChainLink {
    var next: Level182!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level181.next) }
    init() {}
}

private final class Level182: Injectable, ChainLink {
    var next: Level183!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level182.next) }
    init() {}
}

private final class Level183: Injectable, ChainLink {
    var next: Level184!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level183.next) }
    init() {}
}

private final class Level184: Injectable, ChainLink {
    var next: Level185!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level184.next) }
    init() {}
}

private final class Level185: Injectable, ChainLink {
    var next: Level186!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level185.next) }
    init() {}
}

private final class Level186: Injectable, ChainLink {
    var next: Level187!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level186.next) }
    init() {}
}

private final class Level187: Injectable, ChainLink {
    var next: Level188!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level187.next) }
    init() {}
}

private final class Level188: Injectable, ChainLink {
    var next: Level189!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level188.next) }
    init() {}
}

private final class Level189: Injectable, ChainLink {
    var next: Level190!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level189.next) }
    init() {}
}

private final class Level190: Injectable, ChainLink {
    var next: Level191!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level190.next) }
    init() {}
}

private final class Level191: Injectable, ChainLink {
    var next: Level192!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level191.next) }
    init() {}
}

private final class Level192: Injectable, ChainLink {
    var next: Level193!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level192.next) }
    init() {}
}

private final class Level193: Injectable, ChainLink {
    var next: Level194!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level193.next) }
    init() {}
}

private final class Level194: Injectable, ChainLink {
    var next: Level195!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level194.next) }
    init() {}
}

private final class Level195: Injectable, ChainLink {
    var next: Level196!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level195.next) }
    init() {}
}

private final class Level196: Injectable, ChainLink {
    var next: Level197!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level196.next) }
    init() {}
}

private final class Level197: Injectable, ChainLink {
    var next: Level198!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level197.next) }
    init() {}
}

private final class Level198: Injectable, ChainLink {
    var next: Level199!
    var nextLink: (any ChainLink)? { next }
    static var requires: Requirements { Requirements(\Level198.next) }
    init() {}
}

private final class Level199: Injectable, ChainLink {
    var nextLink: (any ChainLink)? { nil }
    init() {}
}

/// How many levels the chain has.
private let chainLength = 200

/// Follows the chain from `top` to its end.
private func depth(of top: any ChainLink) -> Int {
    var count = 0
    var current: (any ChainLink)? = top
    while let link = current {
        count += 1
        current = link.nextLink
    }
    return count
}

// MARK: - Fixtures: a 10,000-level chain of closure bindings that ask the injector again

private final class Hop: Sendable {
    let next: Hop?
    init(next: Hop?) { self.next = next }
}

private struct HopModule: Module {
    let levels: Int
    func configure(_ binder: Binder) {
        for level in 0..<levels {
            let last = level == levels - 1
            binder.bind(Hop.self, named: "\(level)") { injector in
                Hop(next: last ? nil : try injector.getObject(Hop.self, named: "\(level + 1)"))
            }
        }
    }
}

/// A thread's result: written by the thread before it signals, read after.
private final class ResultBox<Result: Sendable>: @unchecked Sendable {  // handed over through a semaphore
    var result: Result?
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, and waits for it.
private func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.result!
}

/// What a deep request ended with.
private enum Outcome: Sendable {
    case built(depth: Int)
    case tooDeep(InjectionError)
    case other(String)
}

@Suite("Deep graphs")
struct DeepGraphTests {
    @Test("a chain of 200 types builds whole on a thread with a large stack")
    func chainBuilds() throws {
        let outcome = onThread(stackSize: 8 << 20) { () -> Outcome in
            do {
                return .built(depth: depth(of: try Injector().getObject(Level0.self)))
            } catch {
                return .other("\(error)")
            }
        }
        guard case .built(let levels) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(levels == chainLength)
    }

    @Test("the same chain built cold on a 96 KiB thread stops with depthLimit, the depth and the chain")
    func chainStopsOnSmallStack() throws {
        let injector = Injector()
        // 96 KiB: the C library may hand a new thread the cached stack of a finished one
        // up to four times the size asked for, and the suite's other threads have 512 KiB
        // and larger stacks, which hold the whole chain.
        let outcome = onThread(stackSize: 96 << 10) { () -> Outcome in
            do {
                return .built(depth: depth(of: try injector.getObject(Level0.self)))
            } catch let error as InjectionError where error.kind == .depthLimit {
                return .tooDeep(error)
            } catch {
                return .other("\(error)")
            }
        }
        guard case .tooDeep(let error) = outcome else {
            Issue.record("expected depthLimit, got \(outcome)")
            return
        }
        let levels = error.chain.count
        #expect(levels < chainLength)
        if levels > 0 {
            #expect(error.chain.first == "Level0.next")
            #expect(error.chain.last == "Level\(levels - 1).next")
        }
        // The thread may get a larger stack than it asked for (the C library reuses
        // the stacks of finished threads): the message names the one it has.
        #expect(
            error.summary.hasPrefix(
                "building Level\(levels) would nest \(levels + 1) objects deep, and this thread's stack ("))
        #expect(error.summary.hasSuffix(" KiB) has no room for another level."))
        #expect(error.requestedType == "Level0")
        #expect(error.description.contains("To fix: a graph this deep is usually a chain"))
        // The injector is still usable, and nothing half-built was kept.
        #expect(depth(of: try injector.getObject(Level0.self)) == chainLength)
    }

    @Test("once warm, the chain is built from its plan on a small stack, or stops with depthLimit: never a crash")
    func warmChainOnSmallStack() throws {
        let injector = Injector()
        for _ in 0..<3 { _ = try injector.getObject(Level0.self) }
        for stackSize in [256 << 10, 96 << 10] {
            let outcome = onThread(stackSize: stackSize) { () -> Outcome in
                do {
                    return .built(depth: depth(of: try injector.getObject(Level0.self)))
                } catch let error as InjectionError where error.kind == .depthLimit {
                    return .tooDeep(error)
                } catch {
                    return .other("\(error)")
                }
            }
            switch outcome {
            case .built(let levels):
                #expect(levels == chainLength)
            case .tooDeep(let error):
                // Plans check the stack at every level, as the resolver does
                // (sanitizers make their frames much larger).
                #expect(error.chain.first == "Level0.next")
                #expect(error.summary.hasPrefix("building Level"))
            case .other(let message):
                Issue.record("\(message)")
            }
        }
    }

    @Test("validate() on a 96 KiB thread reports the depth instead of overflowing")
    func validateStops() throws {
        // 96 KiB, for the reason `chainStopsOnSmallStack()` gives.
        let kinds = onThread(stackSize: 96 << 10) {
            Injector().validate(roots: [Level0.self]).problems.map(\.kind)
        }
        #expect(kinds == [.depthLimit])
        #expect(Injector().validate(roots: [Level0.self]).isValid)
    }

    @Test(
        "a 10,000-level chain of re-entrant requests completes or stops with depthLimit, on 8 MiB and 512 KiB stacks",
        arguments: [8 << 20, 512 << 10])
    func tenThousandLevels(stackSize: Int) throws {
        let injector = try Injector(modules: [HopModule(levels: 10_000)])
        let outcome = onThread(stackSize: stackSize) { () -> Outcome in
            do {
                var count = 0
                var hop: Hop? = try injector.getObject(Hop.self, named: "0")
                while let current = hop {
                    count += 1
                    hop = current.next
                }
                return .built(depth: count)
            } catch let error as InjectionError where error.kind == .depthLimit {
                return .tooDeep(error)
            } catch {
                return .other("\(error)")
            }
        }
        switch outcome {
        case .built(let levels):
            print("10,000 levels on a \(stackSize >> 10) KiB stack: built")
            #expect(levels == 10_000)
        case .tooDeep(let error):
            print("10,000 levels on a \(stackSize >> 10) KiB stack: depthLimit at \(error.chain.count) levels")
            #expect(error.chain.count > 10)
            // A chain longer than a message shows whole is shown by its ends.
            #expect(error.description.contains(" more … → ") == (error.chain.count > 24))
            #expect(error.summary.hasSuffix("has no room for another level."))
        case .other(let message):
            Issue.record("\(message)")
        }
    }
}
