import CompositorHarness
import Foundation
import Testing

@testable import WaylandClient

/// The buffer life cycle: two buffers, a third only while both are held, ages, release and resize.
@Suite @MainActor struct BufferPoolTests {
    @Test func growsToThreeOnlyWhenBothAreHeldAndTracksAges() throws {
        let weston = try Compositor.start(.weston)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let pool = BufferPool(shm: session.shm)

        let first = try #require(try pool.acquire(width: 64, height: 32))
        #expect(first.age == 0 && first.stride == 256)
        // A free buffer is reused rather than a new one made.
        #expect(try pool.acquire(width: 64, height: 32) === first)
        pool.submitted(first)
        let second = try #require(try pool.acquire(width: 64, height: 32))
        #expect(second !== first)
        pool.submitted(second)
        #expect(first.age == 2 && second.age == 1)
        #expect(try pool.acquire(width: 64, height: 32, mayAddThird: false) == nil, "a frame that can wait makes none")
        let third = try #require(try pool.acquire(width: 64, height: 32))
        #expect(pool.buffers.count == 3)
        pool.submitted(third)
        #expect([first.age, second.age, third.age] == [Int]([3, 2, 1]))
        #expect(try pool.acquire(width: 64, height: 32) == nil, "all three are held: the caller must wait")
    }

    @Test func compositorReleaseFreesTheBufferAndResizeRetiresOldOnes() throws {
        let weston = try Compositor.start(.weston)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let surface = session.compositor.createSurface()
        let pool = BufferPool(shm: session.shm)
        var releases = 0
        pool.onBufferReleased = { releases += 1 }

        let first = try #require(try pool.acquire(width: 40, height: 40))
        surface.attach(buffer: first.wlBuffer, x: 0, y: 0)
        surface.commit()
        pool.submitted(first)
        let second = try #require(try pool.acquire(width: 40, height: 40))
        surface.attach(buffer: second.wlBuffer, x: 0, y: 0)
        surface.commit()
        pool.submitted(second)
        try session.connection.roundtrip()
        // Replacing the first buffer lets the compositor give it back.
        #expect(!first.isBusy && second.isBusy && releases >= 1)
        #expect(try pool.acquire(width: 40, height: 40) === first, "the free buffer holding the older frame is reused")

        // A new size: the free buffer is destroyed now, the held one when released.
        let resized = try #require(try pool.acquire(width: 50, height: 30))
        #expect(resized.width == 50 && resized.age == 0)
        #expect(pool.buffers.contains { $0 === second } && !pool.buffers.contains { $0 === first })
        surface.attach(buffer: resized.wlBuffer, x: 0, y: 0)
        surface.commit()
        pool.submitted(resized)
        try session.connection.roundtrip()
        #expect(pool.buffers.allSatisfy { $0.width == 50 })
    }

    @Test func impossibleSizesAreErrorsNotCrashes() throws {
        let weston = try Compositor.start(.weston)
        let session = try WaylandSession(displayName: weston.socketPath)
        defer { session.connection.disconnect() }
        let pool = BufferPool(shm: session.shm)
        #expect(throws: BufferPool.Failure.self) { _ = try pool.acquire(width: 0, height: 10) }
        #expect(throws: BufferPool.Failure.self) { _ = try pool.acquire(width: 70_000, height: 70_000) }
    }
}
