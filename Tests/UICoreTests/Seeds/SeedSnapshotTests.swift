import Foundation
import Testing
@testable import UICore

@MainActor
@Suite struct SeedSnapshotTests {
    @Test func probe() {
        let g0 = makeGraph(ContentView(), width: 400, height: 800)
        g0.update()
        print(g0.displayList.description)
        print(g0.hitTestTree.description)
        let g1 = makeGraph(DraggableCircle(), width: 400, height: 400)
        g1.update()
        print(g1.displayList.description)
        print(g1.hitTestTree.description)
        let g2 = makeGraph(ScopeView(), width: 600, height: 400)
        g2.update()
        print(g2.displayList.description)
        print(g2.hitTestTree.description)
        #expect(Bool(true))
    }
}
