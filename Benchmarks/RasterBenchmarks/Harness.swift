import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic time in seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// A frame buffer in a shared mapping, as a wl_shm pool would hand out, faulted in before timing.
final class FrameBuffer {
    let width: Int, height: Int, stride: Int, bytes: Int
    let pixels: UnsafeMutableRawPointer

    init(width: Int, height: Int, fill: UInt8 = 0) {
        self.width = width; self.height = height; stride = width * 4; bytes = stride * height
        let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        guard let p, p != MAP_FAILED else {
            FileHandle.standardError.write("RasterBenchmarks: mmap of \(bytes) bytes failed\n".data(using: .utf8)!)
            exit(1)
        }
        pixels = p
        memset(pixels, Int32(fill), bytes)
    }

    deinit { munmap(pixels, bytes) }
}

/// One timed case: `frame(n)` draws frame n; `cycle` makes the timed count a multiple of a scene period.
struct BenchCase {
    let name: String
    let cycle: Int
    let prime: ((Int) -> Void)?
    let frame: (Int) -> Void
}

struct Timing {
    var budget = 0.25
    var minFrames = 30
    var maxFrames = 3000

    /// Median milliseconds per frame after a warm-up of ≥ 10 frames and ≥ 0.1 s.
    func run(_ c: BenchCase) -> Double {
        var f = 1
        c.prime?(0)
        let t0 = now()
        var warm = 0
        while warm < 10 || now() - t0 < 0.1 || f % c.cycle != 0 { c.frame(f); f += 1; warm += 1 }
        let est = (now() - t0) / Double(warm)
        var n = max(minFrames, min(maxFrames, Int(budget / max(est, 1e-7))))
        n = (n + c.cycle - 1) / c.cycle * c.cycle
        var times = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let a = now()
            c.frame(f); f += 1
            times[i] = (now() - a) * 1000
        }
        times.sort()
        return n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// 0 … span … 0, repeating: the bounce of the moving scenes.
func triangleWave(_ v: Int, _ span: Int) -> Int {
    guard span > 0 else { return 0 }
    let p = v % (2 * span)
    return p <= span ? p : 2 * span - p
}
